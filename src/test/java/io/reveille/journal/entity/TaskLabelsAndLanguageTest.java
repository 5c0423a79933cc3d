package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TaskLabelsAndLanguageTest {

  private static final Instant T0 = Instant.parse("2026-01-10T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(60);

  private static Task task(String categoryId) {
    return new Task("t-1", "Run", categoryId, TaskStatus.OPEN, TaskPriority.P2, T0);
  }

  @Test
  void languageTagsAreCheckedByRoundTripAndStoredCanonically() {
    assertEquals("de-DE", Task.checkedLanguage("de-de"));
    assertEquals("en", Task.checkedLanguage(" en "));
    assertEquals("zh-Hant-TW", Task.checkedLanguage("zh-Hant-TW"));
    assertNull(Task.checkedLanguage(null));
    for (var bad : new String[] {"", "en_US", "und", "english!", "x".repeat(40)}) {
      assertEquals(
          "language",
          assertThrows(InvalidInputException.class, () -> Task.checkedLanguage(bad)).getField(),
          bad);
    }
    var task = task("gym");
    task.useLanguage("fr-ca", T1);
    assertEquals("fr-CA", task.getLanguage());
    assertEquals(T1, task.getUpdatedAt());
    task.useLanguage(null, T1);
    assertNull(task.getLanguage());
  }

  @Test
  void relabelReportsAChangeAndRefusesLabelsOnATaskWithoutCategory() {
    var task = task("gym");
    assertTrue(task.relabel(Set.of("b", "a"), T1));
    assertEquals(Set.of("a", "b"), task.getLabelIds());
    assertFalse(task.relabel(Set.of("a", "b"), T1), "the same set is no change");
    var uncategorized = task(null);
    assertEquals(
        "labelIds",
        assertThrows(InvalidInputException.class, () -> uncategorized.relabel(Set.of("a"), T1))
            .getField());
    assertFalse(uncategorized.relabel(Set.of(), T1));
  }

  @Test
  void aClosedTaskRefusesLabelAndLanguageChangesButDropsDeletedLabels() {
    var task = task("gym");
    task.relabel(Set.of("a", "b"), T0);
    task.moveTo(TaskStatus.DONE, T0);
    assertThrows(ConflictException.class, () -> task.relabel(Set.of("a"), T1));
    assertThrows(ConflictException.class, () -> task.useLanguage("en", T1));
    assertTrue(task.dropDeletedLabel("a", T1));
    assertFalse(task.dropDeletedLabel("a", T1));
    assertEquals(Set.of("b"), task.getLabelIds());
  }

  @Test
  void anotherCategoryDropsTheLabelsTheSameKeepsThem() {
    var task = task("gym");
    task.relabel(Set.of("a"), T0);
    task.recategorize("gym", T1);
    assertEquals(Set.of("a"), task.getLabelIds());
    task.recategorize("work", T1);
    assertTrue(task.getLabelIds().isEmpty());
  }

  @Test
  void theLabelSetCannotBeChangedFromOutside() {
    var task = task("gym");
    task.relabel(Set.of("a"), T0);
    assertThrows(UnsupportedOperationException.class, () -> task.getLabelIds().add("x"));
  }
}
