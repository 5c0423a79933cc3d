package io.reveille.tool.control.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CategoryToolsTest {

  @Test
  void referencesRankTheExactTitleFirstAndClosedTasksLower() {
    var now = Instant.parse("2026-01-01T00:00:00Z");
    var exact =
        new Task("t-1", "Write the migration guide", "c", TaskStatus.OPEN, TaskPriority.P2, now);
    var partial =
        new Task("t-2", "Migration guide review", "c", TaskStatus.OPEN, TaskPriority.P2, now);
    var closed =
        new Task("t-3", "Write the migration guide", "c", TaskStatus.DONE, TaskPriority.P2, now);
    var unrelated = new Task("t-4", "Buy milk", "c", TaskStatus.OPEN, TaskPriority.P2, now);
    var reference = "write the migration guide";
    assertEquals(95, CategoryTools.score(reference, exact));
    assertTrue(CategoryTools.score(reference, closed) < CategoryTools.score(reference, exact));
    assertTrue(CategoryTools.score("migration guide", partial) > 0);
    assertEquals(0, CategoryTools.score(reference, unrelated));
    assertEquals(100, CategoryTools.score("t-4", unrelated));
  }
}
