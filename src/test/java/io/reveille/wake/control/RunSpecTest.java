package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunSpecTest {

  private static final RunSpec SPEC = new RunSpec(Duration.ofSeconds(600), 8, 50, 2, 3, 200_000);

  @Test
  void specSurvivesItsJsonForm() {
    assertEquals(SPEC, RunSpec.fromJson(SPEC.toJson()));
  }

  @Test
  void jsonNamesEveryBudgetByItsField() {
    var json = SPEC.toJsonObject();
    assertEquals(600, json.getInt("maxWallClockSeconds"));
    assertEquals(8, json.getInt("maxSteps"));
    assertEquals(50, json.getInt("maxToolCalls"));
    assertEquals(2, json.getInt("maxToolRetries"));
    assertEquals(3, json.getInt("maxSameErrorRepeats"));
    assertEquals(200_000, json.getJsonNumber("maxModelTokens").longValue());
  }

  @Test
  void storedSpecWithoutABudgetIsCorrupt() {
    var e = assertThrows(IllegalStateException.class, () -> RunSpec.fromJson("{\"maxSteps\":8}"));
    assertTrue(e.getMessage().contains("maxWallClockSeconds"), e.getMessage());
  }

  @Test
  void storedSpecOutOfBoundsIsCorrupt() {
    var json =
        SPEC.with(RunBudget.MAX_STEPS, 8).toJson().replace("\"maxSteps\":8", "\"maxSteps\":0");
    assertThrows(IllegalStateException.class, () -> RunSpec.fromJson(json));
  }

  @Test
  void aBudgetOutOfBoundsIsRefusedNamingIt() {
    var e = assertThrows(IllegalArgumentException.class, () -> SPEC.with(RunBudget.MAX_STEPS, 101));
    assertEquals("maxSteps must be between 1 and 100, was 101", e.getMessage());
  }

  @Test
  void zeroRetriesIsAllowed() {
    assertEquals(0, SPEC.with(RunBudget.MAX_TOOL_RETRIES, 0).maxToolRetries());
  }

  @Test
  void theEscalationRoundTripsAndASpecStoredWithoutItDoesNotEscalate() {
    var spec = new RunSpec(Duration.ofSeconds(60), 3, 10, 1, 2, 1000).askingHumanOnBudget(true);

    assertEquals(spec, RunSpec.fromJson(spec.toJson()));
    assertTrue(spec.toJsonObject().getBoolean("askHumanOnBudget"));
    var stored =
        "{\"maxWallClockSeconds\":60,\"maxSteps\":3,\"maxToolCalls\":10,\"maxToolRetries\":1,"
            + "\"maxSameErrorRepeats\":2,\"maxModelTokens\":1000}";
    assertFalse(RunSpec.fromJson(stored).askHumanOnBudget());
  }

  @Test
  void aDailyQuotaSurvivesTheJsonFormAndIsLeftOutWithoutOne() {
    var daily = SPEC.withDailyQuota(new DailyTokenQuota(5_000, java.time.ZoneId.of("Asia/Tokyo")));
    assertEquals(daily, RunSpec.fromJson(daily.toJson()));
    assertEquals(5_000, daily.toJsonObject().getJsonNumber("dailyTokens").longValue());
    assertEquals("Asia/Tokyo", daily.toJsonObject().getString("dailyTokensZone"));
    assertTrue(!SPEC.toJsonObject().containsKey("dailyTokens"), SPEC::toJson);
    assertEquals(daily.daily(), daily.with(RunBudget.MAX_STEPS, 3).daily(), "kept by with");
    var zero = daily.toJson().replace("\"dailyTokens\":5000", "\"dailyTokens\":0");
    assertThrows(IllegalStateException.class, () -> RunSpec.fromJson(zero));
    var nowhere = daily.toJson().replace("Asia/Tokyo", "Nowhere/At_All");
    assertThrows(IllegalStateException.class, () -> RunSpec.fromJson(nowhere));
  }
}
