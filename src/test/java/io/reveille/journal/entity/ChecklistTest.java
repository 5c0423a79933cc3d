package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChecklistTest {

  private static final Instant T0 = Instant.parse("2026-01-10T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(60);

  @Test
  void aChecklistGuardsItsTitleAndPosition() {
    var checklist = new Checklist("cl-1", "t-1", 0, " Packing ", T0);
    assertEquals("Packing", checklist.getTitle());
    assertEquals(
        "title",
        assertThrows(InvalidInputException.class, () -> new Checklist("c", "t", 0, " ", T0))
            .getField());
    assertThrows(IllegalArgumentException.class, () -> new Checklist("c", "t", -1, "x", T0));
    assertThrows(NullPointerException.class, () -> new Checklist("c", null, 0, "x", T0));
  }

  @Test
  void theIdsTheMigrationGaveDefaultChecklistsFit() {
    var taskId = "t".repeat(Task.MAX_ID_LENGTH);
    assertEquals("cl-" + taskId, new Checklist("cl-" + taskId, taskId, 0, "x", T0).getId());
  }

  @Test
  void retitleReportsWhetherTheTitleChanged() {
    var checklist = new Checklist("cl-1", "t-1", 0, "Packing", T0);
    assertFalse(checklist.retitle("Packing ", T1));
    assertEquals(T0, checklist.getUpdatedAt());
    assertTrue(checklist.retitle("Before leaving", T1));
    assertEquals("Before leaving", checklist.getTitle());
    assertEquals(T1, checklist.getUpdatedAt());
  }
}
