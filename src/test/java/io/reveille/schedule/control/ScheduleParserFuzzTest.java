package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.testing.JsonInputs;
import io.reveille.testing.ParserOracle;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Fuzzes the timer schedules users send (daily, weekly, interval and calendar expressions, with
 * bounds): any request body yields a timer that fires after now, or an {@link
 * InvalidInputException} naming the field; what is accepted is stored in a form that reads back as
 * the same schedule; and a calendar expression, once parsed, computes its next firing for any
 * instant and zone without an exception.
 */
class ScheduleParserFuzzTest {

  private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

  private static final List<String> ZONES =
      List.copyOf(new TreeSet<>(ZoneId.getAvailableZoneIds()));

  private static final List<String> CALENDAR_ATTRIBUTES =
      List.of("second", "minute", "hour", "dayOfMonth", "month", "dayOfWeek", "year");

  @Property
  void anyTimerRequestFiresAfterNowOrIsRefused(@ForAll("requests") String text) {
    var body = JsonInputs.object(text);
    if (body.isEmpty()) {
      return; // the REST layer refuses what is not a JSON object before the parser sees it
    }
    var parser = ScheduleParser.forInput(Duration.ofSeconds(60));
    ParserOracle.answersOrRefuses(
            InvalidInputException.class, () -> parser.request(body.get(), NOW))
        .ifPresent(
            request -> {
              var definition = request.definition();
              var next = ParserOracle.answers(() -> definition.nextAfter(NOW));
              assertTrue(!request.active() || next.isPresent(), () -> "never fires: " + text);
              next.ifPresent(at -> assertTrue(at.isAfter(NOW), () -> at + " for " + text));
              var stored = definition.schedule().toJson();
              var read =
                  ParserOracle.answers(() -> ScheduleParser.forStored().schedule(stored, NOW));
              assertEquals(stored, read.toJson(), () -> "stored form of " + text);
            });
  }

  /** For the instants a timer can hold: now, a firing, a bound the parser accepted. */
  @Property
  void aCalendarExpressionComputesItsNextFiringForAnyInstantAndZone(
      @ForAll("calendars") Map<String, String> attributes,
      @ForAll("instants") Instant after,
      @ForAll("zoneIds") ZoneId zone) {
    ParserOracle.answersOrRefuses(
            InvalidInputException.class, () -> CalendarExpression.parse(attributes))
        .ifPresent(
            expression -> {
              var next = ParserOracle.answers(() -> expression.nextAfter(after, zone));
              next.ifPresent(at -> assertTrue(at.isAfter(after), () -> at + " after " + after));
            });
  }

  @Provide
  Arbitrary<String> requests() {
    var documents = bodies();
    return Arbitraries.frequencyOf(
        Tuple.of(4, documents), Tuple.of(1, JsonInputs.mutated(documents)));
  }

  private static Arbitrary<String> bodies() {
    var fields = new LinkedHashMap<String, Arbitrary<String>>();
    fields.put("schedule", schedules());
    fields.put("notBefore", instantTexts().map(JsonInputs::quote));
    fields.put("notAfter", instantTexts().map(JsonInputs::quote));
    fields.put("active", Arbitraries.of("true", "false", "null", "1"));
    return JsonInputs.objects(fields, 5);
  }

  private static Arbitrary<String> schedules() {
    var fields = new LinkedHashMap<String, Arbitrary<String>>();
    fields.put(
        "kind",
        Arbitraries.of("daily", "weekly", "interval", "calendar", "DAILY", "hourly", "")
            .map(JsonInputs::quote));
    fields.put(
        "time",
        Arbitraries.oneOf(
                Arbitraries.of("07:00", "23:59:59", "24:00", "7:00", "00:00:60", "12:3", "٠٧:٠٠"),
                Combinators.combine(
                        Arbitraries.integers().between(0, 99),
                        Arbitraries.integers().between(0, 99))
                    .as((h, m) -> String.format("%02d:%02d", h, m)))
            .map(JsonInputs::quote));
    fields.put("zone", zoneTexts().map(JsonInputs::quote));
    fields.put(
        "dayOfWeek",
        Arbitraries.of("MONDAY", "sunday", "Fri", "", "FUNDAY").map(JsonInputs::quote));
    fields.put(
        "everySeconds",
        Arbitraries.oneOf(
            Arbitraries.of("59", "60", "3600", "31622400", "31622401", "60.0", "-60", "1e3"),
            JsonInputs.numbers()));
    fields.put("anchor", instantTexts().map(JsonInputs::quote));
    for (var attribute : CALENDAR_ATTRIBUTES) {
      fields.put(
          attribute,
          Arbitraries.oneOf(
              calendarValue().map(JsonInputs::quote),
              Arbitraries.integers().between(-2, 10_000).map(String::valueOf)));
    }
    return JsonInputs.objects(fields, 9);
  }

