package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The wall-clock rule on the days clocks change: a daily timer fires exactly once on every day — a
 * local time in the skipped hour moves forward by the gap, a local time in the repeated hour fires
 * at its first occurrence — and "07:00" stays 07:00 local across the change and in a new zone.
 */
class ScheduleTest {

  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  /** The daily firings from the start of {@code from} (local) for {@code days} days. */
  private static List<Instant> firings(Schedule schedule, LocalDate from, int days) {
    var result = new ArrayList<Instant>();
    var at = from.atStartOfDay(schedule.zone()).toInstant().minusNanos(1);
    var end = from.plusDays(days).atStartOfDay(schedule.zone()).toInstant();
    while (true) {
      var next = schedule.nextAfter(at).orElseThrow();
      if (!next.isBefore(end)) {
        return result;
      }
      result.add(next);
      at = next;
    }
  }

  @Test
  void berlinSpringForwardTheSkippedHalfHourFiresAtTheSameDistanceAfterTheChange() {
    var daily = new Schedule.Daily(LocalTime.of(2, 30), BERLIN);
    assertEquals(
        List.of(
            Instant.parse("2026-03-28T01:30:00Z"), // 02:30 CET
            Instant.parse("2026-03-29T01:30:00Z"), // 02:30 does not exist: 03:30 CEST
            Instant.parse("2026-03-30T00:30:00Z")), // 02:30 CEST
        firings(daily, LocalDate.of(2026, 3, 28), 3));
  }

  @Test
  void berlinFallBackTheRepeatedHalfHourFiresOnceAtItsFirstOccurrence() {
    var daily = new Schedule.Daily(LocalTime.of(2, 30), BERLIN);
    assertEquals(
        List.of(
            Instant.parse("2026-10-24T00:30:00Z"), // 02:30 CEST
            Instant.parse("2026-10-25T00:30:00Z"), // the first 02:30, still CEST
            Instant.parse("2026-10-26T01:30:00Z")), // 02:30 CET
        firings(daily, LocalDate.of(2026, 10, 24), 3));
  }

  @Test
  void newYorkSpringForwardAndFallBack() {
    var daily = new Schedule.Daily(LocalTime.of(2, 30), NEW_YORK);
    assertEquals(
        List.of(
            Instant.parse("2026-03-07T07:30:00Z"), // 02:30 EST
            Instant.parse("2026-03-08T07:30:00Z"), // 02:30 does not exist: 03:30 EDT
            Instant.parse("2026-03-09T06:30:00Z")), // 02:30 EDT
        firings(daily, LocalDate.of(2026, 3, 7), 3));
    assertEquals(
        List.of(
            Instant.parse("2026-10-31T06:30:00Z"), // 02:30 EDT
            Instant.parse("2026-11-01T07:30:00Z"), // 01:00-02:00 repeats; 02:30 is EST, once
            Instant.parse("2026-11-02T07:30:00Z")), // 02:30 EST
        firings(daily, LocalDate.of(2026, 10, 31), 3));
  }

  @Test
  void newYorkFallBackRepeatedHourFiresOnce() {
    // New York repeats 01:00-02:00 on 2026-11-01: 01:30 happens twice and fires once, the first.
    var daily = new Schedule.Daily(LocalTime.of(1, 30), NEW_YORK);
    assertEquals(
        List.of(
            Instant.parse("2026-10-31T05:30:00Z"), // 01:30 EDT
            Instant.parse("2026-11-01T05:30:00Z"), // the first 01:30 (EDT), not 06:30 (EST)
            Instant.parse("2026-11-02T06:30:00Z")), // 01:30 EST
        firings(daily, LocalDate.of(2026, 10, 31), 3));
  }

  @Test
  void sevenOClockStaysSevenLocalAcrossTheChangeAndInANewZone() {
    var daily = new Schedule.Daily(LocalTime.of(7, 0), BERLIN);
    for (var instant : firings(daily, LocalDate.of(2026, 3, 27), 5)) {
      assertEquals(LocalTime.of(7, 0), instant.atZone(BERLIN).toLocalTime());
    }
    var moved = new Schedule.Daily(LocalTime.of(7, 0), NEW_YORK);
    var next = moved.nextAfter(Instant.parse("2026-06-01T12:00:00Z")).orElseThrow();
    assertEquals(Instant.parse("2026-06-02T11:00:00Z"), next, "07:00 EDT");
  }

  @Test
  void weeklyFiresOnItsDayAndTheSameRuleApplies() {
    var weekly = new Schedule.Weekly(DayOfWeek.SUNDAY, LocalTime.of(2, 30), BERLIN);
    // 2026-03-29 is the Sunday Berlin springs forward.
    assertEquals(
        Optional.of(Instant.parse("2026-03-29T01:30:00Z")),
        weekly.nextAfter(Instant.parse("2026-03-23T00:00:00Z")));
    assertEquals(
        Optional.of(Instant.parse("2026-04-05T00:30:00Z")),
        weekly.nextAfter(Instant.parse("2026-03-29T01:30:00Z")));
  }

  @Test
  void strictlyAfter() {
    var daily = new Schedule.Daily(LocalTime.of(7, 0), ZoneId.of("UTC"));
    assertEquals(
        Optional.of(Instant.parse("2026-01-02T07:00:00Z")),
        daily.nextAfter(Instant.parse("2026-01-01T07:00:00Z")));
  }

  @Test
  void intervalsCountFromTheAnchorAndIgnoreZones() {
    var interval =
        new Schedule.Interval(Duration.ofHours(4), Instant.parse("2026-03-29T00:00:00Z"));
    assertEquals(
        Optional.of(Instant.parse("2026-03-29T00:00:00Z")),
        interval.nextAfter(Instant.parse("2026-01-01T00:00:00Z")));
    assertEquals(
        Optional.of(Instant.parse("2026-03-29T04:00:00Z")),
        interval.nextAfter(Instant.parse("2026-03-29T00:00:00Z")));
    assertEquals(
        Optional.of(Instant.parse("2026-03-29T08:00:00Z")),
        interval.nextAfter(Instant.parse("2026-03-29T05:59:59Z")));
    assertTrue(interval.toJson().toString().contains("\"everySeconds\":14400"));
  }
}
