package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import org.apache.derby.jdbc.EmbeddedDataSource;
import org.junit.jupiter.api.Test;

class SchemaMigratorTest {

  @Test
  void unboundedTextIsClobOnDerbyAndTextOnPostgresql() {
    assertEquals("CLOB", DatabaseKind.of("Apache Derby").textType());
    assertEquals("TEXT", DatabaseKind.of("PostgreSQL").textType());
  }

  @Test
  void onlyPostgresqlSkipsLockedRows() {
    assertEquals(false, DatabaseKind.of("Apache Derby").skipsLocked());
    assertEquals(true, DatabaseKind.of("PostgreSQL").skipsLocked());
  }

  @Test
  void anUnsupportedDatabaseIsRefusedByName() {
    var e = assertThrows(IllegalStateException.class, () -> DatabaseKind.of("H2"));
    assertEquals(true, e.getMessage().contains("'H2'"));
  }

  @Test
  void aNewDatabaseWhereTheTimerStoreCreatedItsTablesFirstIsMigratedFromScratch()
      throws SQLException {
    var dataSource = new EmbeddedDataSource();
    dataSource.setDatabaseName("memory:timer-store-first");
    dataSource.setCreateDatabase("create");
    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      statement.execute("CREATE TABLE WLPTASK (ID BIGINT NOT NULL PRIMARY KEY)");
    }
    var result = SchemaMigrator.migrate(dataSource, "CLOB");
    assertEquals(SchemaMigrations.SCRIPTS.size(), result.migrationsExecuted);
    assertEquals(0, SchemaMigrator.migrate(dataSource, "CLOB").migrationsExecuted, "up to date");
  }
}
