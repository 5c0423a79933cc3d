package io.reveille.sync.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.entity.AgentLifecycle;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

/**
 * The merge of an agent's shared state, field by field, and over generated histories of three sites
 * that write and exchange in random order: merging is commutative, associative and idempotent, and
 * every site that saw every write resolves the same state.
 */
class SharedAgentStateTest {

  private static final BiPredicate<String, String> NO_ANCESTRY = (a, b) -> false;
  private static final Instant T = Instant.parse("2026-12-01T07:00:00Z");

  /** Two sites that start from one state and each write once, without seeing the other's. */
  private record Fork(VectorClock onA, VectorClock onB) {
    static Fork of() {
      var common = VectorClock.empty().tick("a");
      return new Fork(common.tick("a"), common.tick("b"));
    }
  }

  @Test
  void aWriteThatSawTheOtherSupersedesItWhateverItsValue() {
    var first = VectorClock.empty().tick("a");
    var destroyed = SharedAgentState.empty().withLifecycle(AgentLifecycle.DESTROYED, first, "a");
    var later =
        destroyed.merge(destroyed.withLifecycle(AgentLifecycle.ACTIVE, first.tick("b"), "b"));
    assertEquals(Optional.of(AgentLifecycle.ACTIVE), later.resolve(NO_ANCESTRY).lifecycle());
    assertEquals(1, later.lifecycle().versions().size(), "the superseded write is dropped");
  }

  @Test
  void concurrentLifecyclesResolveByPrecedence() {
    var fork = Fork.of();
    var empty = SharedAgentState.empty();
    var a = empty.withLifecycle(AgentLifecycle.DORMANT, fork.onA(), "a");
    var b = empty.withLifecycle(AgentLifecycle.ACTIVE, fork.onB(), "b");
    assertEquals(Optional.of(AgentLifecycle.DORMANT), a.merge(b).resolve(NO_ANCESTRY).lifecycle());
    var destroyed = empty.withLifecycle(AgentLifecycle.DESTROYED, fork.onB(), "b");
    assertEquals(
        Optional.of(AgentLifecycle.DESTROYED), destroyed.merge(a).resolve(NO_ANCESTRY).lifecycle());
  }

  @Test
  void concurrentWakesKeepTheEarliestWakeAndTheLatestSleep() {
    var fork = Fork.of();
    var empty = SharedAgentState.empty();
    var a =
        empty
            .withNextWakeAt(T.plusSeconds(600), fork.onA(), "a")
            .withSleepUntil(T.plusSeconds(60), fork.onA(), "a");
    var b =
        empty
            .withNextWakeAt(T.plusSeconds(60), fork.onB(), "b")
            .withSleepUntil(T.plusSeconds(3600), fork.onB(), "b");
    var merged = a.merge(b).resolve(NO_ANCESTRY);
    assertEquals(Optional.of(T.plusSeconds(60)), merged.nextWakeAt());
    assertEquals(Optional.of(T.plusSeconds(3600)), merged.sleepUntil());

    var cleared = empty.withNextWakeAt(null, fork.onB(), "b");
    assertEquals(
        Optional.of(T.plusSeconds(600)),
        a.merge(cleared).resolve(NO_ANCESTRY).nextWakeAt(),
        "a wake is not lost to a concurrent clearing");
  }

  @Test
  void concurrentPointersPreferTheDescendantThenTheClockThenHostAndId() {
    var fork = Fork.of();
    var empty = SharedAgentState.empty();
    var a = empty.withRecentHead("m-2", fork.onA(), "a");
    var b = empty.withRecentHead("m-9", fork.onB(), "b");
    BiPredicate<String, String> m2AfterM9 = (x, y) -> x.equals("m-2") && y.equals("m-9");
    assertEquals(Optional.of("m-2"), a.merge(b).resolve(m2AfterM9).recentHeadMessageId());
    var unknown = a.merge(b).resolve(NO_ANCESTRY).recentHeadMessageId();
    assertEquals(unknown, b.merge(a).resolve(NO_ANCESTRY).recentHeadMessageId());
  }

