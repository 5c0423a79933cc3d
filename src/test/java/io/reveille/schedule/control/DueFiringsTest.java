package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DueFiringsTest {

  private static final Instant T0 = Instant.parse("2026-11-23T07:00:00Z");
  private static final TimerDefinition DAILY =
      TimerDefinition.unbounded(new Schedule.Daily(LocalTime.of(7, 0), ZoneId.of("UTC")));

  @Test
  void anOnTimeAlarmHasOneFiringDueAndTheNextDay() {
    var due = DueFirings.at(DAILY, T0, T0.plusMillis(40)).orElseThrow();
    assertEquals(1, due.count());
    assertFalse(due.isCatchUp());
    assertEquals(T0, due.first());
    assertEquals(T0, due.last());
    assertEquals(Optional.of(T0.plus(Duration.ofDays(1))), due.next());
  }

  @Test
  void afterDowntimeTheMissedFiringsCoalesceAndTheTimerContinuesAfterNow() {
    var now = T0.plus(Duration.ofDays(2)).plusSeconds(3600); // three firings missed
    var due = DueFirings.at(DAILY, T0, now).orElseThrow();
    assertEquals(3, due.count());
    assertTrue(due.isCatchUp());
    assertEquals(T0.plus(Duration.ofDays(2)), due.last());
    assertEquals(Optional.of(T0.plus(Duration.ofDays(3))), due.next());
  }

  @Test
  void anEarlyAlarmHasNothingDue() {
    assertEquals(Optional.empty(), DueFirings.at(DAILY, T0, T0.minusSeconds(1)));
  }

  @Test
  void intervalsCountArithmeticallyHoweverLongTheDowntime() {
    var interval = TimerDefinition.unbounded(new Schedule.Interval(Duration.ofMinutes(1), T0));
    var now = T0.plus(Duration.ofDays(365)).plusSeconds(30);
    var due = DueFirings.at(interval, T0, now).orElseThrow();
    assertEquals(365L * 24 * 60 + 1, due.count());
    assertEquals(T0.plus(Duration.ofDays(365)), due.last());
    assertEquals(Optional.of(T0.plus(Duration.ofDays(365)).plusSeconds(60)), due.next());
  }

  @Test
  void anUpperBoundEndsTheTimerAndLimitsTheCatchUp() {
    var bounded =
        new TimerDefinition(
            DAILY.schedule(), Optional.empty(), Optional.of(T0.plus(Duration.ofDays(1))));
    var due = DueFirings.at(bounded, T0, T0.plus(Duration.ofDays(5))).orElseThrow();
    assertEquals(2, due.count());
    assertEquals(T0.plus(Duration.ofDays(1)), due.last());
    assertEquals(Optional.empty(), due.next(), "no firing after the bound");

    var boundedInterval =
        new TimerDefinition(
            new Schedule.Interval(Duration.ofHours(1), T0),
            Optional.empty(),
            Optional.of(T0.plus(Duration.ofHours(2))));
    var hourly = DueFirings.at(boundedInterval, T0, T0.plus(Duration.ofHours(10))).orElseThrow();
    assertEquals(3, hourly.count());
    assertEquals(Optional.empty(), hourly.next());
  }

  @Test
  void aLowerBoundDelaysTheFirstFiring() {
    var bounded =
        new TimerDefinition(
            DAILY.schedule(), Optional.of(T0.plus(Duration.ofDays(3))), Optional.empty());
    assertEquals(Optional.of(T0.plus(Duration.ofDays(3))), bounded.nextAfter(T0));
  }
}
