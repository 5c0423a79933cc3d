package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DayPlanBlockTest {

  private static final Instant NINE = Instant.parse("2026-02-17T09:00:00Z");
  private static final Instant TEN = NINE.plus(Duration.ofHours(1));

  @Test
  void aBlockEndsStrictlyAfterItStartsAndLastsAtMostADay() {
    assertEquals(
        "endTime",
        assertThrows(
                InvalidInputException.class,
                () -> new DayPlanBlock("b-1", "p-1", "work", null, NINE, NINE, null, NINE))
            .getField());
    assertThrows(
        InvalidInputException.class,
        () ->
            new DayPlanBlock(
                "b-1", "p-1", "work", null, NINE, NINE.plus(Duration.ofHours(25)), null, NINE));
    assertEquals(
        "categoryId",
        assertThrows(
                InvalidInputException.class,
                () -> new DayPlanBlock("b-1", "p-1", null, null, NINE, TEN, null, NINE))
            .getField());
  }

  @Test
  void revisingTheSameContentChangesNothingAndShiftingKeepsTheLength() {
    var block = new DayPlanBlock("b-1", "p-1", "work", "t-1", NINE, TEN, " Deep work ", NINE);
    assertEquals("Deep work", block.getNote());
    assertFalse(block.revise("work", "t-1", NINE, TEN, "Deep work", TEN));
    assertTrue(block.revise("gym", null, NINE, TEN, "Deep work", TEN));
    assertEquals("gym", block.getCategoryId());

    assertFalse(block.shift(Duration.ZERO, TEN));
    assertTrue(block.shift(Duration.ofMinutes(30), TEN));
    assertEquals(NINE.plus(Duration.ofMinutes(30)), block.getStartTime());
    assertEquals(TEN.plus(Duration.ofMinutes(30)), block.getEndTime());
  }
}
