package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentStateTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(120);

  @Test
  void newStateHoldsItsSlotsAndNothingElse() {
    var slots = AgentSlots.empty().withPrimaryGoal("stay informed");
    var state = new AgentState("s-1", "a-1", slots, T0);
    assertEquals("s-1", state.getId());
    assertEquals("a-1", state.getAgentId());
    assertEquals(slots, state.getSlots());
    assertEquals(0, state.getWakeCounter());
    assertEquals(0, state.getConsecutiveFailureCount());
    assertEquals(Map.of(), state.getProcessedCounterByHost());
    assertNull(state.getLastWakeAt());
    assertNull(state.getNextWakeAt());
    assertNull(state.getScheduledWakeAt());
    assertEquals(T0, state.getUpdatedAt());
  }

  @Test
  void replacingSlotsRecordsWhen() {
    var state = state();
    var slots = AgentSlots.empty().withActiveTaskId("task-1");
    state.replaceSlots(slots, T1);
    assertEquals(slots, state.getSlots());
    assertEquals(T1, state.getUpdatedAt());
  }

  @Test
  void wakeCounterOnlyGrowsAndReturnsTheNewValue() {
    var state = state();
    assertEquals(1, state.nextWakeCounter(T1));
    assertEquals(2, state.nextWakeCounter(T1));
    assertEquals(2, state.getWakeCounter());
    state.recordWake(T1);
    assertEquals(T1, state.getLastWakeAt());
  }

  @Test
  void failureStreakGrowsUntilASuccess() {
    var state = state();
    state.recordFailure(T0);
    state.recordFailure(T1);
    assertEquals(2, state.getConsecutiveFailureCount());
    state.recordSuccess(T1);
    assertEquals(0, state.getConsecutiveFailureCount());
  }

  @Test
  void throttleDeadlineAndScheduledWakeAreKeptApart() {
    var state = state();
    state.deferUntil(T1);
    state.scheduleWake(T1.plusSeconds(3600));
    assertEquals(T1, state.getNextWakeAt());
    assertEquals(T1.plusSeconds(3600), state.getScheduledWakeAt());
    assertTrue(state.isDeferred(T0));
    assertFalse(state.isDeferred(T1));
    state.clearDeferral();
    assertNull(state.getNextWakeAt());
    assertEquals(T1.plusSeconds(3600), state.getScheduledWakeAt());
    state.clearScheduledWake();
    assertNull(state.getScheduledWakeAt());
  }

  @Test
  void sleepHoldsUntilItsDeadline() {
    var state = state();
    state.sleepUntil(T1);
    assertTrue(state.isAsleep(T0));
    assertFalse(state.isAsleep(T1));
    state.clearSleep();
    assertNull(state.getSleepUntil());
  }

  @Test
  void memoryPointersFollowTheLog() {
    var state = state();
    state.advanceHead("m-1", T0);
    state.advanceHead("m-2", T1);
    state.recordSummary("m-s", T1);
    assertEquals("m-2", state.getRecentHeadMessageId());
    assertEquals("m-s", state.getLatestSummaryMessageId());
  }

  @Test
  void processedCounterOnlyMovesForwardPerHost() {
    var state = state();
    assertTrue(state.recordProcessedCounter("host-a", 5));
    assertTrue(state.recordProcessedCounter("host-b", 1));
    assertFalse(state.recordProcessedCounter("host-a", 3));
    assertFalse(state.recordProcessedCounter("host-a", 5));
    assertTrue(state.recordProcessedCounter("host-a", 9));
    assertEquals(Map.of("host-a", 9L, "host-b", 1L), state.getProcessedCounterByHost());
    assertThrows(IllegalArgumentException.class, () -> state.recordProcessedCounter("h", -1));
    assertThrows(IllegalArgumentException.class, () -> state.recordProcessedCounter(" ", 1));
  }

  @Test
  void processedCountersAreNotModifiableFromOutside() {
    var state = state();
    state.recordProcessedCounter("host-a", 1);
    assertThrows(
        UnsupportedOperationException.class,
        () -> state.getProcessedCounterByHost().put("host-a", 0L));
  }

  @Test
  void processedCountersRoundTripThroughTheirColumn() {
    var converter = new CounterMapConverter();
    var counters = Map.of("host-b", 2L, "host-a", Long.MAX_VALUE);
    var text = converter.convertToDatabaseColumn(counters);
    assertEquals("{\"host-a\":" + Long.MAX_VALUE + ",\"host-b\":2}", text);
    assertEquals(counters, converter.convertToEntityAttribute(text));
    assertEquals(Map.of(), converter.convertToEntityAttribute(null));
    assertEquals("{}", converter.convertToDatabaseColumn(Map.of()));
    assertThrows(
        IllegalStateException.class,
        () -> converter.convertToEntityAttribute("{\"host-a\":\"x\"}"));
  }

  private static AgentState state() {
    return new AgentState("s-1", "a-1", AgentSlots.empty(), T0);
  }
}
