package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LabelTest {

  private static final Instant T0 = Instant.parse("2026-01-10T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(60);

  @Test
  void aNewLabelHasAStrippedNameAndALowerCaseColour() {
    var label = new Label("l-1", "gym", " cardio ", "#1E90FF", T0);
    assertEquals("cardio", label.getName());
    assertEquals("#1e90ff", label.getColor());
    assertEquals("gym", label.getCategoryId());
    assertNull(new Label("l-2", "gym", "legs", null, T0).getColor());
  }

  @Test
  void constructorNamesTheBadField() {
    assertEquals("name", field(() -> new Label("l", "gym", " ", null, T0)));
    assertEquals("name", field(() -> new Label("l", "gym", "x".repeat(101), null, T0)));
    assertEquals("color", field(() -> new Label("l", "gym", "x", "red", T0)));
    assertEquals("color", field(() -> new Label("l", "gym", "x", "#12345", T0)));
    assertEquals("categoryId", field(() -> new Label("l", null, "x", null, T0)));
    assertThrows(NullPointerException.class, () -> new Label(null, "gym", "x", null, T0));
  }

  @Test
  void renameAndRecolorReportWhetherAnythingChanged() {
    var label = new Label("l-1", "gym", "cardio", null, T0);
    assertFalse(label.rename(" cardio", T1));
    assertEquals(T0, label.getUpdatedAt());
    assertTrue(label.rename("running", T1));
    assertEquals(T1, label.getUpdatedAt());
    assertTrue(label.recolor("#abcdef", T1));
    assertFalse(label.recolor("#ABCDEF", T1));
    assertTrue(label.recolor(null, T1));
    assertNull(label.getColor());
  }

  private static String field(Runnable action) {
    return assertThrows(InvalidInputException.class, action::run).getField();
  }
}
