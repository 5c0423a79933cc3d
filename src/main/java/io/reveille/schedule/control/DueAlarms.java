package io.reveille.schedule.control;

import io.reveille.schedule.control.AlarmBatches.Claimed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One round of this node's timer clock: fires every alarm due now, in batches of {@code
 * reveille.timer.batch-size} — one transaction, one commit, per batch instead of per firing — until
 * a batch comes back short, and says when the next alarm is due, which the clock sleeps until.
 *
 * <p>Each batch is claimed first, in a short transaction of its own, then fired in one transaction
 * (see {@link AlarmBatches}). A batch that fails (one firing that cannot be done rolls back the
 * whole batch) is retried alarm by alarm, each in its own transaction; an alarm that fails alone is
 * pushed back by {@link #retryDelay} and logged, so it never holds up the others and is tried again
 * later. A failure to reach the database ends the round: nothing was lost, since an alarm leaves
 * the table only with its firing, and what this round had claimed is taken again once the claim has
 * run out.
 */
@ApplicationScoped
public class DueAlarms {

  private static final Logger LOG = Logger.getLogger(DueAlarms.class.getName());

  /** The first retry of a failed alarm waits this long; each further one twice as long. */
  static final Duration FIRST_RETRY = Duration.ofSeconds(5);

  /** The longest wait between two attempts of a failing alarm. */
  static final Duration LONGEST_RETRY = Duration.ofMinutes(1);

  @Inject Clock clock;
  @Inject AlarmBatches batches;
  @Inject ScheduleConfig config;

  /**
   * How many rounds this node may run at once: {@code reveille.timer.workers} where claims skip
   * each other's rows (PostgreSQL), else one.
   */
  public int workers() {
    return batches.claimsSkipLocked() ? config.workers() : 1;
  }

  /**
   * What a round did: how many alarms it claimed, and when the earliest alarm left is due (empty
   * when there is none), read once its firings were done; an alarm the round pushed back counts
   * with its retry.
   */
  public record Round(int claimed, Optional<Instant> nextDue) {}

  /**
   * Fires every alarm due now.
   *
   * @param onFullBatch called whenever a batch comes back full, before it is fired: more alarms are
   *     due than one batch holds, and other workers may help
   */
  public Round fireDue(Runnable onFullBatch) {
    // The first claim takes a slice at most: alarms due together beyond it are shared with the
    // other workers, called in when it comes back full, instead of waiting for one batch to fire
    // them all. The later claims take whole batches (a burst: fewer, larger transactions).
    var limit = Math.min(AlarmBatches.SLICE, config.batchSize());
    var total = 0;
    Optional<Instant> retry = Optional.empty();
    while (true) {
      var claim = batches.claim(clock.instant(), limit);
      if (claim.size() == limit) {
        onFullBatch.run();
      }
      if (!claim.isEmpty()) {
        try {
          batches.fire(claim.alarms());
        } catch (RuntimeException e) {
          LOG.log(
              Level.FINE,
              "A batch of " + claim.size() + " timer alarms failed; firing them one by one",
              e);
          for (var alarm : claim.alarms()) {
            retry = earliest(retry, fireAlone(alarm));
          }
        }
        total += claim.size();
      }
      if (claim.size() < limit) {
        // Read after the firings: they moved their alarms to the next firings.
        var next = claim.isEmpty() ? claim.nextDue() : batches.nextDue();
        return new Round(total, earliest(next, retry));
      }
      limit = config.batchSize();
    }
  }

  private static Optional<Instant> earliest(Optional<Instant> one, Optional<Instant> other) {
    if (one.isEmpty()) {
      return other;
    }
    if (other.isEmpty()) {
      return one;
    }
    return one.get().isBefore(other.get()) ? one : other;
  }

  /** Fires one alarm alone; returns when it is tried again, when it failed and was pushed back. */
  private Optional<Instant> fireAlone(Claimed alarm) {
    try {
      batches.fireOne(alarm);
      return Optional.empty();
    } catch (RuntimeException e) {
      var postponed = batches.postpone(alarm, clock.instant());
      if (postponed.isEmpty()) {
        LOG.log(Level.FINE, "Alarm of timer {0} failed and is gone meanwhile", alarm.timerId());
        return Optional.empty();
      }
      LOG.log(
          Level.WARNING,
          "Alarm of timer "
              + alarm.timerId()
              + " for "
              + alarm.fireAt()
              + " failed ("
              + postponed.get().attempts()
              + " attempt(s)); tried again at "
              + postponed.get().retryAt()
              + ": "
              + e,
          e);
      return Optional.of(postponed.get().retryAt());
    }
  }

  /**
   * How long to wait before the next attempt of an alarm whose last attempt failed, after {@code
   * failedBefore} earlier failures: {@link #FIRST_RETRY}, doubling, at most {@link #LONGEST_RETRY}.
   */
  static Duration retryDelay(int failedBefore) {
    if (failedBefore < 0) {
      throw new IllegalArgumentException("failedBefore must not be negative: " + failedBefore);
    }
    var factor = 1L << Math.min(failedBefore, 20);
    var delay = FIRST_RETRY.multipliedBy(factor);
    return delay.compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : delay;
  }
}
