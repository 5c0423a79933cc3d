package io.reveille.wake.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.reveille.wake.boundary.WakesResource.WakeResponse;
import io.reveille.wake.control.RunSpec;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WakeResponseTest {

  private static final Instant T0 = Instant.parse("2026-11-26T08:00:00Z");

  private static WakeRunLogEntry started() {
    var entry =
        new WakeRunLogEntry(
            "rk-1", "agent-1", WakeReason.MANUAL, null, "agent-1:run:rk-1", List.of(), null, T0);
    entry.start(T0.plusSeconds(1));
    return entry;
  }

  @Test
  void aRunStoppedByItsBudgetShowsTheCodeAndTheBudgets() {
    var entry = started();
    entry.fixSpec(new RunSpec(Duration.ofSeconds(600), 2, 50, 2, 3, 200_000).toJson());
    entry.fail(T0.plusSeconds(2), "budget_max_steps: ...", "budget_max_steps");

    var response = WakeResponse.of(entry);

    assertEquals("budget_max_steps", response.errorCode());
    assertEquals(
        new WakeResponse.Budgets(600, 2, 50, 2, 3, 200_000, false, null, null), response.budgets());
  }

  @Test
  void aRunUnderADailyQuotaShowsItWithItsZone() {
    var entry = started();
    entry.fixSpec(
        new RunSpec(Duration.ofSeconds(600), 2, 50, 2, 3, 200_000)
            .withDailyQuota(
                new io.reveille.wake.control.DailyTokenQuota(
                    9_000, java.time.ZoneId.of("Europe/Berlin")))
            .toJson());

    var budgets = WakeResponse.of(entry).budgets();

    assertEquals(9_000L, budgets.dailyTokens());
    assertEquals("Europe/Berlin", budgets.dailyTokensZone());
  }

  @Test
  void aRunFromBeforeBudgetsShowsNone() {
    var response = WakeResponse.of(started());
    assertNull(response.budgets());
    assertNull(response.errorCode());
  }
}
