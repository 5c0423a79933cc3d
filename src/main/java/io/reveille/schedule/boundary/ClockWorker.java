package io.reveille.schedule.boundary;

import io.reveille.schedule.control.DueAlarms.Round;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One worker of this node's timer clock: runs a round, then sleeps until the next alarm is due, as
 * the round found it, or for {@code longestSleep} at most; a wake-up for an earlier moment ({@link
 * #wakeBy}: an alarm this node set, or a burst another worker met) brings the next round forward.
 * Rounds never run beside each other, and a wake-up that comes while one runs is kept for when it
 * ends, so none is lost between the round's last read and its plan. No thread waits meanwhile: the
 * next round is a task scheduled once, and replaced when a wake-up brings it forward.
 */
final class ClockWorker {

  /**
   * How long a worker waits before it looks again when the earliest alarm is due already but its
   * round claimed nothing (another worker or node holds it): the holder commits within
   * milliseconds, and a round at once would only find it held again.
   */
  static final Duration HELD_ELSEWHERE = Duration.ofMillis(25);

  private final String name;
  private final Logger log;
  private final Clock clock;
  private final Duration longestSleep;
  private final Supplier<Round> round;
  private final BiFunction<Runnable, Duration, Future<?>> scheduler;

  private Instant plannedAt;
  private Future<?> planned;
  private long generation;
  private boolean running;
  private Instant wantedWhileRunning;
  private boolean stopped;

  /**
   * @param round one round: fires what is due, says when the next alarm is
   * @param scheduler runs a task once after a delay; its future cancels it
   */
  ClockWorker(
      String name,
      Logger log,
      Clock clock,
      Duration longestSleep,
      Supplier<Round> round,
      BiFunction<Runnable, Duration, Future<?>> scheduler) {
    this.name = name;
    this.log = log;
    this.clock = clock;
    this.longestSleep = longestSleep;
    this.round = round;
    this.scheduler = scheduler;
  }

  /** Plans the first round {@code after} from now. */
  synchronized void start(Duration after) {
    plan(clock.instant().plus(after));
  }

  /** Brings the next round forward to {@code at}, unless one is planned by then already. */
  synchronized void wakeBy(Instant at) {
    if (stopped) {
      return;
    }
    if (running) {
      if (wantedWhileRunning == null || at.isBefore(wantedWhileRunning)) {
        wantedWhileRunning = at;
      }
      return;
    }
    if (plannedAt == null || at.isBefore(plannedAt)) {
      plan(at);
    }
  }

  /** When the next round is planned; {@code null} while one runs or after {@link #stop}. */
  synchronized Instant plannedAt() {
    return plannedAt;
  }

  /** Cancels the planned round; a round that runs ends and plans none. */
  synchronized void stop() {
    stopped = true;
    if (planned != null) {
      planned.cancel(false);
    }
    planned = null;
    plannedAt = null;
  }

  private void plan(Instant at) {
    if (planned != null) {
      planned.cancel(false);
    }
    plannedAt = at;
    // A replaced task that could not be cancelled any more finds itself outdated and does nothing.
    var task = ++generation;
    var delay = Duration.between(clock.instant(), at);
    planned = scheduler.apply(() -> run(task), delay.isNegative() ? Duration.ZERO : delay);
  }

  private void run(long task) {
    synchronized (this) {
      if (stopped || running || task != generation) {
        return;
      }
      running = true;
      planned = null;
      plannedAt = null;
    }
    Round done = null;
    try {
      done = round.get();
    } catch (RuntimeException e) {
      log.log(Level.WARNING, name + " failed; the next round tries again: " + e, e);
    }
    synchronized (this) {
      running = false;
      if (stopped) {
        return;
      }
      var now = clock.instant();
      var at = now.plus(longestSleep);
      if (done != null && done.nextDue().isPresent()) {
        var due = done.nextDue().get();
        if (done.claimed() == 0 && !due.isAfter(now)) {
          due = now.plus(HELD_ELSEWHERE);
        }
        if (due.isBefore(at)) {
          at = due;
        }
      }
      if (wantedWhileRunning != null && wantedWhileRunning.isBefore(at)) {
        at = wantedWhileRunning;
      }
      wantedWhileRunning = null;
      plan(at);
    }
  }
}
