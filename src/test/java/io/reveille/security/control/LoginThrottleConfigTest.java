package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoginThrottleConfigTest {

  private static LoginThrottleConfig config(
      int failures, int clientFailures, String delay, String maxDelay, String maxHold) {
    return new LoginThrottleConfig(
        failures, clientFailures, delay, maxDelay, maxHold, "PT15M", 10_000);
  }

  @Test
  void theDefaultsOfTheDocsAreAccepted() {
    var settings = config(3, 20, "PT0.25S", "PT15M", "PT2S").settings();
    assertEquals(Duration.ofMillis(250), settings.delay());
    assertEquals(Duration.ofSeconds(2), settings.maxHold());
  }

  @Test
  void everyBadValueNamesItsSettingAndTheValue() {
    assertMessage(
        "reveille.login-throttle.delay must be an ISO-8601 duration",
        () -> config(3, 20, "250ms", "PT15M", "PT2S"));
    assertMessage(
        "reveille.login-throttle.failures must be between 1 and 1000, was 0",
        () -> config(0, 20, "PT0.25S", "PT15M", "PT2S"));
    assertMessage(
        "reveille.login-throttle.client-failures (2) must be at least"
            + " reveille.login-throttle.failures (3)",
        () -> config(3, 2, "PT0.25S", "PT15M", "PT2S"));
    assertMessage(
        "reveille.login-throttle.max-delay (PT1S) must be at least reveille.login-throttle.delay",
        () -> config(3, 20, "PT2S", "PT1S", "PT2S"));
    assertMessage(
        "reveille.login-throttle.max-hold must be between PT0S and PT10S, was PT1M",
        () -> config(3, 20, "PT0.25S", "PT15M", "PT1M"));
    assertMessage(
        "reveille.login-throttle.tracked must be between 100 and 10000000, was 5",
        () -> new LoginThrottleConfig(3, 20, "PT0.25S", "PT15M", "PT2S", "PT15M", 5));
    assertMessage(
        "reveille.login-throttle.forget-after must be between PT1S and PT24H, was PT0S",
        () -> new LoginThrottleConfig(3, 20, "PT0.25S", "PT15M", "PT2S", "PT0S", 100));
  }

  private static void assertMessage(String expected, Runnable setting) {
    var e = assertThrows(IllegalArgumentException.class, setting::run);
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
  }
}
