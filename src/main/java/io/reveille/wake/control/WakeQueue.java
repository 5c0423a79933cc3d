package io.reveille.wake.control;

import java.time.Duration;

/**
 * Where scheduled wakes wait for a consumer: the {@code reveille.wakes} queue.
 *
 * <p>An interface so the scheduling logic stays free of JMS types and unit tests can watch what is
 * enqueued; the JMS adapter sends inside the caller's transaction, so a rolled-back schedule
 * enqueues nothing.
 */
public interface WakeQueue {

  /**
   * Enqueues the run {@code runKey} of {@code agentId}, to be delivered after {@code delay}.
   *
   * @param deliveryId the broker's duplicate-detection id: the run key for a first enqueue,
   *     something derived from it for a deliberate re-enqueue (recovery)
   */
  void enqueue(String agentId, String runKey, Duration delay, String deliveryId);
}
