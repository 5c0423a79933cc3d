package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WakeConfigTest {

  @Test
  void theFailureBackoffDoublesUpToItsMaximum() {
    var config = new WakeConfig(120, 5, 900, 30, 300, 5);

    assertEquals(Duration.ZERO, config.failureBackoff(0));
    assertEquals(Duration.ofSeconds(30), config.failureBackoff(1));
    assertEquals(Duration.ofSeconds(60), config.failureBackoff(2));
    assertEquals(Duration.ofSeconds(120), config.failureBackoff(3));
    assertEquals(Duration.ofSeconds(240), config.failureBackoff(4));
    assertEquals(Duration.ofSeconds(300), config.failureBackoff(5));
    assertEquals(Duration.ofSeconds(300), config.failureBackoff(1_000));
    assertEquals(5, config.maxConsecutiveFailures());
    assertEquals(Duration.ofSeconds(900), config.runLease());
  }

  @Test
  void badSettingsAreRefusedWithTheirNames() {
    var lease =
        assertThrows(IllegalArgumentException.class, () -> new WakeConfig(120, 5, 1, 30, 300, 5));
    assertTrue(lease.getMessage().contains("reveille.wake.run-lease-seconds"), lease.getMessage());
    var max =
        assertThrows(IllegalArgumentException.class, () -> new WakeConfig(120, 5, 900, 30, 10, 5));
    assertTrue(max.getMessage().contains("failure-backoff-max-seconds"), max.getMessage());
    var failures =
        assertThrows(IllegalArgumentException.class, () -> new WakeConfig(120, 5, 900, 30, 300, 0));
    assertTrue(failures.getMessage().contains("max-consecutive-failures"), failures.getMessage());
  }
}
