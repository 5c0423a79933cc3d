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
}
