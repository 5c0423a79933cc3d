package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ToolBreakersTest {

  private final MovableClock clock = new MovableClock(Instant.parse("2026-11-26T10:00:00Z"));
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
