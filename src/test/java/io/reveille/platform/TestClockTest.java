package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.ShippedConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestClockTest {

  private static final Clock BASE =
      Clock.fixed(Instant.parse("2026-11-30T07:00:00Z"), ZoneOffset.UTC);

  private static Clock clock(Map<String, String> settings) {
    return TestClock.from(key -> Optional.ofNullable(settings.get(key)), BASE);
  }

  @Test
  void withoutSettingsTheClockIsTheSystems() {
    assertSame(BASE, clock(Map.of()));
    assertSame(BASE, clock(Map.of(TestClock.ENABLED, "true")));
  }

  @Test
  void anOffsetMovesTheClockAndAFixedInstantStopsIt() {
    var tomorrow = clock(Map.of(TestClock.ENABLED, "true", TestClock.OFFSET, "P1D"));
    assertEquals(Instant.parse("2026-12-01T07:00:00Z"), tomorrow.instant());
    var earlier = clock(Map.of(TestClock.ENABLED, "true", TestClock.OFFSET, "-PT3H"));
    assertEquals(BASE.instant().minus(Duration.ofHours(3)), earlier.instant());
    var fixed = clock(Map.of(TestClock.ENABLED, "true", TestClock.FIXED, "2026-12-31T23:59:50Z"));
    assertEquals(Instant.parse("2026-12-31T23:59:50Z"), fixed.instant());
  }

  @Test
  void aTestClockWithoutTheFlagIsRefusedNamingTheSetting() {
    for (var setting :
        Map.of(TestClock.OFFSET, "P1D", TestClock.FIXED, "2026-12-01T00:00:00Z").entrySet()) {
      for (var flag : new String[] {null, "false", "yes"}) {
        var settings =
            new java.util.HashMap<String, String>(Map.of(setting.getKey(), setting.getValue()));
        if (flag != null) {
          settings.put(TestClock.ENABLED, flag);
        }
        var refused = assertThrows(IllegalStateException.class, () -> clock(settings));
        assertTrue(refused.getMessage().startsWith(setting.getKey()), refused::getMessage);
        assertTrue(refused.getMessage().contains(TestClock.ENABLED + "=true"), refused::getMessage);
      }
    }
  }

  @Test
  void badOrConflictingValuesAreRefused() {
    var both =
        assertThrows(
            IllegalStateException.class,
            () ->
                clock(
                    Map.of(
                        TestClock.ENABLED, "true",
                        TestClock.OFFSET, "P1D",
                        TestClock.FIXED, "2026-12-01T00:00:00Z")));
    assertTrue(both.getMessage().contains("exclude each other"), both::getMessage);
    var offset =
        assertThrows(
            IllegalStateException.class,
            () -> clock(Map.of(TestClock.ENABLED, "true", TestClock.OFFSET, "tomorrow")));
    assertTrue(offset.getMessage().startsWith(TestClock.OFFSET), offset::getMessage);
    var fixed =
        assertThrows(
            IllegalStateException.class,
            () -> clock(Map.of(TestClock.ENABLED, "true", TestClock.FIXED, "2026-12-01")));
    assertTrue(fixed.getMessage().startsWith(TestClock.FIXED), fixed::getMessage);
  }

  @Test
  void thePackagedDefaultsSetNoTestClock() {
    var shipped = ShippedConfig.properties();
    for (var key : new String[] {TestClock.ENABLED, TestClock.OFFSET, TestClock.FIXED}) {
      assertTrue(!shipped.containsKey(key), key + " must not be in the packaged defaults");
    }
  }
}
