package io.reveille.wake.control;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;

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

  /**
   * Which of {@code runKeys} have a job on the queue now, waiting or scheduled; a job being
   * delivered this instant may be missed (re-enqueueing it is harmless: the run executes once).
   */
  Set<String> waiting(Collection<String> runKeys);

  /**
   * Which of {@code runKeys} have a job on the wakes dead-letter queue, and why: browsed, left
   * where they are (what an operator finds there stays there).
   */
  List<DeadLetteredJob> deadLettered(Collection<String> runKeys);

  /** A wake job on the dead-letter queue and why it is there. */
  record DeadLetteredJob(String runKey, String agentId, String reason) {}
}
