package io.reveille.wake.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class WakeRunLogEntryTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(1);
  private static final Instant T2 = T0.plusSeconds(2);

  private static WakeRunLogEntry queued() {
    return new WakeRunLogEntry(
        "rk-1",
        "agent-1",
        WakeReason.SUBSCRIPTION,
        "s-1",
        "agent-1:run:rk-1",
        List.of("TASK", "task-42", "TASK"),
        "lck-1",
        T0);
  }

  @Test
  void aRunKeepsTheHighestCounterOfEachHostThatWokeIt() {
    var run = queued();
    assertEquals(java.util.Map.of(), run.getTriggerCounters());

    run.triggeredAt("site-a", 5);
    run.triggeredAt("site-b", 2);
    run.triggeredAt("site-a", 3);

    assertEquals(java.util.Map.of("site-a", 5L, "site-b", 2L), run.getTriggerCounters());
    assertThrows(IllegalArgumentException.class, () -> run.triggeredAt("site-a", -1));
    assertThrows(RuntimeException.class, () -> run.triggeredAt(" ", 1));
  }

  @Test
  void aRunsCauseOnlyDeepens() {
    var run = queued();
    assertEquals(0, run.getCauseHops());
    assertEquals(List.of(), run.getCauseChain());

    run.causedByChain(2, List.of("a", "b"));
    run.causedByChain(1, List.of("c"));

    assertEquals(2, run.getCauseHops());
    assertEquals(List.of("a", "b"), run.getCauseChain());
    assertThrows(IllegalArgumentException.class, () -> run.causedByChain(1, List.of("a", "b")));
  }

  @Test
  void onlyAWakeAPersonCausedCarriesTheirRoleAndItIsSetOnce() {
    var manual =
        new WakeRunLogEntry(
            "rk-m", "agent-1", WakeReason.MANUAL, null, "agent-1:run:rk-m", List.of(), null, T0);
    assertEquals(Optional.empty(), manual.getCausedBy());
    manual.causedBy("operator");
    assertEquals(Optional.of("operator"), manual.getCausedBy());
    assertThrows(IllegalStateException.class, () -> manual.causedBy("admin"));
    assertEquals(Optional.of("operator"), manual.getCausedBy());

    var subscription = queued();
    assertThrows(IllegalStateException.class, () -> subscription.causedBy("operator"));
    assertEquals(Optional.empty(), subscription.getCausedBy());
  }

  private static WakeRunLogEntry started() {
    var entry = queued();
    entry.start(T1);
    return entry;
  }

  private static WakeRunLogEntry completed() {
    var entry = started();
    entry.complete(T2);
    return entry;
  }

  private static WakeRunLogEntry skipped() {
    var entry = queued();
    entry.skip(T1, "agent paused");
    return entry;
  }

  private static WakeRunLogEntry failed() {
    var entry = started();
    entry.fail(T2, "boom");
    return entry;
  }

  /** Every move, so that final statuses can be shown to refuse all of them. */
  private static final List<Consumer<WakeRunLogEntry>> ALL_MOVES =
      List.of(
          entry -> entry.start(T2),
          entry -> entry.restart(T2),
          entry -> entry.complete(T2),
          entry -> entry.skip(T2, "x"),
          entry -> entry.fail(T2, "x"),
          entry -> entry.requeue(T2),
          entry -> entry.deferUntil(T2));

  @Test
  void newEntryIsQueuedWithItsTokensInArrivalOrderWithoutDuplicates() {
    var entry = queued();
    assertEquals(WakeStatus.QUEUED, entry.getStatus());
    assertEquals(List.of("TASK", "task-42"), entry.getTokens());
    assertEquals(WakeReason.SUBSCRIPTION, entry.getReason());
    assertEquals("s-1", entry.getReasonId());
    assertEquals("lck-1", entry.getLogicalChangeKey());
    assertEquals(0, entry.getAttempts());
    assertEquals(T0, entry.getCreatedAt());
    assertNull(entry.getStartedAt());
    assertNull(entry.getNotBefore());
  }

  @Test
  void timerWakeMayHaveNoTokens() {
    var entry =
        new WakeRunLogEntry(
            "rk-2", "agent-1", WakeReason.TIMER, "t-1", "thread", List.of(), null, T0);
    assertEquals(List.of(), entry.getTokens());
  }

  @Test
  void aTimerWakeStandsForItsFiringsOnceSet() {
    var entry =
        new WakeRunLogEntry(
            "rk-3", "agent-1", WakeReason.TIMER_CATCHUP, "t-1", "thread", List.of(), null, T1);
    entry.forFirings(T0, T1, 2);
    assertEquals(T0, entry.getScheduledAt());
    assertEquals(T1, entry.getScheduledUntil());
    assertEquals(2L, entry.getFirings());
    assertThrows(IllegalStateException.class, () -> entry.forFirings(T0, T1, 2));

    var single =
        new WakeRunLogEntry(
            "rk-4", "agent-1", WakeReason.TIMER, "t-1", "thread", List.of(), null, T1);
    assertThrows(IllegalArgumentException.class, () -> single.forFirings(T0, T1, 1));
    assertThrows(IllegalArgumentException.class, () -> single.forFirings(T1, T0, 2));
    assertThrows(IllegalArgumentException.class, () -> single.forFirings(T0, T0, 0));
    assertThrows(IllegalStateException.class, () -> queued().forFirings(T0, T0, 1));
  }

  @Test
  void queuedWakeCoalescesTheTokensOfALaterTrigger() {
    var entry = queued();
    assertTrue(entry.mergeTokens(List.of("task-42", "item-7")));
    assertEquals(List.of("TASK", "task-42", "item-7"), entry.getTokens());
  }

  @Test
  void mergingOnlyKnownTokensChangesNothing() {
    var entry = queued();
    assertFalse(entry.mergeTokens(List.of("TASK")));
    assertEquals(List.of("TASK", "task-42"), entry.getTokens());
  }

  @Test
  void startedWakeRefusesMoreTokens() {
    var entry = started();
    assertThrows(ConflictException.class, () -> entry.mergeTokens(List.of("item-7")));
    assertEquals(List.of("TASK", "task-42"), entry.getTokens());
  }

  @Test
  void finishedWakesRefuseMoreTokens() {
    for (var entry : List.of(completed(), skipped(), failed())) {
      assertThrows(
          ConflictException.class,
          () -> entry.mergeTokens(List.of("item-7")),
          entry.getStatus().wire());
    }
  }

  @Test
  void blankOrOverlongTokensAreRefused() {
    var entry = queued();
    assertThrows(InvalidInputException.class, () -> entry.mergeTokens(List.of(" ")));
    assertThrows(InvalidInputException.class, () -> entry.mergeTokens(List.of("t".repeat(257))));
    assertThrows(InvalidInputException.class, () -> entry.mergeTokens(Arrays.asList("ok", null)));
    assertEquals(List.of("TASK", "task-42"), entry.getTokens());
  }

  @Test
  void throttledWakeIsDeferredOnlyWhileQueued() {
    var entry = queued();
    entry.deferUntil(T0.plusSeconds(120));
    assertEquals(T0.plusSeconds(120), entry.getNotBefore());
    assertTrue(entry.mergeTokens(List.of("item-7")));
    entry.start(T0.plusSeconds(120));
    assertThrows(IllegalTransitionException.class, () -> entry.deferUntil(T2));
  }

  @Test
  void queuedWakeStartsAndCompletes() {
    var entry = queued();
    entry.start(T1);
    assertEquals(WakeStatus.STARTED, entry.getStatus());
    assertEquals(T1, entry.getStartedAt());
    assertEquals(1, entry.getAttempts());
    entry.complete(T2);
    assertEquals(WakeStatus.COMPLETED, entry.getStatus());
    assertEquals(T2, entry.getCompletedAt());
  }

  @Test
  void redeliveredStartedWakeRestartsAndCountsAnotherAttempt() {
    var entry = started();
    entry.restart(T2);
    assertEquals(WakeStatus.STARTED, entry.getStatus());
    assertEquals(2, entry.getAttempts());
    assertEquals(T2, entry.getStartedAt());
  }

  @Test
  void onlyAStartedWakeCanRestart() {
    var error = assertThrows(IllegalTransitionException.class, () -> queued().restart(T1));
    assertEquals("queued", error.getFrom());
    assertEquals("started", error.getTo());
  }

  @Test
  void startedWakeCannotStartAgain() {
    var entry = started();
    assertThrows(IllegalTransitionException.class, () -> entry.start(T2));
    assertEquals(1, entry.getAttempts());
  }

  @Test
  void queuedWakeCannotCompleteOrFail() {
    var entry = queued();
    assertThrows(IllegalTransitionException.class, () -> entry.complete(T1));
    assertThrows(IllegalTransitionException.class, () -> entry.fail(T1, "x"));
    assertEquals(WakeStatus.QUEUED, entry.getStatus());
  }

  @Test
  void queuedOrStartedWakeCanBeSkippedWithAReason() {
    var skippedWhileQueued = skipped();
    assertEquals(WakeStatus.SKIPPED, skippedWhileQueued.getStatus());
    assertEquals("agent paused", skippedWhileQueued.getErrorMessage());
    assertEquals(T1, skippedWhileQueued.getCompletedAt());
    var skippedWhileStarted = started();
    skippedWhileStarted.skip(T2, "stale trigger");
    assertEquals(WakeStatus.SKIPPED, skippedWhileStarted.getStatus());
  }

  @Test
  void failedWakeKeepsItsErrorCutTo2000Characters() {
    var entry = started();
    entry.fail(T2, "e".repeat(5000));
    assertEquals(WakeStatus.FAILED, entry.getStatus());
    assertEquals(2000, entry.getErrorMessage().length());
    assertEquals(T2, entry.getCompletedAt());
  }

  @Test
  void failedWakeKeepsItsErrorCode() {
    var entry = started();
    entry.fail(T2, "over budget", "budget_max_steps");
    assertEquals(WakeStatus.FAILED, entry.getStatus());
    assertEquals(Optional.of("budget_max_steps"), entry.getErrorCode());
    assertEquals("over budget", entry.getErrorMessage());
  }

  @Test
  void failureWithoutACodeLeavesTheCodeEmpty() {
    var entry = started();
    entry.fail(T2, "boom");
    assertEquals(Optional.empty(), entry.getErrorCode());
  }

  @Test
  void abandoningAfterABudgetStopClearsTheOldCode() {
    var entry = started();
    entry.fail(T2, "over budget", "budget_max_steps");
    entry.requeue(T2);
    entry.abandon(T2, "dead-lettered");
    assertEquals(Optional.empty(), entry.getErrorCode());
  }

  @Test
  void theSpecIsFixedAtTheFirstStartAndARestartKeepsIt() {
    var entry = started();
    assertEquals(Optional.empty(), entry.getRunSpec());
    assertTrue(entry.fixSpec("{\"maxSteps\":8}"));
    entry.restart(T2);
    assertFalse(entry.fixSpec("{\"maxSteps\":99}"));
    assertEquals(Optional.of("{\"maxSteps\":8}"), entry.getRunSpec());
  }

  @Test
  void onlyAStartedRunFixesItsSpec() {
    var entry = queued();
    assertThrows(IllegalStateException.class, () -> entry.fixSpec("{}"));
  }

  @Test
  void cuttingAnErrorNeverSplitsASurrogatePair() {
    var entry = started();
    entry.fail(T2, "e".repeat(1999) + "😀" + "tail");
    assertEquals(1999, entry.getErrorMessage().length());
  }

  @Test
  void failedWakeIsRequeuedForRecoveryUnderTheSameKey() {
    var entry = failed();
    entry.requeue(T2);
    assertEquals(WakeStatus.QUEUED, entry.getStatus());
    assertEquals("rk-1", entry.getRunKey());
    assertNull(entry.getStartedAt());
    assertNull(entry.getCompletedAt());
    assertEquals("boom", entry.getErrorMessage());
    entry.start(T2);
    assertEquals(2, entry.getAttempts());
  }

  @Test
  void wakeACrashLeftStartedIsRequeued() {
    var entry = started();
    entry.requeue(T2);
    assertEquals(WakeStatus.QUEUED, entry.getStatus());
    assertTrue(entry.mergeTokens(List.of("item-7")));
  }

  @Test
  void queuedWakeCannotBeRequeued() {
    assertThrows(IllegalTransitionException.class, () -> queued().requeue(T2));
  }

  @Test
  void completedWakeIsFinal() {
    for (var move : ALL_MOVES) {
      var entry = completed();
      assertThrows(IllegalTransitionException.class, () -> move.accept(entry));
      assertEquals(WakeStatus.COMPLETED, entry.getStatus());
    }
  }

  @Test
  void skippedWakeIsFinal() {
    for (var move : ALL_MOVES) {
      var entry = skipped();
      assertThrows(IllegalTransitionException.class, () -> move.accept(entry));
      assertEquals(WakeStatus.SKIPPED, entry.getStatus());
    }
  }

  @Test
  void failedWakeMovesOnlyByRequeue() {
    for (var move : ALL_MOVES.subList(0, 5)) {
      var entry = failed();
      assertThrows(IllegalTransitionException.class, () -> move.accept(entry));
      assertEquals(WakeStatus.FAILED, entry.getStatus());
    }
  }

  @Test
  void entryNeedsItsKeyReasonAndThread() {
    assertEquals(
        "runKey",
        assertThrows(
                InvalidInputException.class,
                () ->
                    new WakeRunLogEntry(
                        "k".repeat(201), "a", WakeReason.MANUAL, null, "t", List.of(), null, T0))
            .getField());
    assertEquals(
        "reason",
        assertThrows(
                InvalidInputException.class,
                () -> new WakeRunLogEntry("k", "a", null, null, "t", List.of(), null, T0))
            .getField());
    assertEquals(
        "threadId",
        assertThrows(
                InvalidInputException.class,
                () ->
                    new WakeRunLogEntry(
                        "k", "a", WakeReason.MANUAL, null, " ", List.of(), null, T0))
            .getField());
    assertEquals(
        "tokens",
        assertThrows(
                InvalidInputException.class,
                () -> new WakeRunLogEntry("k", "a", WakeReason.MANUAL, null, "t", null, null, T0))
            .getField());
  }

  @Test
  void reasonsAndStatusesRoundTripByWireName() {
    assertEquals(
        List.of(
            "subscription",
            "timer",
            "timerCatchup",
            "manual",
            "userInitiated",
            "recovery",
            "scheduled"),
        WireEnum.values(WakeReason.class));
    assertEquals(
        List.of("queued", "started", "waiting", "completed", "skipped", "failed", "cancelled"),
        WireEnum.values(WakeStatus.class));
    var reasons = new WakeReason.Converter();
    for (var reason : WakeReason.values()) {
      assertEquals(
          reason, reasons.convertToEntityAttribute(reasons.convertToDatabaseColumn(reason)));
    }
    var statuses = new WakeStatus.Converter();
    for (var status : WakeStatus.values()) {
      assertEquals(
          status, statuses.convertToEntityAttribute(statuses.convertToDatabaseColumn(status)));
    }
    assertEquals(Optional.empty(), WireEnum.find(WakeReason.class, "USER_INITIATED"));
    assertThrows(IllegalStateException.class, () -> statuses.convertToEntityAttribute("done"));
  }

  @Test
  void aQueuedOrStartedJobCanBeGivenUpWithItsReason() {
    for (var entry : List.of(queued(), started())) {
      entry.abandon(T2, "dead-lettered: no consumer");

      assertEquals(WakeStatus.FAILED, entry.getStatus());
      assertEquals("dead-lettered: no consumer", entry.getErrorMessage());
      assertEquals(T2, entry.getCompletedAt());
    }
  }

  @Test
  void aFinishedRunCannotBeGivenUp() {
    for (var entry : List.of(completed(), skipped(), failed())) {
      assertThrows(IllegalTransitionException.class, () -> entry.abandon(T2, "late"));
    }
  }

  @Test
  void theLeaseRunsFromTheStart() {
    assertNull(queued().getLeaseStart());
    assertEquals(T1, started().getLeaseStart());
  }

  @Test
  void aRunKeepsAtMostItsCapOfTokensAndCountsTheRest() {
    var many = new java.util.ArrayList<String>();
    for (var i = 0; i < WakeRunLogEntry.MAX_TOKENS + 3; i++) {
      many.add("entity-" + i);
    }
    var entry =
        new WakeRunLogEntry(
            "rk-many", "agent-1", WakeReason.SUBSCRIPTION, "s-1", "t", many, null, T0);

    assertEquals(WakeRunLogEntry.MAX_TOKENS, entry.getTokens().size());
    assertEquals(3, entry.getTokensLeftOut());
    assertEquals("entity-0", entry.getTokens().get(0), "the first tokens are kept");

    assertTrue(entry.mergeTokens(List.of("entity-1", "new-1", "new-2", "new-2")));
    assertEquals(WakeRunLogEntry.MAX_TOKENS, entry.getTokens().size());
    assertEquals(5, entry.getTokensLeftOut(), "two new distinct tokens left out");
    assertFalse(entry.mergeTokens(List.of("entity-2")), "a held token changes nothing");
  }

  @Test
  void aStartedRunParksWaitingWithWhatItWaitsForAndResumesQueuedWithoutIt() {
    var entry = started();

    entry.park(T2, "awaiting_approval", "update_task: proposal p-1");

    assertEquals(WakeStatus.WAITING, entry.getStatus());
    assertEquals(Optional.of("awaiting_approval"), entry.getErrorCode());
    assertEquals("update_task: proposal p-1", entry.getErrorMessage());
    assertFalse(entry.getStatus().isFinal());

    entry.resume(T2.plusSeconds(5));

    assertEquals(WakeStatus.QUEUED, entry.getStatus());
    assertEquals(Optional.empty(), entry.getErrorCode());
    assertNull(entry.getErrorMessage());
    assertNull(entry.getStartedAt());
  }

  @Test
  void onlyAStartedRunParksAndOnlyAWaitingRunResumes() {
    assertThrows(IllegalTransitionException.class, () -> queued().park(T2, "in_doubt", "x"));
    assertThrows(IllegalTransitionException.class, () -> completed().park(T2, "in_doubt", "x"));
    assertThrows(IllegalTransitionException.class, () -> started().resume(T2));
    assertThrows(IllegalTransitionException.class, () -> failed().resume(T2));
  }

  @Test
  void aCancelOfAStartedRunIsAMarkUntilItsNextStepBoundary() {
    var entry = started();

    assertFalse(entry.requestCancel(T2, "by an operator"));
    assertEquals(WakeStatus.STARTED, entry.getStatus());
    assertEquals(T2, entry.getCancelRequestedAt());

    entry.cancel(T2.plusSeconds(1), "cancelled at a step boundary");

    assertEquals(WakeStatus.CANCELLED, entry.getStatus());
    assertTrue(entry.getStatus().isFinal());
    assertEquals(T2.plusSeconds(1), entry.getCompletedAt());
  }

  @Test
  void aQueuedWaitingOrFailedRunIsCancelledAtOnce() {
    var waiting = started();
    waiting.park(T2, "in_doubt", "send_email");
    for (var entry : List.of(queued(), waiting, failed())) {
      assertTrue(entry.requestCancel(T2, "by an operator"));
      assertEquals(WakeStatus.CANCELLED, entry.getStatus());
      assertEquals(Optional.empty(), entry.getErrorCode());
    }
  }

  @Test
  void aFinishedRunCannotBeCancelledAndACancelledOneNeverRunsAgain() {
    for (var entry : List.of(completed(), skipped())) {
      assertThrows(IllegalTransitionException.class, () -> entry.requestCancel(T2, "x"));
    }
    var cancelled = queued();
    cancelled.requestCancel(T1, "x");
    assertThrows(IllegalTransitionException.class, () -> cancelled.start(T2));
    assertThrows(IllegalTransitionException.class, () -> cancelled.requeue(T2));
    assertThrows(IllegalTransitionException.class, () -> cancelled.requestCancel(T2, "again"));
  }

  @Test
  void aResumedOrRetriedRunCountsItsStartsAfreshButKeepsHavingStarted() {
    var waiting = started();
    waiting.fixSpec("{\"maxSteps\":3}");
    waiting.park(T2, "awaiting_approval", "p-1");
    waiting.resume(T2);
    assertEquals(0, waiting.getAttempts());
    assertTrue(waiting.hasStarted());

    var failed = failed();
    failed.retry(T2);
    assertEquals(WakeStatus.QUEUED, failed.getStatus());
    assertEquals(0, failed.getAttempts());
    assertFalse(queued().hasStarted());
    assertThrows(IllegalTransitionException.class, () -> started().retry(T2));
    assertThrows(IllegalTransitionException.class, () -> completed().retry(T2));
  }
}
