package io.reveille.wake.control;

import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/**
 * A run's log entry as the steps of a run read it: "not there" is believed only in a healthy
 * transaction. Hibernate answers {@code find} with {@code null} instead of the error once a failed
 * statement has marked the transaction for rollback (HHH-12472), so a database outage would look
 * like a deleted agent or a run another delivery finished, and the job would be dropped.
 *
 * <p>{@code MANDATORY}: it reads in the transaction of the step that asks, never in one of its own.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
class RunEntries {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** The container's registry, to tell a failed transaction's empty answers from real ones. */
  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * The run's log entry, or null when it is gone.
   *
   * @throws IllegalStateException when it is not found in a transaction marked for rollback
   */
  public WakeRunLogEntry find(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      requireHealthyTransaction(runKey);
    }
    return entry;
  }

  /**
   * Refuses to take "not found" for an answer in a transaction a failed statement marked for
   * rollback. The exception leaves the delivery, and the broker brings the job back.
   */
  public void requireHealthyTransaction(String runKey) {
    if (transactions != null && transactions.getRollbackOnly()) {
      throw new IllegalStateException(
          "Run "
              + runKey
              + ": the database failed under this transaction (marked for rollback);"
              + " the delivery is retried");
    }
  }
}
