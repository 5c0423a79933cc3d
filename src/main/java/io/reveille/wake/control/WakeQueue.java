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
 * enqueues nothing. A transaction that must not enlist the broker (the notification intake's)
 * {@linkplain #holdUntilCommitted holds} its jobs instead, and its caller {@linkplain #send sends}
 * them once it has committed.
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
   * From here until the current transaction ends, holds every job {@linkplain #enqueue enqueued} in
   * it instead of sending it, so that the transaction enlists no broker and commits one-phase;
   * returns the jobs held, for the caller to {@link #send} once the transaction has committed (and
   * to drop if it rolls back). A job held and then not sent (the JVM died after the commit) leaves
   * its run {@code queued} in the run log with no message: start-up recovery, the sweeper, or the
   * batch's redelivery puts it on the queue again.
   *
   * @throws IllegalStateException outside a transaction
   */
  HeldJobs holdUntilCommitted();

  /**
   * Sends jobs a committed transaction held, outside any transaction; each keeps the duplicate id
   * it was enqueued with, so a job sent twice is delivered once (or runs once).
   *
   * @throws IllegalStateException when the broker refused one; those before it are sent
   */
  void send(HeldJobs jobs);

  /** A job as {@link #enqueue} takes it. */
  record Job(String agentId, String runKey, Duration delay, String deliveryId) {}

  /** The jobs a transaction enqueued while {@linkplain #holdUntilCommitted held}, in order. */
  final class HeldJobs {
    private final List<Job> jobs = new java.util.ArrayList<>();

    public void add(Job job) {
      jobs.add(job);
    }

    public List<Job> jobs() {
      return List.copyOf(jobs);
    }

    public boolean isEmpty() {
      return jobs.isEmpty();
    }
  }

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
