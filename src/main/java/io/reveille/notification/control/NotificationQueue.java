package io.reveille.notification.control;

/**
 * Where Reveille's own notification batches go (the journal's and the agent domain's): the {@code
 * reveille.own-notifications} queue, to which only Reveille's own broker login may send.
 *
 * <p>An interface so the producers' logic stays free of JMS types and unit tests can watch what is
 * published. The adapter must send inside the caller's transaction: a rolled-back change then
 * publishes nothing.
 */
public interface NotificationQueue {

  /** Publishes one NotificationBatch document (schemaVersion 1 JSON). */
  void publish(String batchDocument);
}
