package io.reveille.notification.control;

/**
 * Where Reveille's own notification batches go (the journal's and the agent domain's): the outbox,
 * from which the server takes them in once the change that wrote them has committed.
 *
 * <p>An interface so the producers' logic stays free of the intake and unit tests can watch what is
 * published. The implementation must write inside the caller's transaction: a rolled-back change
 * then publishes nothing.
 */
public interface NotificationQueue {

  /** Publishes one NotificationBatch document (schemaVersion 1 JSON). */
  void publish(String batchDocument);

  /**
   * Told, while the caller's transaction is still active, that batches will be published as it
   * completes (from a synchronization registered just before this call): an implementation that
   * writes its rows as the transaction completes registers its own synchronization now, after the
   * caller's, so that it is called, and called after it.
   */
  default void publishingAsTransactionCompletes() {}
}
