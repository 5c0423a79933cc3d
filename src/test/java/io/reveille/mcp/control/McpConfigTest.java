package io.reveille.mcp.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class McpConfigTest {

  private static McpConfig of(Map<String, String> settings) {
    return new McpConfig(key -> Optional.ofNullable(settings.get(key)));
  }

  @Test
  void theDefaultsHoldWhenNothingIsSet() {
    var config = of(Map.of());
    assertEquals(Duration.ofHours(1), config.sessionIdle());
    assertEquals(32, config.maxSessions());
    assertEquals(4, config.maxStreams());
    assertEquals(Duration.ofSeconds(2), config.streamPoll());
  }

  @Test
  void aSettingOutOfItsRangeOrNotANumberStopsTheStartNamingIt() {
    for (var bad :
        Map.of(
                McpConfig.SESSION_IDLE, "59",
                McpConfig.MAX_SESSIONS, "0",
                McpConfig.MAX_STREAMS, "65",
                McpConfig.STREAM_POLL, "soon")
            .entrySet()) {
      var refused =
          assertThrows(
              IllegalArgumentException.class, () -> of(Map.of(bad.getKey(), bad.getValue())));
      assertTrue(refused.getMessage().contains(bad.getKey()), refused::getMessage);
    }
  }

  @Test
  void logLevelsAreOrderedBySeverity() {
    assertTrue(McpLogLevels.reaches("error", "warning"));
    assertTrue(!McpLogLevels.reaches("debug", "info"));
    assertTrue(McpLogLevels.known("emergency"));
    assertTrue(!McpLogLevels.known("loud"));
  }
}
