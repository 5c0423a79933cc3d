package io.reveille.platform;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Work that must happen only once a transaction has committed, such as counting what it did: a
 * transaction that rolls back (and is tried again, say) is then not counted twice.
 */
public final class AfterCommit {

  private AfterCommit() {}

  /**
   * Does {@code action} once the current transaction has committed; at once outside a transaction
   * (or with no registry, as in unit tests); never for a transaction marked for rollback.
   */
  public static void run(TransactionSynchronizationRegistry transactions, Runnable action) {
    var status =
        transactions == null ? Status.STATUS_NO_TRANSACTION : transactions.getTransactionStatus();
    if (status == Status.STATUS_NO_TRANSACTION) {
      action.run();
      return;
    }
    if (status != Status.STATUS_ACTIVE) {
      // Marked for rollback: it will not commit.
      return;
    }
    transactions.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int completed) {
            if (completed == Status.STATUS_COMMITTED) {
              action.run();
            }
          }
        });
  }
}
