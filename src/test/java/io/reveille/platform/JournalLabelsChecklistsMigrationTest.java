package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** V9 moves the checklist items that exist into one default checklist per task. */
class JournalLabelsChecklistsMigrationTest {

  @Test
  void existingItemsMoveIntoOneDefaultChecklistPerTask() throws SQLException {
    var dataSource = MigratedDerby.at("v9-checklists", "8");
    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      for (var task : new String[] {"t-1", "t-2"}) {
        statement.execute(
            "INSERT INTO journal_tasks (id, version, title, status, priority, created_at,"
                + " updated_at) VALUES ('"
                + task
                + "', 0, 'x', 'OPEN', 'P2', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
      }
      statement.execute(
          "INSERT INTO journal_checklist_items VALUES "
              + "('i-1', 0, 't-1', 0, 'a', FALSE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),"
              + "('i-2', 0, 't-1', 1, 'b', TRUE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
    }

    SchemaMigrator.migrate(dataSource, "CLOB");

    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      var checklists = statement.executeQuery("SELECT id, task_id, title FROM journal_checklists");
      checklists.next();
      assertEquals("cl-t-1", checklists.getString(1));
      assertEquals("t-1", checklists.getString(2));
      assertEquals("Checklist", checklists.getString(3));
      assertEquals(false, checklists.next(), "no checklist for a task without items");
      var items =
          statement.executeQuery(
              "SELECT COUNT(*) FROM journal_checklist_items WHERE checklist_id = 'cl-t-1'");
      items.next();
      assertEquals(2, items.getInt(1));
      assertThrows(
          SQLException.class,
          () ->
              statement.execute(
                  "INSERT INTO journal_checklist_items (id, version, task_id, sort_order, title,"
                      + " checked, created_at, updated_at) VALUES ('i-3', 0, 't-2', 0, 'c',"
                      + " FALSE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"),
          "an item needs a checklist");
    }
  }
}
