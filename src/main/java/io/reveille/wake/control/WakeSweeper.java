package io.reveille.wake.control;

import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Heals the wake path while the server runs, on every node at once (each step is idempotent):
 *
 * <ul>
 *   <li>a job the broker dead-lettered fails its run with the reason, counted like any failure,
 *       which frees the agent for its next match (otherwise its {@code queued} run would absorb
 *       every later match while nothing is on the queue);
 *   <li>a started run whose lease ran out (its owner stopped renewing it) goes back on the queue,
 *       where begin runs it again, or, started {@code reveille.wake.max-run-attempts} times
 *       already, gives it up as failed;
 *   <li>a queued job long past due whose message is on no queue is enqueued again;
 *   <li>the records of agents' own changes that no suppression can read any more are purged ({@link
 *       SelfMutations#purgeExpired});
 *   <li>every other feature's {@link SweepStep} (questions past their expiry, say).
 * </ul>
 *
 * A job re-enqueued while its message still exists is delivered twice and runs once. The heartbeat
 * renews the lease of the runs this JVM is executing.
 */
@ApplicationScoped
public class WakeSweeper {

  private static final Logger LOG = Logger.getLogger(WakeSweeper.class.getName());

  /** Runs looked at per step and sweep; the next sweep takes the rest. */
  static final int BATCH = 100;

  @Inject WakeRunSteps steps;
  @Inject RunLeases leases;
  @Inject WakeQueue queue;
  @Inject RunsInFlight inFlight;
  @Inject WakeConfig wakeConfig;
  @Inject SweepConfig config;
  @Inject SelfMutations selfMutations;
  @Inject Clock clock;
  @Inject @Any Instance<SweepStep> moreSteps;

  /** What one sweep did. */
  public record Sweep(int deadLettered, int restarted, int requeued, int purged, int other) {
    public boolean isEmpty() {
      return deadLettered + restarted + requeued + purged + other == 0;
    }
  }

  /** Renews the lease of every run this JVM is executing. */
  public void heartbeat() {
    leases.heartbeat(inFlight.snapshot());
  }

  /** One sweep; a step that fails is logged and the others still run. */
  public Sweep sweep() {
    var deadLettered = step("dead-letter check", this::failDeadLettered, 0);
    var restarted = step("lease check", this::restartExpired, 0);
    var requeued = step("lost-job check", this::requeueLost, 0);
    var purged = step("self-mutation purge", selfMutations::purgeExpired, 0);
    var other = 0;
    for (var more : moreSteps) {
      other += step(more.name(), more::sweep, 0);
    }
    return new Sweep(deadLettered, restarted, requeued, purged, other);
  }

  private static <T> T step(String what, java.util.function.Supplier<T> step, T nothing) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Wake sweep: the " + what + " failed; the next sweep tries again", e);
      return nothing;
    }
  }

  /**
   * Fails the runs whose job the broker dead-lettered: the oldest unfinished runs (queued, or
   * started and held by no thread here) looked up on the dead-letter queue by run key, so that
   * however much the queue holds, what matters is found.
   */
  private int failDeadLettered() {
    var now = clock.instant();
    var candidates = new ArrayList<String>();
    leases.queuedBefore(now, BATCH).forEach(run -> candidates.add(run.getRunKey()));
    leases.startedBefore(now, BATCH).forEach(run -> candidates.add(run.getRunKey()));
    candidates.removeIf(inFlight::contains);
    var deadLettered = queue.deadLettered(candidates);
    if (deadLettered.isEmpty()) {
      return 0;
    }
    // A stale copy on the dead-letter queue of a job that is on the queue again (recovery put it
    // back) fails nothing: that job will run.
    var waiting =
        queue.waiting(deadLettered.stream().map(WakeQueue.DeadLetteredJob::runKey).toList());
    var failed = 0;
    var seen = new HashSet<String>(waiting);
    for (var job : deadLettered) {
      if (seen.add(job.runKey()) && abandon(job.runKey(), "dead-lettered: " + job.reason())) {
        failed++;
      }
    }
    return failed;
  }

  /**
   * Puts started runs whose lease ran out back on the queue; begin runs each again, or gives it up
   * once it has been started {@code reveille.wake.max-run-attempts} times.
   */
  private int restartExpired() {
    var expired =
        leases.startedBefore(clock.instant().minus(wakeConfig.runLease()), BATCH).stream()
            .filter(run -> !inFlight.contains(run.getRunKey()))
            .toList();
    return enqueueUnlessWaiting(expired, "expired");
  }

  private int requeueLost() {
    var cutoff = clock.instant().minus(config.staleQueued());
    var stale =
        leases.queuedBefore(cutoff, BATCH).stream()
            .filter(run -> !inFlight.contains(run.getRunKey()))
            .toList();
    return enqueueUnlessWaiting(stale, "lost");
  }

  private int enqueueUnlessWaiting(List<WakeRunLogEntry> runs, String why) {
    if (runs.isEmpty()) {
      return 0;
    }
    var waiting = queue.waiting(runs.stream().map(WakeRunLogEntry::getRunKey).toList());
    var now = clock.instant();
    var count = 0;
    for (var run : runs) {
      if (waiting.contains(run.getRunKey())) {
        continue;
      }
      // A fresh duplicate-detection id: the broker may still remember the earlier ones.
      queue.enqueue(
          run.getAgentId(),
          run.getRunKey(),
          Duration.ZERO,
          run.getRunKey() + ":sweep:" + now.toEpochMilli());
      LOG.log(
          Level.INFO,
          "Run {0} of agent {1} ({2}: {3}) is on the queue again",
          new Object[] {run.getRunKey(), run.getAgentId(), run.getStatus().wire(), why});
      count++;
    }
    return count;
  }

  private boolean abandon(String runKey, String why) {
    try {
      var abandoned = steps.abandon(runKey, why);
      if (abandoned) {
        LOG.log(Level.WARNING, "Run {0} failed: {1}", new Object[] {runKey, why});
      }
      return abandoned;
    } catch (RuntimeException e) {
      // Another node's sweep (or the run itself) changed it first; the next sweep looks again.
      LOG.log(
          Level.FINE,
          "Run {0} was not given up this time: {1}",
          new Object[] {runKey, e.toString()});
      return false;
    }
  }
}
