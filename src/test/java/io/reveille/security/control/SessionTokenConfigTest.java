package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SessionTokenConfigTest {

  @Test
  void theDefaultsAreMinutesForATokenAndAWorkingDayForItsRenewals() {
    var settings = new SessionTokenConfig("PT15M", "PT12H").settings();
    assertEquals(Duration.ofMinutes(15), settings.ttl());
    assertEquals(Duration.ofHours(12), settings.maxLifetime());
  }

  @Test
  void aLifetimeOutOfBoundsOrLongerThanItsRenewalLimitStopsTheStartNamingTheSetting() {
    assertRefused("PT10S", "PT12H", "reveille.console.session-ttl");
    assertRefused("PT2H", "PT12H", "reveille.console.session-ttl");
    assertRefused("PT15M", "P8D", "reveille.console.session-max-lifetime");
    assertRefused("PT30M", "PT20M", "must be at least");
    assertRefused("fifteen minutes", "PT12H", "ISO-8601");
  }

  private static void assertRefused(String ttl, String maxLifetime, String reason) {
    var refused =
        assertThrows(
            IllegalArgumentException.class, () -> new SessionTokenConfig(ttl, maxLifetime));
    assertTrue(refused.getMessage().contains(reason), refused.getMessage());
  }
}
