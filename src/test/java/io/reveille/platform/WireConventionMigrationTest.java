package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** V28 rewrites the stored spellings of task status and priority and of agent link types. */
class WireConventionMigrationTest {

  @Test
  void storedOldSpellingsBecomeTheWireNamesAndOnlyTheWireNamesAreAllowedAfterwards()
      throws SQLException {
    var dataSource = MigratedDerby.at("v28-wire-values", "27");
    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      statement.execute(task("t-1", "IN_PROGRESS", "P0"));
      statement.execute(task("t-2", "DONE", "P3"));
      statement.execute(
          "INSERT INTO agent_links (id, version, from_id, to_id, link_type, created_at,"
              + " updated_at) VALUES ('l-1', 0, 'a-1', 's-1', 'agent_state', CURRENT_TIMESTAMP,"
              + " CURRENT_TIMESTAMP)");
    }

    SchemaMigrator.migrate(dataSource, "CLOB");

    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      assertEquals(
          List.of("t-1 inProgress p0", "t-2 done p3"),
          rows(statement, "SELECT id, status, priority FROM journal_tasks ORDER BY id"));
      assertEquals(List.of("agentState"), rows(statement, "SELECT link_type FROM agent_links"));
      assertThrows(
          SQLException.class,
          () -> statement.execute(task("t-3", "OPEN", "p1")),
          "the constraint now names the new spellings");
      statement.execute(task("t-3", "open", "p1"));
    }
  }

  private static String task(String id, String status, String priority) {
    return "INSERT INTO journal_tasks (id, version, title, status, priority, created_at,"
        + " updated_at) VALUES ('"
        + id
        + "', 0, 'x', '"
        + status
        + "', '"
        + priority
        + "', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)";
  }

  private static List<String> rows(Statement statement, String sql) throws SQLException {
    var rows = new ArrayList<String>();
    try (var result = statement.executeQuery(sql)) {
      var columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        var row = new ArrayList<String>();
        for (int i = 1; i <= columns; i++) {
          row.add(result.getString(i));
        }
        rows.add(String.join(" ", row));
      }
    }
    return rows;
  }
}
