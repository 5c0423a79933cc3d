package io.reveille.wake.control;

import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.HashMap;
import java.util.Map;

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

  /** The registry key of the entries held back in a transaction ({@link #holdUnwritten}). */
  private static final Object HELD = RunEntries.class.getName() + ".held";

  /** The container's registry, to tell a failed transaction's empty answers from real ones. */
  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * The run's log entry, or null when it is gone.
   *
   * @throws IllegalStateException when it is not found in a transaction marked for rollback
   */
  public WakeRunLogEntry find(String runKey) {
    var held = held().get(runKey);
    if (held != null) {
      return held;
    }
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      requireHealthyTransaction(runKey);
    }
    return entry;
  }

  /**
   * Keeps {@code entry}, a run just scheduled in this transaction and about to be run within it,
   * out of the persistence context until {@link #write}: Hibernate inserts an entity as it was when
   * it was persisted and then updates what changed since, so a run persisted as queued and
   * completed before the next flush costs an {@code INSERT} and an {@code UPDATE}; persisted once
   * completed, an {@code INSERT} alone. Meanwhile {@link #find} answers with it.
   */
  void holdUnwritten(WakeRunLogEntry entry) {
    if (transactions == null) {
      em.persist(entry); // no transaction to hold it in: written at once
      return;
    }
    held().put(entry.getRunKey(), entry);
  }

  /** Persists {@code entry} if it is held back ({@link #holdUnwritten}); otherwise nothing. */
  void write(WakeRunLogEntry entry) {
    if (held().remove(entry.getRunKey()) != null && !em.contains(entry)) {
      em.persist(entry);
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, WakeRunLogEntry> held() {
    if (transactions == null) {
      return new HashMap<>();
    }
    var held = (Map<String, WakeRunLogEntry>) transactions.getResource(HELD);
    if (held == null) {
      held = new HashMap<>();
      transactions.putResource(HELD, held);
    }
    return held;
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
