package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ToolBreakersTest {

  private static final class MovableClock extends Clock {
    private Instant now = Instant.parse("2026-11-26T10:00:00Z");

    @Override
    public java.time.ZoneId getZone() {
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

    void advance(Duration by) {
      now = now.plus(by);
    }
  }

  private final MovableClock clock = new MovableClock();
  private final ToolBreakers breakers = new ToolBreakers(clock, 3, Duration.ofSeconds(30));

  @Test
  void opensAfterTheThresholdOfFailuresInARowForThatToolOnly() {
    breakers.failure("a");
    breakers.failure("a");
    assertTrue(breakers.allow("a"));
    breakers.failure("a");

    assertFalse(breakers.allow("a"));
    assertTrue(breakers.isOpen("a"));
    assertTrue(breakers.allow("b"), "another tool's breaker is its own");
  }

  @Test
  void aSuccessBetweenFailuresResetsTheCount() {
    breakers.failure("a");
    breakers.failure("a");
    breakers.success("a");
    breakers.failure("a");
    assertTrue(breakers.allow("a"));
  }

  @Test
  void afterTheOpenPeriodOneTrialGoesThroughAndItsOutcomeDecides() {
    for (var i = 0; i < 3; i++) {
      breakers.failure("a");
    }
    clock.advance(Duration.ofSeconds(31));

    assertTrue(breakers.allow("a"), "the trial");
    assertFalse(breakers.allow("a"), "only one trial at a time");
    breakers.failure("a");
    assertFalse(breakers.allow("a"), "a failed trial opens it again");

    clock.advance(Duration.ofSeconds(31));
    assertTrue(breakers.allow("a"));
    breakers.success("a");
    assertTrue(breakers.allow("a"));
    assertTrue(breakers.allow("a"));
    assertFalse(breakers.isOpen("a"));
  }
}
