package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.schedule.entity.ScheduleKind;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleParserTest {

  private static final Instant NOW = Instant.parse("2026-11-23T03:00:00Z");
  private static final ScheduleParser PARSER = ScheduleParser.forInput(Duration.ofSeconds(60));

  private static JsonObject json(String text) {
    return Json.createReader(new StringReader(text.replace('\'', '"'))).readObject();
  }

  @Test
  void dailyWeeklyIntervalAndCalendarAsTheApiShowsThem() {
    var daily =
        PARSER.request(
            json("{'schedule':{'kind':'daily','time':'07:00','zone':'Europe/Berlin'}}"), NOW);
    assertEquals(ScheduleKind.DAILY, daily.definition().schedule().kind());
    assertEquals(ZoneId.of("Europe/Berlin"), daily.definition().schedule().zone());
    assertTrue(daily.active());

    var weekly =
        PARSER.request(
            json(
                "{'schedule':{'kind':'weekly','dayOfWeek':'sunday','time':'09:00:30',"
                    + "'zone':'America/New_York'}}"),
            NOW);
    assertEquals(
        Instant.parse("2026-11-29T14:00:30Z"), weekly.definition().nextAfter(NOW).orElseThrow());

    var interval =
        PARSER.request(
            json(
                "{'schedule':{'kind':'interval','everySeconds':14400,"
                    + "'anchor':'2026-01-01T00:00:00.123Z'}}"),
            NOW);
    assertEquals(
        Instant.parse("2026-11-23T04:00:00Z"), interval.definition().nextAfter(NOW).orElseThrow());

    var calendar =
        PARSER.request(
            json(
                "{'schedule':{'kind':'calendar','second':'0','minute':'*/5','hour':'*',"
                    + "'dayOfWeek':'*','dayOfMonth':'*','month':'*','zone':'UTC'}}"),
            NOW);
    assertEquals(
        Instant.parse("2026-11-23T03:05:00Z"), calendar.definition().nextAfter(NOW).orElseThrow());
  }

  @Test
  void boundsAndTheActiveFlag() {
    var request =
        PARSER.request(
            json(
                "{'schedule':{'kind':'daily','time':'07:00','zone':'UTC'},"
                    + "'notBefore':'2026-12-01T00:00:00Z','notAfter':'2026-12-31T00:00:00Z',"
                    + "'active':false}"),
            NOW);
    assertFalse(request.active());
    assertEquals(
        Optional.of(Instant.parse("2026-12-01T00:00:00Z")), request.definition().notBefore());
    assertEquals(
        Instant.parse("2026-12-01T07:00:00Z"), request.definition().nextAfter(NOW).orElseThrow());
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{}| schedule",
        "{'schedule':'daily'}| schedule",
        "{'schedule':{'kind':'hourly'}}| schedule.kind",
        "{'schedule':{'kind':'daily','time':'7:00','zone':'UTC'}}| schedule.time",
        "{'schedule':{'kind':'daily','time':'25:00','zone':'UTC'}}| schedule.time",
        "{'schedule':{'kind':'daily','time':'07:00'}}| schedule.zone",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'Mars/Olympus'}}| schedule.zone",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'+02:00'}}| schedule.zone",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'UTC','every':1}}| schedule.every",
        "{'schedule':{'kind':'weekly','dayOfWeek':'Someday','time':'07:00','zone':'UTC'}}|"
            + " schedule.dayOfWeek",
        "{'schedule':{'kind':'interval','everySeconds':59}}| schedule.everySeconds",
        "{'schedule':{'kind':'interval','everySeconds':1.5}}| schedule.everySeconds",
        "{'schedule':{'kind':'interval','everySeconds':99999999999}}| schedule.everySeconds",
        "{'schedule':{'kind':'interval','everySeconds':60,'anchor':'yesterday'}}|"
            + " schedule.anchor",
        "{'schedule':{'kind':'calendar','second':'*','minute':'*','hour':'*','zone':'UTC'}}|"
            + " schedule",
        "{'schedule':{'kind':'calendar','dayOfMonth':'30','month':'Feb','zone':'UTC'}}| schedule",
        "{'schedule':{'kind':'calendar','minute':'61','zone':'UTC'}}| schedule.minute",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'UTC'},'notAfter':'2020-01-01T00:00:00Z'}|"
            + " notAfter",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'UTC'},"
            + "'notBefore':'2027-01-01T00:00:00Z','notAfter':'2026-12-01T00:00:00Z'}| notAfter",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'UTC'},'active':'yes'}| active",
        "{'schedule':{'kind':'daily','time':'07:00','zone':'UTC'},'colour':'red'}| colour",
      })
  void invalidDefinitionsNameTheField(String body, String field) {
    var e = assertThrows(InvalidInputException.class, () -> PARSER.request(json(body), NOW));
    assertEquals(field.strip(), e.getField(), e.getMessage());
  }

  /**
   * Found by the fuzz test: a bound past year 9999 made the first firing's computation leave {@code
   * java.time}'s range (a DateTimeException, not an answer naming the field).
   */
  @Test
  void boundsAndAnchorsOutsideFourDigitYearsAreRefused() {
    var daily = "'schedule':{'kind':'daily','time':'07:00','zone':'UTC'}";
    var e =
        assertThrows(
            InvalidInputException.class,
            () ->
                PARSER.request(
                    json("{" + daily + ",'notBefore':'+1000000000-12-31T23:59:59Z'}"), NOW));
    assertEquals("notBefore", e.getField(), e.getMessage());
    e =
        assertThrows(
            InvalidInputException.class,
            () ->
                PARSER.request(
                    json(
                        "{'schedule':{'kind':'interval','everySeconds':60,"
                            + "'anchor':'-0001-12-31T00:00:00Z'}}"),
                    NOW));
    assertEquals("schedule.anchor", e.getField(), e.getMessage());
  }

  @Test
  void storedSchedulesAreReadWithoutTheInputChecks() {
    var stored = json("{'kind':'interval','everySeconds':10,'anchor':'2026-01-01T00:00:00Z'}");
    assertEquals(
        Duration.ofSeconds(10),
        ((Schedule.Interval) ScheduleParser.forStored().schedule(stored, NOW)).every());
    assertThrows(InvalidInputException.class, () -> PARSER.schedule(stored, NOW));
  }
}
