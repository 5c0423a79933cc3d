package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunMeterTest {

  private static final Instant T0 = Instant.parse("2026-11-26T08:00:00Z");
  private static final RunSpec SPEC = new RunSpec(Duration.ofSeconds(60), 2, 2, 1, 2, 1_000);

  private static RunMeter meterAt(Instant now, long tokensSpent) {
    return new RunMeter(SPEC, T0, tokensSpent, Clock.fixed(now, ZoneOffset.UTC));
  }

  private static RunBudget stopped(Runnable check) {
    return assertThrows(RunBudgetExceededException.class, check::run).budget().orElseThrow();
  }

  @Test
  void theLastAllowedStepPassesAndTheNextStops() {
    var meter = meterAt(T0, 0);
    meter.step();
    meter.step();
    var e = assertThrows(RunBudgetExceededException.class, meter::step);
    assertEquals(RunBudget.MAX_STEPS, e.budget().orElseThrow());
    assertEquals(
        "budget_max_steps: the run needs step 3 and may take at most 2 (the model was still"
            + " calling tools)",
        e.getMessage());
  }

  @Test
  void theWallClockAllowsItsLimitExactlyAndStopsAfter() {
    meterAt(T0.plusSeconds(60), 0).step();
    assertEquals(RunBudget.MAX_WALL_CLOCK, stopped(meterAt(T0.plusSeconds(61), 0)::step));
    assertEquals(RunBudget.MAX_WALL_CLOCK, stopped(meterAt(T0.plusSeconds(61), 0)::beforeToolCall));
  }

  @Test
  void theLastAllowedToolCallPassesAndTheNextStops() {
    var meter = meterAt(T0, 0);
    meter.beforeToolCall();
    meter.beforeToolCall();
    assertEquals(RunBudget.MAX_TOOL_CALLS, stopped(meter::beforeToolCall));
  }

  @Test
  void tokensCountFromWhatEarlierAttemptsSpent() {
    var meter = meterAt(T0, 900);
    meter.afterModelCall(100);
    var e = assertThrows(RunBudgetExceededException.class, () -> meter.afterModelCall(1));
    assertEquals(RunBudget.MAX_MODEL_TOKENS, e.budget().orElseThrow());
    assertTrue(e.getMessage().contains("1001"), e.getMessage());
  }

  @Test
  void aFailedCallRepeatedWithTheSameArgumentsIsARetry() {
    var meter = meterAt(T0, 0);
    meter.afterToolResult("createTask", "h1", Optional.of("conflict"));
    meter.afterToolResult("createTask", "h1", Optional.of("not_found"));
    assertEquals(
        RunBudget.MAX_TOOL_RETRIES,
        stopped(() -> meter.afterToolResult("createTask", "h1", Optional.of("internal_error"))));
  }

  @Test
  void otherArgumentsOrASuccessfulCallAreNoRetry() {
    var meter = meterAt(T0, 0);
    meter.afterToolResult("createTask", "h1", Optional.empty());
    meter.afterToolResult("createTask", "h1", Optional.empty());
    meter.afterToolResult("createTask", "h1", Optional.of("conflict"));
    meter.afterToolResult("createTask", "h2", Optional.of("not_found"));
    meter.afterToolResult("listTasks", "h1", Optional.empty());
  }

  @Test
  void theSameToolErrorMayComeAtMostItsLimit() {
    var meter = meterAt(T0, 0);
    meter.afterToolResult("a", "h1", Optional.of("not_found"));
    meter.afterToolResult("b", "h2", Optional.of("not_found"));
    meter.afterToolResult("c", "h3", Optional.of("conflict"));
    assertEquals(
        RunBudget.MAX_SAME_ERROR,
        stopped(() -> meter.afterToolResult("d", "h4", Optional.of("not_found"))));
  }

  @Test
  void aCancelStopsTheRunAtItsNextStepBoundaryButNotBefore() {
    var cancelled = new java.util.concurrent.atomic.AtomicBoolean();
    var meter = meterAt(T0, 0).stopWhen("rk-1", cancelled::get);
    meter.step();
    meter.beforeToolCall();

    cancelled.set(true);

    assertThrows(RunCancelledException.class, meter::beforeToolCall);
    assertThrows(RunCancelledException.class, meter::step);
    assertThrows(RunCancelledException.class, meter::boundary);
  }

  @Test
  void aCancelMarkReadUnderTheStepsLockHoldsForItsCallsAndTheNextModelCallOnly() {
    var reads = new java.util.concurrent.atomic.AtomicInteger();
    var cancelled = new java.util.concurrent.atomic.AtomicBoolean();
    var meter =
        meterAt(T0, 0)
            .stopWhen(
                "rk-1",
                () -> {
                  reads.incrementAndGet();
                  return cancelled.get();
                });

    meter.readCancelMark();
    cancelled.set(true);
    meter.beforeToolCall();
    meter.step();

    assertEquals(1, reads.get(), "the calls and the next model call take the mark as read");
    assertThrows(RunCancelledException.class, meter::beforeToolCall);
    assertEquals(2, reads.get());
  }

  @Test
  void aForgottenCancelMarkIsReadAgain() {
    var cancelled = new java.util.concurrent.atomic.AtomicBoolean();
    var meter = meterAt(T0, 0).stopWhen("rk-1", cancelled::get);
    meter.readCancelMark();
    cancelled.set(true);

    meter.forgetCancelMark();

    assertThrows(RunCancelledException.class, meter::beforeToolCall);
  }

  @Test
  void aCopyCountsOnFromWhereTheMeterStoodAndTheMeterIsNotMovedByIt() {
    var meter = meterAt(T0, 0);
    meter.beforeToolCall();
    var copy = meter.copy();

    copy.beforeToolCall();

    assertEquals(RunBudget.MAX_TOOL_CALLS, stopped(copy::beforeToolCall));
    meter.beforeToolCall();
    assertEquals(RunBudget.MAX_TOOL_CALLS, stopped(meter::beforeToolCall));
  }

  @Test
  void theDailyQuotaStopsTheNextStepOnceTheDaysTokensReachIt() {
    var spec =
        SPEC.with(RunBudget.MAX_STEPS, 10)
            .withDailyQuota(new DailyTokenQuota(100, java.time.ZoneId.of("Europe/Berlin")));
    var meter = new RunMeter(spec, T0, 20, Clock.fixed(T0, ZoneOffset.UTC)).spentTodayElsewhere(50);
    meter.step();
    meter.afterModelCall(29);
    meter.step();
    meter.afterModelCall(1);
    var spent = assertThrows(RunBudgetExceededException.class, meter::step);
    assertTrue(spent.isDailyQuota());
    assertEquals(
        "budget_daily_tokens: the agent has spent 100 model tokens today (since"
            + " 2026-11-25T23:00:00Z, Europe/Berlin), its daily quota is 100; it thinks again from"
            + " 2026-11-26T23:00:00Z",
        spent.getMessage());
    assertTrue(
        assertThrows(RunBudgetExceededException.class, meter.copy()::step).isDailyQuota(),
        "a copy keeps the tokens spent elsewhere");
  }

  @Test
  void withoutADailyQuotaTokensSpentElsewhereStopNothing() {
    var meter = meterAt(T0, 0).spentTodayElsewhere(1_000_000);
    meter.step();
    assertThrows(IllegalArgumentException.class, () -> meter.spentTodayElsewhere(-1));
  }
}
