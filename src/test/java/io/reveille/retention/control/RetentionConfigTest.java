package io.reveille.retention.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetentionConfigTest {

  @Test
  void agesAreIsoDurationsOrOff() {
    var config = new RetentionConfig("P30D", "PT12H", "off", "OFF", "P400D", 500, 60);

    assertEquals(Optional.of(Duration.ofDays(30)), config.notificationBatches());
    assertEquals(Optional.of(Duration.ofHours(12)), config.runLog());
    assertEquals(Optional.empty(), config.toolCalls());
    assertEquals(Optional.empty(), config.deadLetters());
    assertEquals(Optional.of(Duration.ofDays(400)), config.audit());
    assertEquals(Duration.ofMinutes(60), config.period());
  }

  @Test
  void aBadValueNamesItsSetting() {
    var bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RetentionConfig("30 days", "P90D", "P90D", "P30D", "P400D", 500, 60));
    assertTrue(bad.getMessage().startsWith("reveille.retention.notification-batches"));
    var tiny =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RetentionConfig("P30D", "PT0S", "P90D", "P30D", "P400D", 500, 60));
    assertTrue(tiny.getMessage().startsWith("reveille.retention.run-log"));
    var batch =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RetentionConfig("P30D", "P90D", "P90D", "P30D", "P400D", 0, 60));
    assertTrue(batch.getMessage().startsWith("reveille.retention.batch-size"));
    var audit =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RetentionConfig("P30D", "P90D", "P90D", "P30D", "a year", 500, 60));
    assertTrue(audit.getMessage().startsWith("reveille.retention.audit"));
  }
}