  @Provide
  Arbitrary<Map<String, String>> calendars() {
    return Arbitraries.maps(Arbitraries.of(CALENDAR_ATTRIBUTES), calendarValue()).ofMaxSize(7);
  }

  /** Calendar attribute values: single values, names, ranges, lists and increments. */
  private static Arbitrary<String> calendarValue() {
    var single =
        Arbitraries.oneOf(
            Arbitraries.integers().between(-8, 70).map(String::valueOf),
            Arbitraries.integers().between(1969, 2040).map(String::valueOf),
            Arbitraries.of(
                "*",
                "Last",
                "last",
                "-7",
                "-0",
                "-07",
                "1st Mon",
                "5th fri",
                "Last Sun",
                "2nd",
                "3rd Xyz",
                "Jan",
                "dec",
                "Sun",
                "SAT",
                "Foo",
                "0000",
                "9999",
                "10000",
                "9999999999",
                "",
                " "));
    var item =
        Arbitraries.frequencyOf(
            Tuple.of(3, single),
            Tuple.of(2, Combinators.combine(single, single).as((a, b) -> a + "-" + b)),
            Tuple.of(1, Combinators.combine(single, single).as((a, b) -> a + "/" + b)));
    return Arbitraries.frequencyOf(
        Tuple.of(3, item),
        Tuple.of(2, item.list().ofMinSize(1).ofMaxSize(4).map(items -> String.join(",", items))),
        Tuple.of(1, Arbitraries.strings().withChars("0123456789*,-/ LastMonJ").ofMaxLength(12)));
  }

  @Provide
  Arbitrary<Instant> instants() {
    return instantValues(ScheduleParser.EARLIEST, ScheduleParser.LATEST);
  }

  /** Mostly within twenty years of now, some anywhere between the extremes, the extremes. */
  private static Arbitrary<Instant> instantValues(Instant earliest, Instant latest) {
    return Arbitraries.frequencyOf(
        Tuple.of(
            4,
            Arbitraries.longs()
                .between(-20L * 366 * 86_400, 20L * 366 * 86_400)
                .map(NOW::plusSeconds)),
        Tuple.of(
            1,
            Arbitraries.longs()
                .between(earliest.getEpochSecond(), latest.getEpochSecond())
                .map(Instant::ofEpochSecond)),
        Tuple.of(1, Arbitraries.of(earliest, latest, Instant.EPOCH)));
  }

  @Provide
  Arbitrary<ZoneId> zoneIds() {
    return Arbitraries.of(ZONES).map(ZoneId::of);
  }

  private static Arbitrary<String> instantTexts() {
    return Arbitraries.frequencyOf(
        Tuple.of(5, instantValues(Instant.MIN, Instant.MAX).map(Instant::toString)),
        Tuple.of(
            1,
            Arbitraries.of(
                "2026-12-01T07:00:00+01:00", "2026-02-30T00:00:00Z", "2026-12-01", "", "now")));
  }

  private static Arbitrary<String> zoneTexts() {
    return Arbitraries.frequencyOf(
        Tuple.of(5, Arbitraries.of(ZONES)),
        Tuple.of(
            1,
            Arbitraries.of(
                "UTC",
                "utc",
                "Z",
                "+01:00",
                "GMT+1",
                "UTC+01:00",
                "Europe/Nowhere",
                "",
                "../x",
                "SystemV/EST5")));
  }
}
