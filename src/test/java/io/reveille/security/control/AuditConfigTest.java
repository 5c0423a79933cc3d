package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AuditConfigTest {

  @Test
  void theRefusalWindowIsAnIsoDurationFromASecondToAnHour() {
    assertEquals(Duration.ofMinutes(1), new AuditConfig("PT1M", 10_000).refusalWindow());
    assertEquals(Duration.ofSeconds(1), new AuditConfig(" PT1S ", 1).refusalWindow());
    for (var bad : new String[] {"1m", "PT0.5S", "PT2H", ""}) {
      var refused =
          assertThrows(IllegalArgumentException.class, () -> new AuditConfig(bad, 10_000));
      assertTrue(refused.getMessage().startsWith("reveille.audit.refusal-window"), bad);
    }
    var clients = assertThrows(IllegalArgumentException.class, () -> new AuditConfig("PT1M", 0));
    assertTrue(clients.getMessage().startsWith("reveille.audit.refusal-clients"));
  }
}
