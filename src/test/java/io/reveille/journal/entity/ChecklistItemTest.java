package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChecklistItemTest {

  private static final Instant T0 = Instant.parse("2026-01-10T08:00:00Z");

  @Test
  void checkingReportsWhetherTheStateChanged() {
    var item = new ChecklistItem("i-1", "cl-1", "t-1", 0, " Passport ", false, T0);
    assertEquals("Passport", item.getTitle());
    assertTrue(item.check(true, T0.plusSeconds(1)));
    assertFalse(item.check(true, T0.plusSeconds(2)));
    assertEquals(T0.plusSeconds(1), item.getUpdatedAt());
  }

  @Test
  void constructorGuardsTitleAndPosition() {
    assertEquals(
        "title",
        assertThrows(
                InvalidInputException.class,
                () -> new ChecklistItem("i", "cl", "t", 0, "", false, T0))
            .getField());
    assertThrows(
        IllegalArgumentException.class,
        () -> new ChecklistItem("i", "cl", "t", -1, "x", false, T0));
    assertThrows(
        NullPointerException.class, () -> new ChecklistItem("i", "cl", null, 0, "x", false, T0));
  }

  @Test
  void moveToChangesChecklistTaskAndPositionButRefusesIllegalMoves() {
    var item = new ChecklistItem("i-1", "cl-1", "t-1", 3, "Passport", true, T0);
    item.moveTo("cl-2", "t-2", 7, T0.plusSeconds(5));
    assertEquals("cl-2", item.getChecklistId());
    assertEquals("t-2", item.getTaskId());
    assertEquals(7, item.getPosition());
    assertTrue(item.isChecked(), "a move keeps the checked state");
    assertEquals(T0.plusSeconds(5), item.getUpdatedAt());
    var now = T0.plusSeconds(9);
    assertThrows(IllegalArgumentException.class, () -> item.moveTo("cl-2", "t-2", 8, now));
    assertThrows(IllegalArgumentException.class, () -> item.moveTo("cl-3", "t-2", -1, now));
    assertThrows(NullPointerException.class, () -> item.moveTo(null, "t-2", 1, now));
    assertThrows(IllegalArgumentException.class, () -> item.moveTo("cl-3", " ", 1, now));
    assertEquals("cl-2", item.getChecklistId(), "a refused move changes nothing");
    assertEquals(7, item.getPosition());
  }
}
