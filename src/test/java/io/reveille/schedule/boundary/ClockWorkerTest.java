package io.reveille.schedule.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.schedule.control.DueAlarms.Round;
import io.reveille.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * A clock worker sleeps until the next alarm, as its round found it, for the longest sleep at most;
 * a wake-up for earlier brings the round forward, one while a round runs is kept for its end; an
 * outdated task does nothing; a stopped worker plans nothing more.
 */
class ClockWorkerTest {

  private static final Instant NOW = Instant.parse("2026-03-29T05:00:00Z");
  private static final Duration LONGEST = Duration.ofSeconds(10);

  private final MovableClock clock = new MovableClock(NOW);

  /** Tasks the worker scheduled, in order, each with its delay; the test runs them by hand. */
  private record Planned(Runnable task, Duration delay, CompletableFuture<Void> future) {}

  private final List<Planned> planned = new ArrayList<>();

  /** What the rounds return, in order; a round with none left fails. */
  private final Deque<Supplier<Round>> rounds = new ArrayDeque<>();

  private int roundsRun;

  private ClockWorker worker() {
    return new ClockWorker(
        "Test clock",
        Logger.getLogger(ClockWorkerTest.class.getName()),
        clock,
        LONGEST,
        () -> {
          roundsRun++;
          return rounds.isEmpty() ? failing() : rounds.poll().get();
        },
        this::schedule);
  }

  private static Round failing() {
    throw new IllegalStateException("database away");
  }

  private Future<?> schedule(Runnable task, Duration delay) {
    var future = new CompletableFuture<Void>();
    planned.add(new Planned(task, delay, future));
    return future;
  }

  private Planned last() {
    return planned.get(planned.size() - 1);
  }

  private void roundReturns(int claimed, Instant nextDue) {
    rounds.add(() -> new Round(claimed, Optional.ofNullable(nextDue)));
  }

  @Test
  void afterARoundItSleepsUntilTheNextAlarmAndNoLongerThanItsLongestSleep() {
    var worker = worker();
    worker.start(Duration.ZERO);
    assertEquals(Duration.ZERO, last().delay());

    roundReturns(3, NOW.plusMillis(1_500));
    last().task().run();
    assertEquals(Duration.ofMillis(1_500), last().delay(), "until the next alarm");

    clock.advance(Duration.ofMillis(1_500));
    roundReturns(1, NOW.plus(Duration.ofHours(1)));
    last().task().run();
    assertEquals(LONGEST, last().delay(), "the next alarm is far: the longest sleep");

    roundReturns(0, null);
    last().task().run();
    assertEquals(LONGEST, last().delay(), "no alarm at all: the longest sleep");
    assertEquals(3, roundsRun);
  }

  @Test
  void anAlarmSetForEarlierThanTheWorkerSleepsBringsTheRoundForwardAndALaterOneDoesNot() {
    var worker = worker();
    worker.start(LONGEST);
    var sleeping = last();

    worker.wakeBy(NOW.plusSeconds(20));
    assertEquals(1, planned.size(), "later than planned: nothing changes");

    worker.wakeBy(NOW.plusMillis(300));
    assertTrue(sleeping.future().isCancelled(), "the long sleep is cancelled");
    assertEquals(Duration.ofMillis(300), last().delay());
    assertEquals(NOW.plusMillis(300), worker.plannedAt());

    // The replaced task could not be cancelled any more (it was starting): it finds itself
    // outdated and runs no round.
    sleeping.task().run();
    assertEquals(0, roundsRun);
  }

  @Test
  void aWakeUpWhileARoundRunsIsKeptForItsEnd() {
    var worker = worker();
    worker.start(Duration.ZERO);
    rounds.add(
        () -> {
          // Committed after the round read when the next alarm is due.
          worker.wakeBy(NOW.plusMillis(200));
          return new Round(1, Optional.of(NOW.plusSeconds(5)));
        });

    last().task().run();

    assertEquals(Duration.ofMillis(200), last().delay());
  }

  @Test
  void anAlarmDueAlreadyButHeldElsewhereIsLookedAtAgainShortlyNotAtOnce() {
    var worker = worker();
    worker.start(Duration.ZERO);
    roundReturns(0, NOW.minusMillis(5));

    last().task().run();

    assertEquals(ClockWorker.HELD_ELSEWHERE, last().delay());
  }

  @Test
  void aFailingRoundIsFollowedByOneAfterTheLongestSleep() {
    var worker = worker();
    worker.start(Duration.ZERO);

    last().task().run();

    assertEquals(1, roundsRun);
    assertEquals(LONGEST, last().delay());
  }

  @Test
  void aStoppedWorkerCancelsItsSleepAndPlansNoMoreRounds() {
    var worker = worker();
    worker.start(Duration.ZERO);
    rounds.add(
        () -> {
          worker.stop();
          return new Round(1, Optional.of(NOW.plusSeconds(1)));
        });
    last().task().run();
    assertEquals(1, planned.size(), "the round that was running when it stopped plans none");
    assertNull(worker.plannedAt());

    worker.wakeBy(NOW);
    assertEquals(1, planned.size(), "a wake-up after the stop plans none");

    var other = worker();
    other.start(LONGEST);
    other.stop();
    assertTrue(last().future().isCancelled());
    last().task().run();
    assertFalse(roundsRun > 1, "a cancelled task runs no round");
  }
}
