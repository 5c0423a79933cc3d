package io.reveille.session.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SessionConfigTest {

  @Test
  void theDefaultsAreAccepted() {
    var config = new SessionConfig(250, 3600, 200, 20, 15);
    assertEquals(Duration.ofMillis(250), config.eventsPoll());
    assertEquals(Duration.ofHours(1), config.eventsMaxAge());
    assertEquals(200, config.eventsMaxStreams());
    assertEquals(Duration.ofSeconds(15), config.eventsKeepAlive());
  }

  @Test
  void outOfRangeValuesStopTheStartNamingTheKey() {
    var poll =
        assertThrows(IllegalArgumentException.class, () -> new SessionConfig(0, 3600, 200, 20, 15));
    assertTrue(poll.getMessage().contains("events-poll-millis"), poll.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SessionConfig(250, 0, 200, 20, 15));
    assertThrows(IllegalArgumentException.class, () -> new SessionConfig(250, 3600, 0, 20, 15));
    var keepAlive =
        assertThrows(
            IllegalArgumentException.class, () -> new SessionConfig(250, 3600, 200, 20, 0));
    assertTrue(
        keepAlive.getMessage().contains("events-keep-alive-seconds"), keepAlive.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SessionConfig(250, 3600, 200, 20, 301));
  }
}
