package io.reveille.platform.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.persistence.RoundTrips.Count;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the counting connection reports: every execution, a batch as the statements it held in one
 * round trip, a refused statement too; outside a JTA transaction (no container here) each report is
 * a transaction of its own.
 */
class CountingJdbcTest {

  @BeforeAll
  static void count() {
    RoundTrips.turnOn();
  }

  @Test
  void aBatchCountsTheStatementsItHeldInOneTransaction() throws SQLException {
    var connection = CountingJdbc.connection(fakeConnection());
    var before = RoundTrips.onThisThread();
    var sql = "INSERT INTO batched VALUES (?)";
    var ranBefore = RoundTrips.statementsOnThisThread().getOrDefault(sql, 0L);

    var statement = connection.prepareStatement(sql);
    statement.addBatch();
    statement.addBatch();
    statement.addBatch();
    statement.executeBatch();

    assertEquals(new Count(3, 1, 1), RoundTrips.onThisThread().minus(before));
    assertEquals(ranBefore + 3, RoundTrips.statementsOnThisThread().get(sql));
  }

  @Test
  void eachExecutionOfAStatementCountsOnceAndPreparingCountsNothing() throws SQLException {
    var connection = CountingJdbc.connection(fakeConnection());
    var before = RoundTrips.onThisThread();

    var prepared = connection.prepareStatement("SELECT 1");
    prepared.executeQuery();
    prepared.executeQuery();
    connection.createStatement().executeUpdate("DELETE FROM plain");

    assertEquals(new Count(3, 3, 3), RoundTrips.onThisThread().minus(before));
    assertEquals(1L, RoundTrips.statementsOnThisThread().get("DELETE FROM plain"));
  }

  @Test
  void aStatementTheDatabaseRefusesIsCountedAndItsFailurePassesOn() throws SQLException {
    var connection = CountingJdbc.connection(fakeConnection());
    var before = RoundTrips.onThisThread();

    var refused =
        assertThrows(SQLException.class, () -> connection.createStatement().execute("FAIL"));

    assertEquals("refused", refused.getMessage());
    assertEquals(new Count(1, 1, 1), RoundTrips.onThisThread().minus(before));
  }

  @Test
  void aProxyEqualsOnlyItself() throws SQLException {
    var target = fakeConnection();
    var one = CountingJdbc.connection(target);
    var other = CountingJdbc.connection(target);

    assertEquals(one, one);
    assertNotEquals(one, other);
    assertEquals(System.identityHashCode(one), one.hashCode());
    assertSame(target, one.unwrap(Connection.class));
  }

  /** A connection whose statements answer every execution: a batch of three, a failure for FAIL. */
  private static Connection fakeConnection() {
    var statement =
        (PreparedStatement)
            Proxy.newProxyInstance(
                CountingJdbcTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "executeBatch" -> new int[] {1, 1, 1};
                      case "executeUpdate" -> 1;
                      case "execute" -> {
                        if (args != null && "FAIL".equals(args[0])) {
                          throw new SQLException("refused");
                        }
                        yield true;
                      }
                      default -> null;
                    });
    var connection = new Connection[1];
    connection[0] =
        (Connection)
            Proxy.newProxyInstance(
                CountingJdbcTest.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "prepareStatement", "createStatement" -> statement;
                      case "unwrap" -> connection[0];
                      default -> null;
                    });
    return connection[0];
  }
}
