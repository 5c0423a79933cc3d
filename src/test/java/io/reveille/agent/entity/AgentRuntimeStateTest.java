package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AgentRuntimeStateTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(30);

  enum Move {
    QUEUE(
        (r, now) -> r.queue(now),
        AgentRunStatus.QUEUED,
        EnumSet.of(AgentRunStatus.IDLE, AgentRunStatus.FAILED)),
    START(
        (r, now) -> r.start("run-1", null, now),
        AgentRunStatus.RUNNING,
        EnumSet.of(AgentRunStatus.IDLE, AgentRunStatus.QUEUED)),
    COMPLETE((r, now) -> r.complete(now), AgentRunStatus.IDLE, EnumSet.of(AgentRunStatus.RUNNING)),
    FAIL((r, now) -> r.fail(now), AgentRunStatus.FAILED, EnumSet.of(AgentRunStatus.RUNNING)),
    SETTLE(
        (r, now) -> r.settle(now),
        AgentRunStatus.IDLE,
        EnumSet.of(AgentRunStatus.QUEUED, AgentRunStatus.FAILED));

    final BiConsumer<AgentRuntimeState, Instant> apply;
    final AgentRunStatus to;
    final Set<AgentRunStatus> legalFrom;

    Move(
        BiConsumer<AgentRuntimeState, Instant> apply,
        AgentRunStatus to,
        Set<AgentRunStatus> legalFrom) {
      this.apply = apply;
      this.to = to;
      this.legalFrom = legalFrom;
    }
  }

  static Stream<Arguments> legalMoves() {
    return Stream.of(Move.values())
        .flatMap(move -> move.legalFrom.stream().map(from -> Arguments.of(from, move)));
  }

  static Stream<Arguments> illegalMoves() {
    return Stream.of(Move.values())
        .flatMap(
            move ->
                EnumSet.complementOf(EnumSet.copyOf(move.legalFrom)).stream()
                    .map(from -> Arguments.of(from, move)));
  }

  @Test
  void newRuntimeStateIsIdleOnItsNode() {
    var runtime = new AgentRuntimeState("a-1", "node-1", T0);
    assertEquals("a-1", runtime.getAgentId());
    assertEquals("node-1", runtime.getNodeId());
    assertEquals(AgentRunStatus.IDLE, runtime.getRunStatus());
    assertEquals(0, runtime.getFailureStreak());
    assertEquals(0, runtime.getHotMessageCount());
    assertNull(runtime.getActiveRunId());
    assertEquals(T0, runtime.getUpdatedAt());
  }

  @ParameterizedTest(name = "{1} from {0}")
  @MethodSource("legalMoves")
  void legalRunStatusMoveIsMade(AgentRunStatus from, Move move) {
    var runtime = in(from);
    move.apply.accept(runtime, T1);
    assertEquals(move.to, runtime.getRunStatus());
    assertEquals(T1, runtime.getUpdatedAt());
  }

  @ParameterizedTest(name = "{1} from {0}")
  @MethodSource("illegalMoves")
  void illegalRunStatusMoveIsRefusedAndChangesNothing(AgentRunStatus from, Move move) {
    var runtime = in(from);
    var refused =
        assertThrows(IllegalTransitionException.class, () -> move.apply.accept(runtime, T1));
    assertEquals(from.wire(), refused.getFrom());
    assertEquals(move.to.wire(), refused.getTo());
    assertEquals(from, runtime.getRunStatus());
  }

  @Test
  void secondRunCannotStartWhileOneIsRunning() {
    var runtime = in(AgentRunStatus.RUNNING);
    assertThrows(IllegalTransitionException.class, () -> runtime.start("run-2", null, T1));
    assertEquals("run-1", runtime.getActiveRunId());
  }

  @Test
  void runningRecordsRunSessionAndStartAndFinishingClearsThem() {
    var runtime = new AgentRuntimeState("a-1", "node-1", T0);
    runtime.queue(T0);
    runtime.start("run-7", "session-3", T1);
    assertTrue(runtime.isRunning());
    assertEquals("run-7", runtime.getActiveRunId());
    assertEquals("session-3", runtime.getActiveSessionId());
    assertEquals(T1, runtime.getLastRunStartedAt());
    runtime.complete(T1.plusSeconds(1));
    assertFalse(runtime.isRunning());
    assertNull(runtime.getActiveRunId());
    assertNull(runtime.getActiveSessionId());
    assertEquals(T1, runtime.getLastRunStartedAt());
  }

  @Test
  void failuresBuildAStreakThatASuccessfulRunEnds() {
    var runtime = new AgentRuntimeState("a-1", "node-1", T0);
    runtime.start("run-1", null, T0);
    runtime.fail(T0);
    runtime.queue(T0);
    runtime.start("run-2", null, T0);
    runtime.fail(T0);
    assertEquals(2, runtime.getFailureStreak());
    assertNull(runtime.getActiveRunId());
    runtime.queue(T1);
    runtime.start("run-3", null, T1);
    runtime.complete(T1);
    assertEquals(0, runtime.getFailureStreak());
  }

  @Test
  void hotMessageCountMustNotBeNegative() {
    var runtime = new AgentRuntimeState("a-1", "node-1", T0);
    runtime.recordHotMessageCount(12, T1);
    assertEquals(12, runtime.getHotMessageCount());
    assertThrows(IllegalArgumentException.class, () -> runtime.recordHotMessageCount(-1, T1));
  }

  @Test
  void keysOfTheSameAgentAndNodeAreEqual() {
    assertEquals(new AgentRuntimeState.Key("a", "n"), new AgentRuntimeState.Key("a", "n"));
    assertEquals(
        new AgentRuntimeState.Key("a", "n").hashCode(),
        new AgentRuntimeState.Key("a", "n").hashCode());
    assertFalse(new AgentRuntimeState.Key("a", "n").equals(new AgentRuntimeState.Key("a", "m")));
  }

  private static AgentRuntimeState in(AgentRunStatus status) {
    var runtime = new AgentRuntimeState("a-1", "node-1", T0);
    switch (status) {
      case IDLE -> {}
      case QUEUED -> runtime.queue(T0);
      case RUNNING -> runtime.start("run-1", null, T0);
      case FAILED -> {
        runtime.start("run-1", null, T0);
        runtime.fail(T0);
      }
    }
    return runtime;
  }
}
