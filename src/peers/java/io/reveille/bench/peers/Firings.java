package io.reveille.bench.peers;

import com.zaxxer.hikari.HikariDataSource;
import io.reveille.cluster.Postgres;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The durable effect of a peer's job: one committed row per firing, in its own transaction, with
 * the moment the job started. A peer has fired a timer once its row is there.
 */
final class Firings implements AutoCloseable {

  private final HikariDataSource dataSource;

  private Firings(HikariDataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * On {@code database} of {@code postgres}, creating the table when missing; {@code pool}
   * connections.
   */
  static Firings open(Postgres postgres, String database, int pool) {
    var firings = new Firings(Pools.of(postgres, database, "bench-firings", pool));
    firings.update(
        "CREATE TABLE IF NOT EXISTS bench_firing (contender TEXT NOT NULL, id TEXT NOT NULL,"
            + " due TIMESTAMPTZ NOT NULL, fired_at TIMESTAMPTZ NOT NULL,"
            + " PRIMARY KEY (contender, id))");
    return firings;
  }

  /** Records that {@code contender}'s job {@code id}, due at {@code due}, started now. */
  void record(String contender, String id, Instant due) {
    var firedAt = Instant.now();
    try (var connection = dataSource.getConnection();
        var insert =
            connection.prepareStatement(
                "INSERT INTO bench_firing (contender, id, due, fired_at) VALUES (?, ?, ?, ?)")) {
      insert.setString(1, contender);
      insert.setString(2, id);
      insert.setTimestamp(3, Timestamp.from(due));
      insert.setTimestamp(4, Timestamp.from(firedAt));
      insert.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot record the firing of " + id, e);
    }
  }

  long count(String contender) {
    try (var connection = dataSource.getConnection();
        var query =
            connection.prepareStatement("SELECT count(*) FROM bench_firing WHERE contender = ?")) {
      query.setString(1, contender);
      try (var rows = query.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The lateness (started − due), in milliseconds, of every recorded firing whose id starts with
   * {@code prefix}.
   */
  List<Long> lateness(String contender, String prefix) {
    var lateness = new ArrayList<Long>();
    try (var connection = dataSource.getConnection();
        var query =
            connection.prepareStatement(
                "SELECT (EXTRACT(EPOCH FROM fired_at - due) * 1000)::BIGINT FROM bench_firing"
                    + " WHERE contender = ? AND starts_with(id, ?)")) {
      query.setString(1, contender);
      query.setString(2, prefix);
      try (var rows = query.executeQuery()) {
        while (rows.next()) {
          lateness.add(rows.getLong(1));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return lateness;
  }

  /**
   * Waits until {@code contender} has recorded {@code expected} firings, at most {@code timeout}.
   */
  void await(String contender, long expected, Duration timeout) {
    Pause.until(contender + " fired", () -> count(contender), expected, timeout);
  }

  private void update(String sql) {
    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    dataSource.close();
  }
}
