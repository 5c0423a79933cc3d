package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WakeRateLimitTest {

  private Instant now = Instant.parse("2026-11-26T08:00:00Z");

  private final Clock clock =
      new Clock() {
        @Override
        public ZoneOffset getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return now;
        }
      };

  @Test
  void aBurstIsAllowedThenTheNextWakeWaitsForTheRefill() {
    var limit = new WakeRateLimit(3, 20, clock);

    for (var i = 0; i < 3; i++) {
      assertEquals(Optional.empty(), limit.tryTake("agent-1"), "wake " + (i + 1));
    }
    assertEquals(Optional.of(Duration.ofSeconds(3)), limit.tryTake("agent-1"));

    now = now.plusSeconds(3);
    assertEquals(Optional.empty(), limit.tryTake("agent-1"), "one wake refilled in 3 s");
    assertTrue(limit.tryTake("agent-1").isPresent());
  }

  @Test
  void eachAgentHasItsOwnAllowance() {
    var limit = new WakeRateLimit(1, 1, clock);

    assertEquals(Optional.empty(), limit.tryTake("agent-1"));
    assertEquals(Optional.of(Duration.ofSeconds(60)), limit.tryTake("agent-1"));
    assertEquals(Optional.empty(), limit.tryTake("agent-2"));
  }

  @Test
  void theAllowanceNeverGrowsBeyondTheBurst() {
    var limit = new WakeRateLimit(2, 60, clock);
    limit.tryTake("agent-1");

    now = now.plus(Duration.ofHours(1));

    assertEquals(Optional.empty(), limit.tryTake("agent-1"));
    assertEquals(Optional.empty(), limit.tryTake("agent-1"));
    assertTrue(limit.tryTake("agent-1").isPresent());
  }

  @Test
  void settingsOutOfRangeAreRefusedByName() {
    var burst = assertThrows(IllegalArgumentException.class, () -> new WakeRateLimit(0, 20, clock));
    assertTrue(burst.getMessage().startsWith("reveille.wake.requested-burst"));
    var rate = assertThrows(IllegalArgumentException.class, () -> new WakeRateLimit(10, 0, clock));
    assertTrue(rate.getMessage().startsWith("reveille.wake.requested-per-minute"));
  }
}
