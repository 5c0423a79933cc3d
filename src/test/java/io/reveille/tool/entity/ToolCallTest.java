package io.reveille.tool.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonObjectConverter;
import io.reveille.platform.wire.WireEnum;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ToolCallTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(1);
  private static final Instant T2 = T0.plusSeconds(2);
  private static final JsonObject ARGS =
      Json.createObjectBuilder().add("taskId", "task-42").add("title", "New title").build();
  private static final JsonObject RESULT =
      Json.createObjectBuilder().add("status", "success").build();

  private static ToolCall pending() {
    return new ToolCall(
        "ik-1", "agent-1", "rk-1", "set_task_title", "op-1", ToolSideEffect.MEMORY, ARGS, T0);
  }

  private static ToolCall running() {
    var call = pending();
    call.start(T1);
    return call;
  }

  private static ToolCall failed() {
    var call = running();
    call.fail(T2, "TIMEOUT", "provider did not answer");
    return call;
  }

  private static ToolCall succeeded() {
    var call = running();
    call.succeed(T2, RESULT);
    return call;
  }

  private static ToolCall cancelled() {
    var call = pending();
    call.cancel(T1, "run abandoned");
    return call;
  }

  private static final List<Consumer<ToolCall>> ALL_MOVES =
      List.of(
          call -> call.start(T2),
          call -> call.succeed(T2, RESULT),
          call -> call.fail(T2, "E", "x"),
          call -> call.retry(T2),
          call -> call.cancel(T2, null));

  @Test
  void newCallReservesItsKeyAsPendingWithoutAttempts() {
    var call = pending();
    assertEquals(ToolCallStatus.PENDING, call.getStatus());
    assertEquals("ik-1", call.getIdempotencyKey());
    assertEquals("rk-1", call.getRunKey());
    assertEquals("op-1", call.getOperationId());
    assertEquals(ToolSideEffect.MEMORY, call.getSideEffect());
    assertEquals(ARGS, call.getArguments());
    assertEquals(0, call.getAttempts());
    assertNull(call.getResult());
  }

  @Test
  void callMadeOverTheApiNeedsNoRunKey() {
    var call =
        new ToolCall(
            "ik-2",
            "agent-1",
            null,
            "get_task",
            null,
            ToolSideEffect.READ_ONLY,
            Json.createObjectBuilder().build(),
            T0);
    assertNull(call.getRunKey());
    assertFalse(call.getSideEffect().isMutating());
  }

  @Test
  void pendingCallStartsRunningAndCountsAnAttempt() {
    var call = running();
    assertEquals(ToolCallStatus.RUNNING, call.getStatus());
    assertEquals(1, call.getAttempts());
    assertEquals(T1, call.getUpdatedAt());
  }

  @Test
  void runningCallSucceedsWithItsReceipt() {
    var call = succeeded();
    assertEquals(ToolCallStatus.SUCCEEDED, call.getStatus());
    assertEquals(RESULT, call.getResult());
    assertEquals(1, call.getAttempts());
    assertEquals(T2, call.getUpdatedAt());
  }

  @Test
  void callRunInsideItsRecordingTransactionSucceedsStraightFromPending() {
    var call = pending();
    call.succeed(T1, RESULT);
    assertEquals(ToolCallStatus.SUCCEEDED, call.getStatus());
    assertEquals(1, call.getAttempts());
  }

  @Test
  void callCanFailStraightFromPending() {
    var call = pending();
    call.fail(T1, "CAPABILITY_DENIED", "not allowed");
    assertEquals(ToolCallStatus.FAILED, call.getStatus());
    assertEquals("CAPABILITY_DENIED", call.getErrorCode());
    assertEquals(1, call.getAttempts());
  }

  @Test
  void runningCallFailsWithItsErrorCutTo2000Characters() {
    var call = running();
    call.fail(T2, "HTTP_500", "x".repeat(2500));
    assertEquals(ToolCallStatus.FAILED, call.getStatus());
    assertEquals("HTTP_500", call.getErrorCode());
    assertEquals(2000, call.getErrorMessage().length());
  }

  @Test
  void failureNeedsAnErrorCode() {
    var call = running();
    assertEquals(
        "errorCode",
        assertThrows(InvalidInputException.class, () -> call.fail(T2, " ", "x")).getField());
    assertEquals(ToolCallStatus.RUNNING, call.getStatus());
  }

  @Test
  void failedCallIsRetriedUnderTheSameKeyAndASuccessClearsTheError() {
    var call = failed();
    call.retry(T2);
    assertEquals(ToolCallStatus.RUNNING, call.getStatus());
    assertEquals(2, call.getAttempts());
    assertEquals("TIMEOUT", call.getErrorCode());
    call.succeed(T2, RESULT);
    assertNull(call.getErrorCode());
    assertNull(call.getErrorMessage());
    assertEquals("ik-1", call.getIdempotencyKey());
  }

  @Test
  void callACrashLeftRunningIsTakenOverAsAnotherAttempt() {
    var call = running();
    call.recordExternalCorrelationId("provider-req-9", T1);
    call.retry(T2);
    assertEquals(ToolCallStatus.RUNNING, call.getStatus());
    assertEquals(2, call.getAttempts());
    assertEquals("provider-req-9", call.getExternalCorrelationId());
  }

  @Test
  void pendingCallCannotBeRetried() {
    var error = assertThrows(IllegalTransitionException.class, () -> pending().retry(T1));
    assertEquals("pending", error.getFrom());
    assertEquals("running", error.getTo());
  }

  @Test
  void runningCallCannotStartAgain() {
    var call = running();
    assertThrows(IllegalTransitionException.class, () -> call.start(T2));
    assertEquals(1, call.getAttempts());
  }

  @Test
  void failedCallCannotSucceedWithoutARetry() {
    var call = failed();
    assertThrows(IllegalTransitionException.class, () -> call.succeed(T2, RESULT));
    assertThrows(IllegalTransitionException.class, () -> call.start(T2));
    assertEquals(ToolCallStatus.FAILED, call.getStatus());
  }

  @Test
  void pendingRunningOrFailedCallCanBeCancelled() {
    assertEquals(ToolCallStatus.CANCELLED, cancelled().getStatus());
    assertEquals("run abandoned", cancelled().getErrorMessage());
    var runningCall = running();
    runningCall.cancel(T2, null);
    assertEquals(ToolCallStatus.CANCELLED, runningCall.getStatus());
    var failedCall = failed();
    failedCall.cancel(T2, null);
    assertEquals(ToolCallStatus.CANCELLED, failedCall.getStatus());
    assertEquals("provider did not answer", failedCall.getErrorMessage());
  }

  @Test
  void succeededCallIsFinal() {
    for (var move : ALL_MOVES) {
      var call = succeeded();
      assertThrows(IllegalTransitionException.class, () -> move.accept(call));
      assertEquals(ToolCallStatus.SUCCEEDED, call.getStatus());
      assertEquals(RESULT, call.getResult());
    }
    assertThrows(
        IllegalTransitionException.class, () -> succeeded().recordExternalCorrelationId("x", T2));
  }

  @Test
  void cancelledCallIsFinal() {
    for (var move : ALL_MOVES) {
      var call = cancelled();
      assertThrows(IllegalTransitionException.class, () -> move.accept(call));
      assertEquals(ToolCallStatus.CANCELLED, call.getStatus());
    }
  }

  @Test
  void successNeedsAReceipt() {
    var call = running();
    assertEquals(
        "result",
        assertThrows(InvalidInputException.class, () -> call.succeed(T2, null)).getField());
    assertEquals(ToolCallStatus.RUNNING, call.getStatus());
  }

  @Test
  void callNeedsItsKeyToolSideEffectAndArguments() {
    assertEquals(
        "idempotencyKey",
        assertThrows(
                InvalidInputException.class,
                () ->
                    new ToolCall(
                        "k".repeat(201), "a", null, "t", null, ToolSideEffect.LOCAL, ARGS, T0))
            .getField());
    assertEquals(
        "toolName",
        assertThrows(
                InvalidInputException.class,
                () -> new ToolCall("k", "a", null, "", null, ToolSideEffect.LOCAL, ARGS, T0))
            .getField());
    assertEquals(
        "sideEffect",
        assertThrows(
                InvalidInputException.class,
                () -> new ToolCall("k", "a", null, "t", null, null, ARGS, T0))
            .getField());
    assertEquals(
        "arguments",
        assertThrows(
                InvalidInputException.class,
                () -> new ToolCall("k", "a", null, "t", null, ToolSideEffect.LOCAL, null, T0))
            .getField());
  }

  @Test
  void statusesSideEffectsAndJsonRoundTripThroughTheirConverters() {
    assertEquals(
        List.of("pending", "running", "succeeded", "failed", "cancelled"),
        WireEnum.values(ToolCallStatus.class));
    var statuses = new ToolCallStatus.Converter();
    for (var status : ToolCallStatus.values()) {
      assertEquals(
          status, statuses.convertToEntityAttribute(statuses.convertToDatabaseColumn(status)));
    }
    var effects = new ToolSideEffect.Converter();
    assertEquals("readOnly", effects.convertToDatabaseColumn(ToolSideEffect.READ_ONLY));
    for (var effect : ToolSideEffect.values()) {
      assertEquals(
          effect, effects.convertToEntityAttribute(effects.convertToDatabaseColumn(effect)));
    }
    assertTrue(ToolSideEffect.EXTERNAL.isMutating());
    var json = new JsonObjectConverter();
    assertEquals(ARGS, json.convertToEntityAttribute(json.convertToDatabaseColumn(ARGS)));
    assertNull(json.convertToDatabaseColumn(null));
    assertThrows(IllegalStateException.class, () -> statuses.convertToEntityAttribute("done"));
  }

  @Test
  void anExternalCallKeepsTheKeyItSendsAndRefusesAnother() {
    var call = pending();
    call.sendsIdempotencyKey("a".repeat(64));
    call.sendsIdempotencyKey("a".repeat(64));
    assertEquals("a".repeat(64), call.getExternalIdempotencyKey());
    assertThrows(IllegalTransitionException.class, () -> call.sendsIdempotencyKey("b"));
    var done = succeeded();
    assertThrows(IllegalTransitionException.class, () -> done.sendsIdempotencyKey("c"));
  }

  @Test
  void aRunningCallWhoseAnswerWasLostIsInDoubtUntilSentAgain() {
    var call = running();
    call.markInDoubt(T2, "connection reset");
    assertTrue(call.isInDoubt());
    assertEquals(ToolCallStatus.RUNNING, call.getStatus());
    assertEquals(ToolCall.IN_DOUBT, call.getErrorCode());
    assertEquals(1, call.getAttempts());

    call.reconcile(T2);
    assertTrue(call.isInDoubt(), "asking the provider changes nothing");
    assertEquals(1, call.getAttempts());

    call.retry(T2);
    assertFalse(call.isInDoubt(), "sent again: a live attempt");
    assertEquals(2, call.getAttempts());
    assertThrows(IllegalTransitionException.class, () -> pending().markInDoubt(T1, "x"));
    assertThrows(IllegalTransitionException.class, () -> failed().reconcile(T2));
  }

  @Test
  void aPersonResolvesARunningCallAppliedWithAReceiptOrNotApplied() {
    var applied = running();
    applied.markInDoubt(T2, "timed out");
    applied.resolveApplied(T2, RESULT, "alice", "seen in the billing console");
    assertEquals(ToolCallStatus.SUCCEEDED, applied.getStatus());
    assertEquals(RESULT, applied.getResult());
    assertEquals("alice", applied.getResolvedBy());
    assertEquals("seen in the billing console", applied.getResolutionNote());
    assertNull(applied.getErrorCode());

    var notApplied = running();
    notApplied.markInDoubt(T2, "connection reset");
    notApplied.resolveNotApplied(T2, "bob", null);
    assertEquals(ToolCallStatus.FAILED, notApplied.getStatus());
    assertEquals(ToolCall.NOT_APPLIED, notApplied.getErrorCode());
    notApplied.retry(T2);
    assertEquals(ToolCallStatus.RUNNING, notApplied.getStatus());

    assertThrows(
        IllegalTransitionException.class, () -> succeeded().resolveApplied(T2, RESULT, "a", null));
    assertThrows(IllegalTransitionException.class, () -> failed().resolveNotApplied(T2, "a", null));
    assertThrows(InvalidInputException.class, () -> running().resolveNotApplied(T2, " ", null));
  }

  @Test
  void aRunningCallStillInFlightCannotBeResolvedByAPerson() {
    var inFlight = running();
    var applied =
        assertThrows(
            IllegalTransitionException.class,
            () -> inFlight.resolveApplied(T2, RESULT, "alice", null));
    assertEquals("running (in flight, not in doubt)", applied.getFrom());
    assertThrows(
        IllegalTransitionException.class, () -> inFlight.resolveNotApplied(T2, "alice", null));
    assertEquals(ToolCallStatus.RUNNING, inFlight.getStatus());
    assertNull(inFlight.getResolvedBy());

    inFlight.markInDoubt(T2, "timed out");
    inFlight.retry(T2);
    assertThrows(
        IllegalTransitionException.class,
        () -> inFlight.resolveNotApplied(T2, "alice", null),
        "sent again: in flight again");
  }
}
