package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Expected dates are 2026 calendar facts checked outside java.time (January 1st 2026 is a
 * Thursday); expected DST instants follow the rule in the class Javadoc: a local time in a gap
 * moves forward by the gap, one in an overlap takes the earlier (summer) offset.
 */
class CalendarExpressionTest {

  private static final ZoneId UTC = ZoneOffset.UTC;
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  @Test
  void emptyAttributesFireEveryDayAtMidnight() {
    var daily = expression();
    assertEquals(
        instants("2026-05-11T00:00:00Z", "2026-05-12T00:00:00Z", "2026-05-13T00:00:00Z"),
        next(daily, "2026-05-10T12:00:00Z", UTC, 3));
    var expected = new LinkedHashMap<String, String>();
    expected.put("second", "0");
    expected.put("minute", "0");
    expected.put("hour", "0");
    expected.put("dayOfMonth", "*");
    expected.put("month", "*");
    expected.put("dayOfWeek", "*");
    expected.put("year", "*");
    assertEquals(expected, daily.attributes());
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(daily.attributes().keySet()));
  }

  @Test
  void nullAndAbsentAttributesTakeTheDefaultsAndUnknownKeysAreIgnored() {
    var attributes = new HashMap<String, String>();
    attributes.put("hour", null);
    attributes.put("dayOfWeek", null);
    attributes.put("timezone", "Europe/Berlin");
    assertEquals(expression(), CalendarExpression.parse(attributes));
  }

  @Test
  void everyFiveMinutesStartsAtTheNextMultipleOfFiveAndRollsOverMidnight() {
    var everyFive = expression("minute", "*/5", "hour", "*");
    assertEquals(
        instants("2026-05-10T10:10:00Z", "2026-05-10T10:15:00Z", "2026-05-10T10:20:00Z"),
        next(everyFive, "2026-05-10T10:07:30Z", UTC, 3));
    assertEquals(
        instants("2026-05-10T23:55:00Z", "2026-05-11T00:00:00Z"),
        next(everyFive, "2026-05-10T23:53:00Z", UTC, 2));
  }

  @Test
  void incrementWithAStartCountsFromItWithinTheMinute() {
    var expression = expression("second", "30/10", "minute", "*", "hour", "*");
    assertEquals(
        instants(
            "2026-05-10T10:00:30Z",
            "2026-05-10T10:00:40Z",
            "2026-05-10T10:00:50Z",
            "2026-05-10T10:01:30Z"),
        next(expression, "2026-05-10T10:00:00Z", UTC, 4));
  }

  @Test
  void incrementOfZeroIsJustTheStartValue() {
    assertEquals(
        instants("2026-05-10T10:15:00Z", "2026-05-10T11:15:00Z"),
        next(expression("minute", "15/0", "hour", "*"), "2026-05-10T10:00:00Z", UTC, 2));
  }

  @Test
  void listOfValuesAndRangesFiresAtEachInOrder() {
    assertEquals(
        instants(
            "2026-05-10T04:00:00Z",
            "2026-05-10T09:00:00Z",
            "2026-05-10T10:00:00Z",
            "2026-05-10T11:00:00Z",
            "2026-05-10T22:00:00Z",
            "2026-05-11T04:00:00Z"),
        next(expression("hour", "4,9-11,22"), "2026-05-10T00:00:00Z", UTC, 6));
  }

  @Test
  void hourRangeWhoseStartIsLargerWrapsPastMidnight() {
    assertEquals(
        instants(
            "2026-05-10T22:00:00Z",
            "2026-05-10T23:00:00Z",
            "2026-05-11T00:00:00Z",
            "2026-05-11T01:00:00Z",
            "2026-05-11T22:00:00Z"),
        next(expression("hour", "22-1"), "2026-05-10T12:00:00Z", UTC, 5));
  }

  @Test
  void dayOfWeekRangeFridayToMondayWrapsOverTheWeekend() {
    // 2026-05-13 is a Wednesday.
    var expected = dates("2026-05-15", "2026-05-16", "2026-05-17", "2026-05-18", "2026-05-22");
    assertEquals(expected, nextDates(expression("dayOfWeek", "Fri-Mon"), "2026-05-13", 5));
    assertEquals(expected, nextDates(expression("dayOfWeek", "5-1"), "2026-05-13", 5));
  }

  @Test
  void dayOfWeekZeroAndSevenAreBothSundayAndZeroToSevenIsEveryDay() {
    var sundays = dates("2026-05-17", "2026-05-24");
    assertEquals(sundays, nextDates(expression("dayOfWeek", "0"), "2026-05-13", 2));
    assertEquals(sundays, nextDates(expression("dayOfWeek", "7"), "2026-05-13", 2));
    assertEquals(sundays, nextDates(expression("dayOfWeek", "sun"), "2026-05-13", 2));
    assertEquals(
        dates("2026-05-14", "2026-05-15", "2026-05-16"),
        nextDates(expression("dayOfWeek", "0-7"), "2026-05-13", 3));
  }

  @Test
  void lastIsTheLastDayOfEachMonth() {
    assertEquals(
        dates("2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"),
        nextDates(expression("dayOfMonth", "Last"), "2026-01-15", 4));
  }

  @Test
  void minusTwoIsTwoDaysBeforeTheLastDay() {
    assertEquals(
        dates("2026-01-29", "2026-02-26", "2026-03-29", "2026-04-28"),
        nextDates(expression("dayOfMonth", "-2"), "2026-01-15", 4));
  }

  @Test
  void secondTuesdayOfEachMonth() {
    assertEquals(
        dates("2026-01-13", "2026-02-10", "2026-03-10", "2026-04-14"),
        nextDates(expression("dayOfMonth", "2nd Tue"), "2026-01-01", 4));
  }

  @Test
  void lastFridayOfEachMonth() {
    assertEquals(
        dates("2026-01-30", "2026-02-27", "2026-03-27", "2026-04-24", "2026-05-29"),
        nextDates(expression("dayOfMonth", "Last Fri"), "2026-01-01", 5));
  }

  @Test
  void fifthMondaySkipsMonthsWithOnlyFourMondays() {
    assertEquals(
        dates("2026-03-30", "2026-06-29", "2026-08-31", "2026-11-30"),
        nextDates(expression("dayOfMonth", "5th Mon"), "2026-01-01", 4));
  }

  @Test
  void relativeDaysWorkInListsAndRanges() {
    assertEquals(
        dates("2026-02-01", "2026-02-28", "2027-02-01"),
        nextDates(expression("dayOfMonth", "1,Last", "month", "Feb"), "2026-01-15", 3));
    assertEquals(
        dates("2026-02-26", "2026-02-27", "2026-02-28", "2026-03-29"),
        nextDates(expression("dayOfMonth", "-2-Last"), "2026-02-20", 4));
    assertEquals(
        dates("2026-01-05", "2026-01-30", "2026-02-02", "2026-02-27"),
        nextDates(expression("dayOfMonth", "1st Mon, Last Fri"), "2026-01-01", 4));
  }

  @Test
  void dayOfMonthRangeWhoseStartIsLargerWrapsIntoTheNextMonth() {
    assertEquals(
        dates(
            "2026-02-25",
            "2026-02-26",
            "2026-02-27",
            "2026-02-28",
            "2026-03-01",
            "2026-03-02",
            "2026-03-03",
            "2026-03-04",
            "2026-03-05",
            "2026-03-25"),
        nextDates(expression("dayOfMonth", "25-5"), "2026-02-20", 10));
  }

  @Test
  void rangeFromADayFebruaryLacksToLastDoesNotCoverFebruary() {
    assertEquals(
        dates("2026-03-30", "2026-03-31", "2027-03-30"),
        nextDates(expression("dayOfMonth", "30-Last", "month", "Feb,Mar"), "2026-01-01", 3));
  }

  @Test
  void monthAndDayNamesAreCaseInsensitive() {
    var firstMondays = expression("dayOfMonth", "1-7", "month", "jan,JUL", "dayOfWeek", "mOn");
    assertEquals(
        dates("2026-01-05", "2026-07-06", "2027-01-04"), nextDates(firstMondays, "2026-01-01", 3));
    assertEquals("Jan,Jul", firstMondays.attributes().get("month"));
    assertEquals("Mon", firstMondays.attributes().get("dayOfWeek"));
  }

  @Test
  void restrictedDayOfMonthAndDayOfWeekMustBothMatch() {
    assertEquals(
        dates("2026-02-13", "2026-03-13", "2026-11-13"),
        nextDates(expression("dayOfMonth", "13", "dayOfWeek", "Fri"), "2026-01-01", 3));
  }

  @Test
  void yearRestrictionSkipsToTheYearAndEndsAfterIt() {
    var only2027 = expression("year", "2027");
    assertEquals(
        Optional.of(Instant.parse("2027-01-01T00:00:00Z")),
        only2027.nextAfter(Instant.parse("2026-05-10T00:00:00Z"), UTC));
    assertEquals(Optional.empty(), only2027.nextAfter(Instant.parse("2027-12-31T00:00:00Z"), UTC));
    assertEquals(
        Optional.of(Instant.parse("2028-01-01T00:00:00Z")),
        expression("year", "2026,2028").nextAfter(Instant.parse("2026-12-31T00:00:00Z"), UTC));
    assertEquals(
        dates("2028-02-29", "2032-02-29"),
        nextDates(expression("dayOfMonth", "29", "month", "Feb"), "2026-01-01", 2));
  }

  @Test
  void expressionsThatCanNeverMatchAgainReturnEmpty() {
    var after = Instant.parse("2026-05-10T00:00:00Z");
    assertEquals(Optional.empty(), expression("year", "2020").nextAfter(after, UTC));
    assertEquals(
        Optional.empty(), expression("dayOfMonth", "30", "month", "Feb").nextAfter(after, UTC));
    assertEquals(
        Optional.empty(),
        expression("dayOfMonth", "31", "month", "Apr,Jun,Sep,Nov").nextAfter(after, UTC));
    assertEquals(
        Optional.empty(),
        expression("dayOfMonth", "5th Mon", "dayOfWeek", "Tue").nextAfter(after, UTC));
  }

  @Test
  void searchReachesTenYearsAheadButNoFurther() {
    var after = Instant.parse("2026-05-10T00:00:00Z");
    assertEquals(
        Optional.of(Instant.parse("2036-01-01T00:00:00Z")),
        expression("year", "2036").nextAfter(after, UTC));
    assertEquals(Optional.empty(), expression("year", "2037").nextAfter(after, UTC));
  }

  @Test
  void attributesAreShownInCanonicalFormAndParseBackToAnEqualExpression() {
    var expression =
        expression(
            "second", " 05 ",
            "minute", "*/05",
            "hour", "9 - 17, 22",
            "dayOfMonth", "last, -2, 2nd tue,  LAST   fri, -3--1",
            "month", "jan-MAR",
            "dayOfWeek", "fri-mon",
            "year", "2026-2030");
    var expected = new LinkedHashMap<String, String>();
    expected.put("second", "5");
    expected.put("minute", "*/5");
    expected.put("hour", "9-17,22");
    expected.put("dayOfMonth", "Last,-2,2nd Tue,Last Fri,-3--1");
    expected.put("month", "Jan-Mar");
    expected.put("dayOfWeek", "Fri-Mon");
    expected.put("year", "2026-2030");
    assertEquals(expected, expression.attributes());
    var reparsed = CalendarExpression.parse(expression.attributes());
    assertEquals(expression, reparsed);
    assertEquals(expression.hashCode(), reparsed.hashCode());
    assertEquals(expected, reparsed.attributes());
  }

  @ParameterizedTest(name = "{0}=\"{1}\"")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          second     | 61          | second 61 is out of range 0-59
          minute     | 61          | minute 61 is out of range 0-59
          hour       | 24          | hour 24 is out of range 0-23
          minute     | -5          | minute -5 is out of range 0-59
          minute     | 99999999999 | minute 99999999999 is out of range 0-59
          hour       | 20-24       | hour 24 is out of range 0-23
          dayOfMonth | 32          | dayOfMonth 32 is out of range 1-31
          dayOfMonth | 0           | dayOfMonth 0 is out of range 1-31
          dayOfMonth | -8          | dayOfMonth -8 is out of range -7 to -1
          dayOfMonth | 6th Mon     | dayOfMonth '6th Mon' is not a day of the month
          dayOfMonth | Fri         | dayOfMonth 'Fri' is not a day of the month
          dayOfMonth | 2nd Mox     | unknown day name 'Mox'
          dayOfMonth | 1-2-3       | dayOfMonth '1-2-3' is not a valid range
          month      | 13          | month 13 is out of range 1-12
          month      | 0           | month 0 is out of range 1-12
          month      | Jam         | unknown month name 'Jam'
          month      | January     | unknown month name 'January'
          dayOfWeek  | 8           | dayOfWeek 8 is out of range 0-7
          dayOfWeek  | Mox         | unknown day name 'Mox'
          dayOfWeek  | Mon-Mox     | unknown day name 'Mox'
          dayOfMonth | */2         | increments are only allowed for second, minute and hour
          month      | 1/2         | increments are only allowed for second, minute and hour
          dayOfWeek  | */2         | increments are only allowed for second, minute and hour
          year       | 2026/1      | increments are only allowed for second, minute and hour
          minute     | 5/75        | minute interval 75 is out of range 0-59
          minute     | 75/5        | minute 75 is out of range 0-59
          hour       | 0/24        | hour interval 24 is out of range 0-23
          minute     | 0-30/5      | must be a single value or '*', not a range
          minute     | 5/          | minute '5/' is not an increment of the form x/y
          minute     | 1/2/3       | minute '1/2/3' is not an increment of the form x/y
          minute     | 1,*/5       | an increment cannot be part of a list
          hour       | *,5         | '*' cannot be part of a list
          hour       | 1-*         | '*' cannot be part of a range
          hour       | 1-2-3       | hour '1-2-3' is not a valid range
          hour       | 5-          | hour '5-' is not a valid range
          hour       | 1,,2        | hour '1,,2' has an empty list item
          second     | ""          | second is empty
          second     | "   "       | second is empty
          second     | abc         | second 'abc' is not a number 0-59
          year       | 26          | year '26' is not a four-digit year
          year       | 20261       | year '20261' is not a four-digit year
          year       | 2030-2025   | year range 2030-2025 goes backwards
          """)
  void invalidAttributeIsRejectedNamingItAndTheBadPart(
      String attribute, String value, String message) {
    var error =
        assertThrows(
            InvalidInputException.class, () -> CalendarExpression.parse(Map.of(attribute, value)));
    assertEquals("schedule." + attribute, error.getField());
    assertTrue(error.getMessage().contains(message), error::getMessage);
  }

  @Test
  void berlinSpringForwardFiresTheGapTimeOnceAnHourLate() {
    var twoThirty = expression("hour", "2", "minute", "30");
    var fired = next(twoThirty, "2026-03-27T12:00:00Z", BERLIN, 3);
    assertEquals(
        instants(
            "2026-03-28T01:30:00Z", // 02:30 CET
            "2026-03-29T01:30:00Z", // 02:30 does not exist: 03:30 CEST
            "2026-03-30T00:30:00Z"), // 02:30 CEST
        fired);
    assertEquals(
        ZonedDateTime.parse("2026-03-29T03:30+02:00[Europe/Berlin]"), fired.get(1).atZone(BERLIN));
  }

  @Test
  void berlinFallBackFiresTheRepeatedTimeOnceAtItsFirstOccurrence() {
    var twoThirty = expression("hour", "2", "minute", "30");
    var fired = next(twoThirty, "2026-10-23T12:00:00Z", BERLIN, 3);
    assertEquals(
        instants(
            "2026-10-24T00:30:00Z", // 02:30 CEST
            "2026-10-25T00:30:00Z", // 02:30 CEST, the first of the two 02:30s
            "2026-10-26T01:30:00Z"), // 02:30 CET
        fired);
    assertEquals(
        ZonedDateTime.parse("2026-10-25T02:30+02:00[Europe/Berlin]"), fired.get(1).atZone(BERLIN));
    // Fed the first 02:30, it does not fire again at the second one (00:30Z + 1 h).
    assertEquals(
        Optional.of(Instant.parse("2026-10-26T01:30:00Z")),
        twoThirty.nextAfter(Instant.parse("2026-10-25T00:30:00Z"), BERLIN));
  }

  @Test
  void newYorkSpringForwardFiresTheGapTimeOnceAnHourLate() {
    assertEquals(
        instants(
            "2026-03-07T07:30:00Z", // 02:30 EST
            "2026-03-08T07:30:00Z", // 02:30 does not exist: 03:30 EDT
            "2026-03-09T06:30:00Z"), // 02:30 EDT
        next(expression("hour", "2", "minute", "30"), "2026-03-06T12:00:00Z", NEW_YORK, 3));
  }

  @Test
  void newYorkFallBackFiresOncePerDay() {
    // New York repeats 01:00-02:00, so 02:30 itself is unambiguous and 01:30 is the repeated time.
    assertEquals(
        instants(
            "2026-10-31T06:30:00Z", // 02:30 EDT
            "2026-11-01T07:30:00Z", // 02:30 EST
            "2026-11-02T07:30:00Z"), // 02:30 EST
        next(expression("hour", "2", "minute", "30"), "2026-10-30T12:00:00Z", NEW_YORK, 3));
    assertEquals(
        instants(
            "2026-10-31T05:30:00Z", // 01:30 EDT
            "2026-11-01T05:30:00Z", // 01:30 EDT, the first of the two 01:30s
            "2026-11-02T06:30:00Z"), // 01:30 EST
        next(expression("hour", "1", "minute", "30"), "2026-10-30T12:00:00Z", NEW_YORK, 3));
  }

  @Test
  void hourlyAcrossTheBerlinGapFiresOnceAtThreeAndNeverTwice() {
    assertEquals(
        instants(
            "2026-03-28T23:00:00Z", // 00:00 CET
            "2026-03-29T00:00:00Z", // 01:00 CET
            "2026-03-29T01:00:00Z", // 02:00 moved to 03:00 CEST; 03:00 itself is the same instant
            "2026-03-29T02:00:00Z", // 04:00 CEST
            "2026-03-29T03:00:00Z"),
        next(expression("hour", "*"), "2026-03-28T22:30:00Z", BERLIN, 5));
  }

  @Test
  void hourlyAcrossTheBerlinOverlapSkipsTheRepeatedHour() {
    assertEquals(
        instants(
            "2026-10-24T22:00:00Z", // 00:00 CEST
            "2026-10-24T23:00:00Z", // 01:00 CEST
            "2026-10-25T00:00:00Z", // 02:00 CEST; 02:00 CET (01:00Z) is the same local time
            "2026-10-25T02:00:00Z", // 03:00 CET
            "2026-10-25T03:00:00Z"),
        next(expression("hour", "*"), "2026-10-24T21:30:00Z", BERLIN, 5));
  }

  @Test
  void hourlyAcrossTheNewYorkTransitionsIsStrictlyIncreasing() {
    assertEquals(
        instants(
            "2026-03-08T05:00:00Z", // 00:00 EST
            "2026-03-08T06:00:00Z", // 01:00 EST
            "2026-03-08T07:00:00Z", // 02:00 moved to 03:00 EDT
            "2026-03-08T08:00:00Z"), // 04:00 EDT
        next(expression("hour", "*"), "2026-03-08T04:30:00Z", NEW_YORK, 4));
    assertEquals(
        instants(
            "2026-11-01T04:00:00Z", // 00:00 EDT
            "2026-11-01T05:00:00Z", // 01:00 EDT
            "2026-11-01T07:00:00Z", // 02:00 EST
            "2026-11-01T08:00:00Z"), // 03:00 EST
        next(expression("hour", "*"), "2026-11-01T03:30:00Z", NEW_YORK, 4));
  }

  @Test
  void everyHalfHourOverEveryTransitionDayHasNoDuplicatesAndSkipsOnlyTheMergedGapTimes() {
    var halfHourly = expression("minute", "*/30", "hour", "*");
    assertFiringsOn(halfHourly, BERLIN, LocalDate.parse("2026-03-29"), 46);
    assertFiringsOn(halfHourly, BERLIN, LocalDate.parse("2026-03-28"), 48);
    assertFiringsOn(halfHourly, BERLIN, LocalDate.parse("2026-10-25"), 48);
    assertFiringsOn(halfHourly, NEW_YORK, LocalDate.parse("2026-03-08"), 46);
    assertFiringsOn(halfHourly, NEW_YORK, LocalDate.parse("2026-11-01"), 48);
  }

  @Test
  void afterExactlyOnAnOccurrenceReturnsTheNextOne() {
    assertEquals(
        Optional.of(Instant.parse("2026-05-11T00:00:00Z")),
        expression().nextAfter(Instant.parse("2026-05-10T00:00:00Z"), UTC));
    var everyFive = expression("minute", "*/5", "hour", "*");
    assertEquals(
        Optional.of(Instant.parse("2026-05-10T10:15:00Z")),
        everyFive.nextAfter(Instant.parse("2026-05-10T10:10:00Z"), UTC));
    assertEquals(
        Optional.of(Instant.parse("2026-05-10T10:15:00Z")),
        everyFive.nextAfter(Instant.parse("2026-05-10T10:10:00.000000001Z"), UTC));
    assertEquals(
        Optional.of(Instant.parse("2026-05-10T10:10:00Z")),
        everyFive.nextAfter(Instant.parse("2026-05-10T10:09:59.999Z"), UTC));
  }

  @Test
  void aCalendarDayTheZoneSkippedFiresOnceAtTheShiftedTime() {
    // Samoa jumped from the end of 2011-12-29 (-10:00) to 2011-12-31 (+14:00).
    var apia = ZoneId.of("Pacific/Apia");
    var tenOClock = expression("hour", "10");
    assertEquals(
        instants(
            "2011-12-30T20:00:00Z", // 2011-12-30 10:00 shifted a day: 2011-12-31 10:00 +14:00
            "2011-12-31T20:00:00Z"), // 2012-01-01 10:00 +14:00
        next(tenOClock, "2011-12-29T20:00:00Z", apia, 2));
  }

  @Test
  void aTimeTheGapPushesPastMidnightStillFiresOnTheNextDate() {
    // Toronto sprang from 1919-03-30 23:30 (-05:00) to 1919-03-31 00:30 (-04:00), so 23:45 on
    // the 30th became 00:45 on the 31st: found only because the walk starts a day early.
    assertEquals(
        Optional.of(Instant.parse("1919-03-31T04:45:00Z")),
        expression("hour", "23", "minute", "45")
            .nextAfter(Instant.parse("1919-03-31T04:35:00Z"), ZoneId.of("America/Toronto")));
  }

  @Test
  void timeZoneDecidesTheLocalTime() {
    var sevenOClock = expression("hour", "7");
    assertEquals(
        Optional.of(Instant.parse("2026-05-11T05:00:00Z")),
        sevenOClock.nextAfter(Instant.parse("2026-05-10T12:00:00Z"), BERLIN));
    assertEquals(
        Optional.of(Instant.parse("2026-05-11T11:00:00Z")),
        sevenOClock.nextAfter(Instant.parse("2026-05-10T12:00:00Z"), NEW_YORK));
  }

  @Test
  void evaluationDoesNotWalkSecondBySecond() {
    var everySecond = expression("second", "*", "minute", "*", "hour", "*");
    var impossible = expression("dayOfMonth", "31", "month", "Feb");
    assertTimeoutPreemptively(
        Duration.ofSeconds(5),
        () -> {
          var at = Instant.parse("2026-03-29T00:59:00Z");
          for (int i = 0; i < 10_000; i++) {
            var next = everySecond.nextAfter(at, BERLIN).orElseThrow();
            assertEquals(at.plusSeconds(1), next);
            at = next;
          }
          for (int i = 0; i < 100; i++) {
            assertEquals(Optional.empty(), impossible.nextAfter(at, BERLIN));
          }
        });
  }

  private static void assertFiringsOn(
      CalendarExpression expression, ZoneId zone, LocalDate date, int expectedCount) {
    var start = date.atStartOfDay(zone).toInstant();
    var end = date.plusDays(1).atStartOfDay(zone).toInstant();
    var fired = new ArrayList<Instant>();
    var at = start.minusSeconds(1);
    while (true) {
      var next = expression.nextAfter(at, zone).orElseThrow();
      assertTrue(next.isAfter(at), () -> next + " is not after " + fired);
      if (!next.isBefore(end)) {
        break;
      }
      fired.add(next);
      at = next;
    }
    assertEquals(expectedCount, fired.size(), () -> date + " in " + zone + ": " + fired);
    assertEquals(fired.size(), new HashSet<>(fired).size(), "no duplicates");
  }

  private static CalendarExpression expression(String... keysAndValues) {
    var attributes = new HashMap<String, String>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      attributes.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return CalendarExpression.parse(attributes);
  }

  /** The next {@code count} firings from {@code after}, each fed back in as the next "after". */
  private static List<Instant> next(
      CalendarExpression expression, String after, ZoneId zone, int count) {
    var fired = new ArrayList<Instant>();
    var at = Instant.parse(after);
    for (int i = 0; i < count; i++) {
      at = expression.nextAfter(at, zone).orElseThrow();
      fired.add(at);
    }
    return fired;
  }

  /** The local dates (UTC) of the next firings after noon of {@code after}. */
  private static List<LocalDate> nextDates(CalendarExpression expression, String after, int count) {
    return next(expression, after + "T12:00:00Z", UTC, count).stream()
        .map(instant -> LocalDate.ofInstant(instant, UTC))
        .toList();
  }

  private static List<Instant> instants(String... instants) {
    return Arrays.stream(instants).map(Instant::parse).toList();
  }

  private static List<LocalDate> dates(String... dates) {
    return Arrays.stream(dates).map(LocalDate::parse).toList();
  }
}
