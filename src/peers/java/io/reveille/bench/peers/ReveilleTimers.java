package io.reveille.bench.peers;

import static io.reveille.bench.TimerLoadDriver.parallel;

import io.reveille.cluster.Node;
import io.reveille.cluster.Postgres;
import io.reveille.testing.Agents;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Reveille's side of the timer burst: one server (the runnable JAR, embedded broker) on the
 * harness's PostgreSQL; {@code count} custom agents, each with a daily timer due at the same second
 * (or, spread over {@code spread} seconds, timer {@code i} due {@code i % spread} seconds after the
 * first), created over REST; then, from its run log, when each wake was enqueued and when each run
 * started; a warm-up round of the same kind before it ({@link SideBySide#warmUp}). With {@code
 * -Dpeers.jfr=true} the server records a flight recording ({@code reveille.jfr} in the run's
 * directory); with {@code -Dpeers.pgstats=true} what PostgreSQL counted from the timers' creation
 * until every run had started is written to {@code pg-statements.txt}.
 */
final class ReveilleTimers {

  static final String NAME = "Reveille";
  private static final int CLIENTS = 8;

  private ReveilleTimers() {}

  static TimerBurst burst(Postgres postgres, Path work, int count, int spread) throws Exception {
    // A flight recording of the whole run with -Dpeers.jfr, for the profile behind the figures.
    var jvmOptions = new ArrayList<String>(WakePath.jvmOptions(work));
    var node =
        Node.standalone(
            work.resolve("reveille"), postgres, 9950, WakePath.fromPeersEnv(), jvmOptions);
    var pool = Executors.newFixedThreadPool(CLIENTS);
    try {
      node.start();
      node.awaitReady(Duration.ofMinutes(5));
      var agents = new Agents(node.api());
      var url = postgres.jdbcUrl("reveille");
      var warmUp = SideBySide.warmUp(count);
      round(node, agents, pool, "warm-up", warmUp, 1);
      awaitStarted(url, warmUp, Duration.ofMinutes(30));
      System.out.printf("%s: warmed up with %,d timers%n", NAME, warmUp);
      var round = round(node, agents, pool, "timer burst", count, spread);
      postgres.resetStatementStatistics("reveille");
      awaitStarted(url, warmUp + count, Duration.ofMinutes(30));
      WakePath.writeStatementStatistics(postgres, work);
      return TimerBurst.of(
          NAME,
          count,
          round.scheduling(),
          lateness(url, "created_at", round.due()),
          lateness(url, "started_at", round.due()));
    } finally {
      pool.shutdownNow();
      node.stop();
    }
  }

  /** A round's first due second and how long creating its timers took. */
  private record Round(Instant due, Duration scheduling) {}

  /**
   * {@code count} custom agents named after {@code label}, then a daily timer each, due at the same
   * second (or spread over {@code spread} seconds) far enough ahead that creating them all ends
   * before it.
   */
  private static Round round(
      Node node, Agents agents, ExecutorService pool, String label, int count, int spread)
      throws Exception {
    var created = Instant.now();
    var ids = parallel(pool, count, i -> agents.createCustom(label + " " + i));
    var creating = Duration.between(created, Instant.now());
    System.out.printf("%s: %,d agents created in %s%n", NAME, count, creating);
    // Creating the timers took 0.6 to 0.75 times as long as creating the agents (10,000 of each);
    // half as long again, and half a minute, to be safe.
    var due = Seconds.after(creating.multipliedBy(3).dividedBy(2).plusSeconds(30));
    var started = Instant.now();
    parallel(
        pool,
        count,
        i -> {
          var response =
              node.api()
                  .post(
                      "/api/agents/" + ids.get(i) + "/timers",
                      schedule(due.plusSeconds(i % spread)));
          if (response.status() != 201) {
            throw new IllegalStateException("expected 201: " + response);
          }
          return null;
        });
    var scheduling = Duration.between(started, Instant.now());
    System.out.printf("%s: %,d timers created in %s, due at %s%n", NAME, count, scheduling, due);
    if (Instant.now().isAfter(due)) {
      throw new IllegalStateException(NAME + ": creating the timers ended after the due second");
    }
    return new Round(due, scheduling);
  }

  /** A daily timer at {@code at}'s time of day, in UTC. */
  private static String schedule(Instant at) {
    return "{\"schedule\":{\"kind\":\"daily\",\"time\":\""
        + LocalTime.ofInstant(at, ZoneOffset.UTC)
        + "\",\"zone\":\"UTC\"}}";
  }

  /** Waits until {@code count} timer runs have started. */
  private static void awaitStarted(String url, int count, Duration timeout) {
    Pause.until(NAME + " runs started", () -> startedRuns(url), count, timeout);
  }

  private static long startedRuns(String url) {
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.createStatement();
        var rows =
            statement.executeQuery(
                "SELECT count(*) FROM wake_run_log WHERE reason = 'timer'"
                    + " AND started_at IS NOT NULL")) {
      rows.next();
      return rows.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * {@code column} − the firing's scheduled second, in milliseconds, for every timer run scheduled
   * at or after {@code from} (the warm-up's runs are before it).
   */
  private static List<Long> lateness(String url, String column, Instant from) throws SQLException {
    var lateness = new ArrayList<Long>();
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.createStatement();
        var rows =
            statement.executeQuery(
                "SELECT (EXTRACT(EPOCH FROM "
                    + column
                    + " - scheduled_at) * 1000)::BIGINT FROM wake_run_log WHERE reason = 'timer'"
                    + " AND scheduled_at >= '"
                    + from
                    + "'::timestamptz")) {
      while (rows.next()) {
        lateness.add(rows.getLong(1));
      }
    }
    return lateness;
  }
}
