package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.security.control.Actor;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A manual wake's job goes to the broker only after its entry committed, and a job the broker
 * refuses leaves the wake recorded (the sweeper enqueues it) instead of failing the request.
 */
class ManualWakesTest {

  private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");

  private final List<String> events = new ArrayList<>();

  @Test
  void theHeldJobIsSentOnceTheEntryCommitted() {
    var wakes = manualWakes(false);

    var entry = wakes.wake("agent-1", Optional.of("key-1"), Optional.empty());

    assertEquals("rk-1", entry.getRunKey());
    assertEquals(List.of("committed rk-1", "sent rk-1"), events);
  }

  @Test
  void aJobTheBrokerRefusesLeavesTheWakeRecorded() {
    var wakes = manualWakes(true);

    var entry = wakes.wake("agent-1", Optional.empty(), Optional.empty());

    assertEquals("rk-1", entry.getRunKey());
    assertEquals(List.of("committed rk-1", "refused rk-1"), events);
  }

  private ManualWakes manualWakes(boolean brokerRefuses) {
    var wakes = new ManualWakes();
    wakes.scheduler =
        new WakeScheduler() {
          @Override
          public Scheduled scheduleManualHeld(
              String agentId, Optional<String> idempotencyKey, Optional<Actor> actor) {
            var entry =
                new WakeRunLogEntry(
                    "rk-1",
                    agentId,
                    WakeReason.MANUAL,
                    null,
                    agentId + ":run:rk-1",
                    List.of(),
                    null,
                    T0);
            var jobs = new WakeQueue.HeldJobs();
            jobs.add(new WakeQueue.Job(agentId, "rk-1", Duration.ZERO, "rk-1"));
            events.add("committed rk-1");
            return new Scheduled(entry, jobs);
          }
        };
    wakes.queue =
        new WakeQueue() {
          @Override
          public void enqueue(String agentId, String runKey, Duration delay, String deliveryId) {
            throw new AssertionError("a manual wake's job is held, not sent in its transaction");
          }

          @Override
          public HeldJobs holdUntilCommitted() {
            throw new AssertionError("held by the scheduler's transaction");
          }

          @Override
          public void send(HeldJobs jobs) {
            for (var job : jobs.jobs()) {
              if (brokerRefuses) {
                events.add("refused " + job.runKey());
                throw new IllegalStateException("Cannot enqueue run " + job.runKey());
              }
              events.add("sent " + job.runKey());
            }
          }

          @Override
          public Set<String> waiting(Collection<String> runKeys) {
            return Set.of();
          }

          @Override
          public List<DeadLetteredJob> deadLettered(Collection<String> runKeys) {
            return List.of();
          }
        };
    return wakes;
  }
}
