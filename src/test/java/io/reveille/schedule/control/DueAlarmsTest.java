package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.schedule.control.AlarmBatches.Claimed;
import jakarta.enterprise.inject.Vetoed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The clock's round: batches until one comes back short; a failed batch retried alarm by alarm; an
 * alarm that fails alone pushed back, the others fired; the retry delay doubling up to its cap.
 */
class DueAlarmsTest {

  private static final Instant NOW = Instant.parse("2026-03-29T05:00:00Z");

  /**
   * Alarms to hand out, those that fail whatever the batch, and what happened to each. Vetoed: the
   * test classes share the server's deployment, where it would be a second {@link AlarmBatches}.
   */
  @Vetoed
  static final class Batches extends AlarmBatches {
    final Deque<Claimed> due = new ArrayDeque<>();
    final Set<String> failing = new HashSet<>();
    final List<String> fired = new ArrayList<>();
    final List<String> postponed = new ArrayList<>();
    final List<Integer> claimed = new ArrayList<>();
    RuntimeException unreachable;
    Instant nextDue;
    int nextDueReads;
    int batches;

    @Override
    public Claim claim(Instant now, int limit) {
      if (unreachable != null) {
        throw unreachable;
      }
      var batch = new ArrayList<Claimed>();
      while (batch.size() < limit && !due.isEmpty()) {
        batch.add(due.poll());
      }
      claimed.add(batch.size());
      return new Claim(batch, batch.isEmpty() ? Optional.ofNullable(nextDue) : Optional.empty());
    }

    @Override
    public Optional<Instant> nextDue() {
      nextDueReads++;
      return Optional.ofNullable(nextDue);
    }

    @Override
    public void fire(List<Claimed> alarms) {
      batches++;
      if (alarms.stream().anyMatch(alarm -> failing.contains(alarm.timerId()))) {
        throw new IllegalStateException("one firing of the batch failed");
      }
      alarms.forEach(alarm -> fired.add(alarm.timerId()));
    }

    @Override
    public void fireOne(Claimed alarm) {
      if (failing.contains(alarm.timerId())) {
        throw new IllegalStateException("cannot fire " + alarm.timerId());
      }
      fired.add(alarm.timerId());
    }

    @Override
    public Optional<Postponed> postpone(Claimed alarm, Instant now) {
      postponed.add(alarm.timerId());
      return Optional.of(new Postponed(1, now.plus(DueAlarms.retryDelay(0))));
    }
  }

  private static DueAlarms alarms(Batches batches, int batchSize) {
    var alarms = new DueAlarms();
    alarms.clock = Clock.fixed(NOW, ZoneOffset.UTC);
    alarms.batches = batches;
    alarms.config = new ScheduleConfig(60, 50, 500, batchSize, 1);
    return alarms;
  }

  private static void due(Batches batches, String... timerIds) {
    for (var id : timerIds) {
      batches.due.add(new Claimed("agent-" + id, id, NOW));
    }
  }

  @Test
  void firesInBatchesUntilOneComesBackShort() {
    var batches = new Batches();
    due(batches, "a", "b", "c", "d", "e");

    var fullBatches = new int[1];
    batches.nextDue = NOW.plusSeconds(90);

    var round = alarms(batches, 2).fireDue(() -> fullBatches[0]++);

    assertEquals(new DueAlarms.Round(5, Optional.of(NOW.plusSeconds(90))), round);
    assertEquals(1, batches.nextDueReads, "read once, after the last batch fired");
    assertEquals(List.of("a", "b", "c", "d", "e"), batches.fired);
    assertEquals(3, batches.batches, "2 + 2 + 1");
    assertEquals(2, fullBatches[0], "two full batches: other workers may help");
  }

  @Test
  void theFirstClaimTakesOneSliceSoThatAlarmsDueTogetherAreSharedWithTheOtherWorkers() {
    var batches = new Batches();
    for (var i = 0; i < AlarmBatches.SLICE + 130; i++) {
      due(batches, "t" + i);
    }
    var fullBatches = new int[1];

    var round = alarms(batches, 100).fireDue(() -> fullBatches[0]++);

    assertEquals(AlarmBatches.SLICE + 130, round.claimed());
    assertEquals(
        List.of(AlarmBatches.SLICE, 100, 30), batches.claimed, "a slice, then whole batches");
    assertEquals(2, fullBatches[0], "the helpers called in at the first full claim");
  }

  @Test
  void aFullLastBatchIsFollowedByAClaimThatFindsNothing() {
    var batches = new Batches();
    due(batches, "a", "b");

    assertEquals(2, alarms(batches, 2).fireDue(() -> {}).claimed());
    assertEquals(1, batches.batches);
    var nothing = alarms(batches, 2).fireDue(() -> {});
    assertEquals(new DueAlarms.Round(0, Optional.empty()), nothing, "no alarm at all");
    assertEquals(1, batches.batches);
  }

  @Test
  void aFailedBatchIsFiredAlarmByAlarmAndOnlyTheFailingOneIsPushedBack() {
    var batches = new Batches();
    due(batches, "a", "poison", "c", "d");
    batches.failing.add("poison");

    batches.nextDue = NOW.plusSeconds(3_600);

    var round = alarms(batches, 3).fireDue(() -> {});

    assertEquals(4, round.claimed());
    assertEquals(List.of("a", "c", "d"), batches.fired);
    assertEquals(List.of("poison"), batches.postponed);
    assertEquals(
        Optional.of(NOW.plus(DueAlarms.retryDelay(0))),
        round.nextDue(),
        "the clock wakes for the retry, earlier than the next alarm");
  }

  @Test
  void aDatabaseOutOfReachEndsTheRoundWithItsError() {
    var batches = new Batches();
    due(batches, "a");
    batches.unreachable = new IllegalStateException("connection refused");

    var thrown =
        assertThrows(IllegalStateException.class, () -> alarms(batches, 10).fireDue(() -> {}));
    assertSame(batches.unreachable, thrown);
    assertEquals(List.of(), batches.postponed, "nothing claimed, nothing pushed back");
  }

  @Test
  void aBatchFiresInAgentIdOrderSoThatItsStateLocksComeInTheOrderOfEveryOtherTransaction() {
    var gone = new Claimed("", "t9", NOW);
    var b1 = new Claimed("agent-b", "t1", NOW.plusSeconds(1));
    var a2 = new Claimed("agent-a", "t2", NOW.plusSeconds(2));
    var b0 = new Claimed("agent-b", "t0", NOW.plusSeconds(3));

    assertEquals(
        List.of(gone, a2, b0, b1),
        java.util.stream.Stream.of(b1, a2, gone, b0).sorted(Claimed.LOCK_ORDER).toList());
  }

  @Test
  void theRetryDelayDoublesFromFiveSecondsUpToAMinute() {
    assertEquals(Duration.ofSeconds(5), DueAlarms.retryDelay(0));
    assertEquals(Duration.ofSeconds(10), DueAlarms.retryDelay(1));
    assertEquals(Duration.ofSeconds(40), DueAlarms.retryDelay(3));
    assertEquals(Duration.ofMinutes(1), DueAlarms.retryDelay(4));
    assertEquals(Duration.ofMinutes(1), DueAlarms.retryDelay(Integer.MAX_VALUE));
    assertThrows(IllegalArgumentException.class, () -> DueAlarms.retryDelay(-1));
  }
}
