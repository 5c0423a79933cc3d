package io.reveille.platform.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.common.BaseDataSource;
import org.postgresql.xa.PGXADataSource;

/**
 * On the PostgreSQL the server is configured for (the environment's {@code REVEILLE_DB_*}; skipped
 * on the embedded database): a value a statement carried does not come back in the exception the
 * server's data source raises, so it cannot reach the log. The driver's own data source, the
 * control, does quote it.
 */
class PostgresErrorDetailIT {

  private final String marker = "id-" + UUID.randomUUID() + "\n[01/01/26, 0:00:00:000 UTC] forged";

  @BeforeEach
  void onPostgres() {
    Assumptions.assumeTrue(
        "postgresql".equals(System.getenv("REVEILLE_DB_KIND")),
        "the server runs on the embedded database here");
  }

  @Test
  void aDuplicateKeyErrorDoesNotQuoteTheKey() throws SQLException {
    var failure = duplicateKeyError(configured(new PostgresXaDataSource()));

    assertEquals("23505", failure.getSQLState());
    assertFalse(text(failure).contains(marker), () -> "the key was quoted: " + text(failure));
  }

  @Test
  void theDriversOwnDataSourceQuotesIt() throws SQLException {
    var failure = duplicateKeyError(configured(new PGXADataSource()));

    assertEquals("23505", failure.getSQLState());
    assertTrue(text(failure).contains(marker), () -> "the key was not quoted: " + text(failure));
  }

  private SQLException duplicateKeyError(PGXADataSource dataSource) throws SQLException {
    try (var connection = dataSource.getXAConnection().getConnection();
        var statement = connection.createStatement()) {
      statement.execute("CREATE TEMPORARY TABLE detail_check (id VARCHAR(200) PRIMARY KEY)");
      try (var insert = connection.prepareStatement("INSERT INTO detail_check VALUES (?)")) {
        insert.setString(1, marker);
        insert.executeUpdate();
        return assertThrows(SQLException.class, insert::executeUpdate);
      }
    }
  }

  private static String text(SQLException failure) {
    var text = new StringBuilder();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      text.append(cause).append('\n');
    }
    return text.toString();
  }

  private static <T extends BaseDataSource> T configured(T dataSource) {
    dataSource.setServerNames(new String[] {env("REVEILLE_DB_HOST", "127.0.0.1")});
    dataSource.setPortNumbers(new int[] {Integer.parseInt(env("REVEILLE_DB_PORT", "5432"))});
    dataSource.setDatabaseName(env("REVEILLE_DB_NAME", "reveille"));
    dataSource.setUser(env("REVEILLE_DB_USER", "reveille"));
    dataSource.setPassword(env("REVEILLE_DB_PASSWORD", "reveille"));
    return dataSource;
  }

  private static String env(String name, String fallback) {
    return Objects.requireNonNullElse(System.getenv(name), fallback);
  }
}
