package io.reveille.schedule.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * An alarm is due at its firing; a claim moves when it may be taken next without counting as an
 * attempt; a failure counts one.
 */
class TimerAlarmTest {

  private static final Instant FIRING = Instant.parse("2026-10-25T06:00:00Z");

  @Test
  void dueAtItsFiringThenAtTheEndOfAClaimThenAtItsRetry() {
    var alarm = new TimerAlarm("timer-1", FIRING);
    assertEquals(FIRING, alarm.getDueAt());

    alarm.claim(FIRING.plusSeconds(60));
    assertEquals(FIRING.plusSeconds(60), alarm.getDueAt());
    assertEquals(0, alarm.getAttempts(), "a claim is not a failed attempt");

    alarm.postpone(FIRING.plusSeconds(5));
    alarm.postpone(FIRING.plusSeconds(15));

    assertEquals(FIRING, alarm.getFireAt(), "still stands for the same firing");
    assertEquals(FIRING.plusSeconds(15), alarm.getDueAt());
    assertEquals(2, alarm.getAttempts());
  }

  @Test
  void refusesMissingValues() {
    var alarm = new TimerAlarm("timer-1", FIRING);

    assertThrows(InvalidInputException.class, () -> alarm.claim(null));
    assertThrows(InvalidInputException.class, () -> alarm.postpone(null));
    assertEquals(FIRING, alarm.getDueAt(), "nothing half-applied");
    assertEquals(0, alarm.getAttempts());
    assertThrows(InvalidInputException.class, () -> new TimerAlarm(" ", FIRING));
    assertThrows(InvalidInputException.class, () -> new TimerAlarm("timer-1", null));
  }
}
