package io.reveille.schedule.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonObjectConverter;
import io.reveille.platform.wire.WireEnum;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentTimerTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant FIRST = Instant.parse("2026-11-03T06:00:00Z");
  private static final Instant SECOND = Instant.parse("2026-11-04T06:00:00Z");
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  private static JsonObject daily() {
    return Json.createObjectBuilder()
        .add("kind", "daily")
        .add("time", "07:00")
        .add("zone", "Europe/Berlin")
        .build();
  }

  private static AgentTimer timer() {
    return new AgentTimer("t-1", "agent-1", ScheduleKind.DAILY, daily(), BERLIN, FIRST, T0);
  }

  @Test
  void newTimerIsActiveWithItsIntentAndFirstFiring() {
    var timer = timer();
    assertTrue(timer.isActive());
    assertEquals(ScheduleKind.DAILY, timer.getScheduleKind());
    assertEquals(daily(), timer.getSchedule());
    assertEquals(BERLIN, timer.getZoneId());
    assertEquals(FIRST, timer.getNextRunAt());
    assertNull(timer.getLastFiredAt());
  }

  @Test
  void scheduleDocumentOfAnotherKindIsRefused() {
    var error =
        assertThrows(
            InvalidInputException.class,
            () ->
                new AgentTimer("t-1", "agent-1", ScheduleKind.WEEKLY, daily(), BERLIN, FIRST, T0));
    assertEquals("schedule.kind", error.getField());
  }

  @Test
  void scheduleDocumentWithoutKindTakesTheTimersKind() {
    var schedule = Json.createObjectBuilder().add("everySeconds", 14400).build();
    var timer =
        new AgentTimer(
            "t-1", "agent-1", ScheduleKind.INTERVAL, schedule, ZoneId.of("UTC"), FIRST, T0);
    assertEquals(ScheduleKind.INTERVAL, timer.getScheduleKind());
  }

  @Test
  void timerNeedsAZoneAndAFirstFiring() {
    assertEquals(
        "schedule.zone",
        assertThrows(
                InvalidInputException.class,
                () ->
                    new AgentTimer("t-1", "agent-1", ScheduleKind.DAILY, daily(), null, FIRST, T0))
            .getField());
    assertEquals(
        "nextRunAt",
        assertThrows(
                InvalidInputException.class,
                () ->
                    new AgentTimer("t-1", "agent-1", ScheduleKind.DAILY, daily(), BERLIN, null, T0))
            .getField());
  }

  @Test
  void firingIsRecordedAndTheNextOneSet() {
    var timer = timer();
    timer.recordFired(FIRST, SECOND);
    assertEquals(FIRST, timer.getLastFiredAt());
    assertEquals(SECOND, timer.getNextRunAt());
    assertTrue(timer.isActive());
  }

  @Test
  void recordingTheSameFiringAgainIsHarmless() {
    var timer = timer();
    timer.recordFired(FIRST, SECOND);
    timer.recordFired(FIRST, SECOND);
    assertEquals(SECOND, timer.getNextRunAt());
  }

  @Test
  void firingWithoutANextOneDeactivatesTheTimer() {
    var timer = timer();
    timer.recordFired(FIRST, null);
    assertFalse(timer.isActive());
    assertNull(timer.getNextRunAt());
  }

  @Test
  void firingEarlierThanTheLastRecordedOneIsRefused() {
    var timer = timer();
    timer.recordFired(SECOND, SECOND.plusSeconds(86400));
    assertEquals(
        "firedAt",
        assertThrows(InvalidInputException.class, () -> timer.recordFired(FIRST, SECOND))
            .getField());
    assertEquals(SECOND, timer.getLastFiredAt());
  }

  @Test
  void nextFiringMustBeAfterTheOneRecorded() {
    var timer = timer();
    assertEquals(
        "nextRunAt",
        assertThrows(InvalidInputException.class, () -> timer.recordFired(FIRST, FIRST))
            .getField());
    assertNull(timer.getLastFiredAt());
  }

  @Test
  void rescheduleMovesTheNextFiringWithoutRecordingOne() {
    var timer = timer();
    timer.reschedule(SECOND, T0.plusSeconds(10));
    assertEquals(SECOND, timer.getNextRunAt());
    assertNull(timer.getLastFiredAt());
    assertEquals(T0.plusSeconds(10), timer.getUpdatedAt());
  }

  @Test
  void deactivatedTimerNeitherFiresNorReschedulesNorDeactivatesAgain() {
    var timer = timer();
    timer.deactivate(T0.plusSeconds(10));
    assertFalse(timer.isActive());
    assertNull(timer.getNextRunAt());
    assertThrows(IllegalTransitionException.class, () -> timer.recordFired(FIRST, SECOND));
    assertThrows(IllegalTransitionException.class, () -> timer.reschedule(SECOND, FIRST));
    assertThrows(IllegalTransitionException.class, () -> timer.deactivate(FIRST));
  }

  @Test
  void scheduleIsStoredAsJsonTextAndKindsByWireName() {
    var converter = new JsonObjectConverter();
    assertEquals(
        daily(), converter.convertToEntityAttribute(converter.convertToDatabaseColumn(daily())));
    var kinds = new ScheduleKind.Converter();
    for (var kind : ScheduleKind.values()) {
      assertEquals(kind, kinds.convertToEntityAttribute(kinds.convertToDatabaseColumn(kind)));
    }
    assertEquals("calendar", ScheduleKind.CALENDAR.wire());
    assertEquals(Optional.empty(), WireEnum.find(ScheduleKind.class, "hourly"));
  }

  @Test
  void boundsMustBeInOrder() {
    var timer = timer();
    timer.bound(T0, T0.plusSeconds(10), T0);
    assertEquals(T0, timer.getNotBefore());
    assertEquals(T0.plusSeconds(10), timer.getNotAfter());
    assertThrows(InvalidInputException.class, () -> timer.bound(T0.plusSeconds(10), T0, T0));
  }

  @Test
  void redefiningReplacesTheIntentAndANullNextMakesItInactive() {
    var timer = timer();
    timer.redefine(
        ScheduleKind.INTERVAL,
        Json.createObjectBuilder().add("kind", "interval").build(),
        ZoneId.of("UTC"),
        null,
        T0);
    assertFalse(timer.isActive());
    assertEquals(ScheduleKind.INTERVAL, timer.getScheduleKind());
    assertEquals(ZoneId.of("UTC"), timer.getZoneId());
    timer.activate(SECOND, T0);
    assertTrue(timer.isActive());
    assertEquals(SECOND, timer.getNextRunAt());
    assertThrows(IllegalTransitionException.class, () -> timer.activate(SECOND, T0));
  }
}
