package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettingsTest {

  private static Optional<Boolean> optionalFlag(Map<String, String> settings, String key) {
    return Settings.optionalFlag(key2 -> Optional.ofNullable(settings.get(key2)), key);
  }

  @Test
  void anAbsentOrBlankSwitchIsEmpty() {
    assertEquals(Optional.empty(), optionalFlag(Map.of(), "a.switch"));
    assertEquals(Optional.empty(), optionalFlag(Map.of("a.switch", "  "), "a.switch"));
  }

  @Test
  void aSwitchIsReadWhateverItsCaseAndSurroundingBlanks() {
    assertEquals(Optional.of(true), optionalFlag(Map.of("a.switch", " true "), "a.switch"));
    assertEquals(Optional.of(false), optionalFlag(Map.of("a.switch", "FALSE"), "a.switch"));
  }

  @Test
  void anythingElseIsRefusedNamingTheSettingAndTheValue() {
    var error =
        assertThrows(
            IllegalArgumentException.class,
            () -> optionalFlag(Map.of("a.switch", "yes"), "a.switch"));
    assertTrue(error.getMessage().contains("a.switch"), error.getMessage());
    assertTrue(error.getMessage().contains("'yes'"), error.getMessage());
  }

  @Test
  void aValueOutsideItsRangeIsRefusedNamingTheRange() {
    assertEquals(5, Settings.within("a.count", 5, 1, 10));
    var error =
        assertThrows(IllegalArgumentException.class, () -> Settings.within("a.count", 11, 1, 10));
    assertEquals("a.count must be between 1 and 10, was 11", error.getMessage());
  }

  @Test
  void aDurationIsReadAsIso8601AndCheckedAgainstItsRange() {
    assertEquals(Duration.ofMillis(250), Settings.duration("a.delay", " PT0.25S "));
    assertEquals(
        Duration.ofMinutes(15),
        Settings.within(
            "a.ttl", Duration.ofMinutes(15), Duration.ofMinutes(1), Duration.ofHours(1)));
    var unreadable =
        assertThrows(IllegalArgumentException.class, () -> Settings.duration("a.delay", "15m"));
    assertTrue(
        unreadable.getMessage().startsWith("a.delay must be an ISO-8601 duration"),
        unreadable.getMessage());
    assertTrue(unreadable.getMessage().contains("'15m'"), unreadable.getMessage());
    var outside =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Settings.within(
                    "a.ttl", Duration.ofHours(2), Duration.ofMinutes(1), Duration.ofHours(1)));
    assertEquals("a.ttl must be between PT1M and PT1H, was PT2H", outside.getMessage());
  }
}
