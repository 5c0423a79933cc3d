package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class SweepConfigTest {

  @Test
  void readsTheSettings() {
    var config = new SweepConfig(900, 60, 30, 600, 5, 4, 500);

    assertEquals(Duration.ofSeconds(60), config.heartbeat());
    assertEquals(Duration.ofSeconds(30), config.sweep());
    assertEquals(Duration.ofSeconds(600), config.staleQueued());
    assertEquals(5, config.maxRunAttempts());
    assertEquals(4, config.completeAttempts());
    assertEquals(Duration.ofMillis(500), config.completeRetryDelay());
  }

  @Test
  void aHeartbeatSlowerThanAThirdOfTheLeaseIsRefused() {
    var refused =
        assertThrows(
            IllegalArgumentException.class, () -> new SweepConfig(900, 301, 30, 600, 5, 4, 500));

    assertTrue(refused.getMessage().contains("reveille.wake.heartbeat-seconds"));
    assertTrue(refused.getMessage().contains("300"), refused.getMessage());
  }

  @Test
  void outOfRangeValuesNameTheirSetting() {
    assertNamed("reveille.wake.sweep-seconds", () -> new SweepConfig(900, 60, 0, 600, 5, 4, 500));
    assertNamed(
        "reveille.wake.stale-queued-seconds", () -> new SweepConfig(900, 60, 30, 0, 5, 4, 500));
    assertNamed(
        "reveille.wake.max-run-attempts", () -> new SweepConfig(900, 60, 30, 600, 0, 4, 500));
    assertNamed(
        "reveille.wake.complete-attempts", () -> new SweepConfig(900, 60, 30, 600, 5, 0, 500));
    assertNamed(
        "reveille.wake.complete-retry-delay-millis",
        () -> new SweepConfig(900, 60, 30, 600, 5, 4, -1));
  }

  private static void assertNamed(String setting, Executable construction) {
    var refused = assertThrows(IllegalArgumentException.class, construction);
    assertTrue(refused.getMessage().startsWith(setting + " "), refused.getMessage());
  }
}