  @Test
  void slotsMergeSlotBySlotAndCountersByHost() {
    var fork = Fork.of();
    var empty = SharedAgentState.empty();
    var a =
        empty
            .withSlot("primaryGoal", "\"ship it\"", fork.onA(), "a")
            .withProcessed("a", 7)
            .withProcessed("b", 2);
    var b =
        empty
            .withSlot("activeTaskId", "\"t-1\"", fork.onB(), "b")
            .withProcessed("b", 5)
            .withProcessed("a", 3);
    var merged = a.merge(b).resolve(NO_ANCESTRY);
    assertEquals(Map.of("primaryGoal", "\"ship it\"", "activeTaskId", "\"t-1\""), merged.slots());
    assertEquals(Map.of("a", 7L, "b", 5L), merged.processedCounterByHost());
  }

  @Test
  void generatedHistoriesConvergeWhateverTheOrderOfMerging() {
    for (var seed = 1L; seed <= 200; seed++) {
      var random = new Random(seed);
      var hosts = List.of("a", "b", "c");
      var states = new ArrayList<>(List.of(empty(), empty(), empty()));
      var written = new ArrayList<SharedAgentState>();
      for (var step = 0; step < 30; step++) {
        var h = random.nextInt(3);
        if (random.nextInt(4) == 0) {
          states.set(h, states.get(h).merge(states.get(random.nextInt(3))));
          continue;
        }
        var state = states.get(h);
        var clock = state.clock().tick(hosts.get(h));
        var next = write(state, random, clock, hosts.get(h));
        states.set(h, next);
        written.add(next);
      }
      var x = pick(written, random);
      var y = pick(written, random);
      var z = pick(written, random);
      var context = "seed " + seed;
      assertEquals(x.merge(y), y.merge(x), context + ": commutative");
      assertEquals(x.merge(y).merge(z), x.merge(y.merge(z)), context + ": associative");
      assertEquals(x.merge(x), x, context + ": idempotent");

      var inOrder = written.stream().reduce(empty(), SharedAgentState::merge);
      var shuffled = new ArrayList<>(written);
      Collections.shuffle(shuffled, random);
      var outOfOrder = shuffled.stream().reduce(empty(), SharedAgentState::merge);
      assertEquals(inOrder, outOfOrder, context + ": the same writes, any order");
      assertEquals(
          inOrder.resolve(NO_ANCESTRY), outOfOrder.resolve(NO_ANCESTRY), context + ": resolved");
      var everySite =
          states.stream().map(s -> s.merge(inOrder)).map(s -> s.resolve(NO_ANCESTRY)).toList();
      assertEquals(1, everySite.stream().distinct().count(), context + ": every site agrees");
    }
  }

  private static SharedAgentState empty() {
    return SharedAgentState.empty();
  }

  private static SharedAgentState pick(List<SharedAgentState> written, Random random) {
    return written.isEmpty() ? empty() : written.get(random.nextInt(written.size()));
  }

  private static SharedAgentState write(
      SharedAgentState state, Random random, VectorClock clock, String host) {
    var lifecycles = AgentLifecycle.values();
    return switch (random.nextInt(7)) {
      case 0 -> state.withLifecycle(lifecycles[random.nextInt(lifecycles.length)], clock, host);
      case 1 ->
          state.withNextWakeAt(
              random.nextBoolean() ? null : T.plusSeconds(random.nextInt(10_000)), clock, host);
      case 2 -> state.withSleepUntil(T.plusSeconds(random.nextInt(10_000)), clock, host);
      case 3 -> state.withRecentHead("m-" + random.nextInt(50), clock, host);
      case 4 -> state.withLatestSummary("s-" + random.nextInt(50), clock, host);
      case 5 ->
          state.withSlot(
              List.of("primaryGoal", "activeTaskId", "openLoopIds").get(random.nextInt(3)),
              "\"v" + random.nextInt(20) + "\"",
              clock,
              host);
      default -> state.withProcessed(host, random.nextInt(100));
    };
  }
}
