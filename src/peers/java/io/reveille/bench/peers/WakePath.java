package io.reveille.bench.peers;

import static io.reveille.bench.TimerLoadDriver.parallel;

import io.reveille.bench.Percentiles;
import io.reveille.bench.Relay;
import io.reveille.cluster.Node;
import io.reveille.cluster.Postgres;
import io.reveille.testing.Agents;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The wake path side by side: notification batches through the embedded broker of one Reveille
 * server (the runnable JAR) on the harness's PostgreSQL, each matching one of {@code count} custom
 * agents (deterministic engine, subscription throttle off), measured from the moment a batch is
 * sent until the run it created starts (the run log's {@code started_at}; its {@code
 * logical_change_key} names the batch). Beside it, on the same broker in the same server, a bare
 * Artemis consume-and-forward relay: {@value #RELAY_CONSUMERS} transacted consumers (as many as
 * Reveille's default sessions per message-driven bean) forwarding each message with a persistent
 * send, fed by the same {@value #SENDERS} senders: the ceiling for consumers that take one message
 * in and send one out. And, deployed into the same server while it runs, the floor ({@link Floor}):
 * a plain message-driven bean doing one wake's resource work and nothing else.
 *
 * <p>Phases, one after the other: a warm-up ({@code count / 4} batches, not reported), the relay
 * ({@code count} messages), the floor (a warm-up of {@code count / 4} messages, then {@code count}
 * unpaced and {@value #PACED_SECONDS} s paced at {@value #PACED_RATE}/s), {@code count} batches
 * sent as fast as {@value #SENDERS} senders can, and {@value #PACED_SECONDS} s paced at {@value
 * #PACED_RATE} batches/s; with a history, the run log then grows by that many rows (see {@link
 * #seedHistory}) and {@code count} batches are sent unpaced again, so that one run compares an
 * empty run log with a full one. A phase's batch {@code k} goes to agent {@code k} (modulo {@code
 * count}) and each phase waits until the last one's runs have finished, so no batch finds a run of
 * its agent still queued and coalesces into it: every batch is a run of its own.
 */
final class WakePath {

  static final int SENDERS = 8;

  /** As many relay consumers as Reveille's default sessions per message-driven bean. */
  static final int RELAY_CONSUMERS = 4;

  static final int PACED_RATE = 50;
  static final int PACED_SECONDS = 30;
  private static final String NAME = "Reveille";
  private static final int BROKER_PORT = 25982;
  private static final String BROKER_USER = "reveille-bench";
  private static final String BROKER_PASSWORD = "reveille-bench-broker";

  /** Where the runnable JAR extracts the server, under the node's directory. */
  private static final String SERVER_DIRECTORY = "reveille/wlp/wlp/usr/servers/reveille-dist";

  private WakePath() {}

  static List<WakeLoad> measure(Postgres postgres, Path work, int count, int history)
      throws Exception {
    var node =
        Node.standalone(work.resolve("reveille"), postgres, 9950, settings(), jvmOptions(work));
    var pool = Executors.newFixedThreadPool(SENDERS);
    var results = new ArrayList<WakeLoad>();
    try {
      node.start();
      node.awaitReady(Duration.ofMinutes(5));
      var factory =
          new ActiveMQConnectionFactory(
              "tcp://127.0.0.1:" + BROKER_PORT, BROKER_USER, BROKER_PASSWORD);
      var entities = subscribedAgents(node, pool, count, "wp");
      var url = postgres.jdbcUrl("reveille");
      var warmUp = SideBySide.loadWarmUp(count);
      System.out.printf("%s: %d agents subscribed; warming up%n", NAME, count);
      batches(factory, pool, url, "warm-up", "warm-up", entities, warmUp, 0);
      // The relay after the warm-up, so that it too meets a broker and a JIT that have warmed up.
      results.add(relay(factory, count));
      Floor.deploy(work.resolve(SERVER_DIRECTORY), work, url, factory);
      Floor.load(factory, pool, url, "warm-up", "warm-up", warmUp, 0);
      results.add(Floor.load(factory, pool, url, "unpaced", "unpaced", count, 0));
      results.add(
          Floor.load(
              factory,
              pool,
              url,
              "paced",
              "paced at " + PACED_RATE + "/s",
              PACED_RATE * PACED_SECONDS,
              PACED_RATE));
      postgres.resetStatementStatistics("reveille");
      results.add(batches(factory, pool, url, "unpaced", "unpaced", entities, count, 0));
      results.add(
          batches(
              factory,
              pool,
              url,
              "paced",
              "paced at " + PACED_RATE + "/s",
              entities,
              PACED_RATE * PACED_SECONDS,
              PACED_RATE));
      writeStatementStatistics(postgres, work);
      if (history > 0) {
        var seeded = seedHistory(url, history);
        System.out.printf("%s: %,d run-log rows now; the unpaced phase again%n", NAME, seeded);
        results.add(
            batches(
                factory,
                pool,
                url,
                "history",
                String.format("unpaced, with %,d run-log rows", seeded),
                entities,
                count,
                0));
      }
      return results;
    } finally {
      pool.shutdownNow();
      node.stop();
    }
  }

  /**
   * Writes what PostgreSQL counted since {@link Postgres#resetStatementStatistics} to {@code
   * pg-statements.txt} in {@code work} (with {@code -Dpeers.pgstats=true} only).
   */
  static void writeStatementStatistics(Postgres postgres, Path work) throws java.io.IOException {
    var statements = postgres.statementStatistics("reveille", 40);
    if (!statements.isEmpty()) {
      java.nio.file.Files.writeString(work.resolve("pg-statements.txt"), statements);
    }
  }

  /**
   * The server's JVM options: a flight recording into {@code work} with {@code -Dpeers.jfr}, its
   * stacks 512 frames deep (the default 64 cuts a request's stack below its interceptors, so a
   * sample cannot be told to the operation that made it).
   */
  static List<String> jvmOptions(Path work) {
    return Boolean.getBoolean("peers.jfr")
        ? List.of(
            "-XX:FlightRecorderOptions=stackdepth=512",
            "-XX:StartFlightRecording=settings=profile,filename=" + work.resolve("reveille.jfr"))
        : List.of();
  }

  /**
   * Creates {@code count} custom agents over REST, agent {@code i} subscribed to entity {@code
   * <prefix>-entity-<i>} of its own; returns those entity ids in agent order.
   */
  static List<String> subscribedAgents(
      Node node, java.util.concurrent.ExecutorService pool, int count, String prefix)
      throws Exception {
    var agents = new Agents(node.api());
    return parallel(
        pool,
        count,
        i -> {
          var entity = prefix + "-entity-" + i;
          agents.subscribe(
              agents.createCustom(prefix + " agent " + i), "{\"entityIds\":[\"" + entity + "\"]}");
          if ((i + 1) % 10_000 == 0) {
            System.out.printf("  %,d agents subscribed%n", i + 1);
          }
          return entity;
        });
  }

  /**
   * The server's settings: the subscription throttle off, the broker's port and login, and any
   * {@code NAME=value} pairs of {@code -Dpeers.env} (comma-separated), for tuning by measurement
   * (say {@code REVEILLE_MDB_MAX_SESSIONS=8,REVEILLE_DB_POOL_MAX=30}).
   */
  private static Map<String, String> settings() {
    var settings = new java.util.HashMap<String, String>();
    settings.put("REVEILLE_WAKE_SUBSCRIPTION_THROTTLE_SECONDS", "0");
    settings.put("REVEILLE_BROKER_PORT", Integer.toString(BROKER_PORT));
    settings.put("REVEILLE_BROKER_USER", BROKER_USER);
    settings.put("REVEILLE_BROKER_PASSWORD", BROKER_PASSWORD);
    settings.putAll(fromPeersEnv());
    return settings;
  }

  /** The {@code NAME=value} pairs of {@code -Dpeers.env} (comma-separated). */
  static Map<String, String> fromPeersEnv() {
    var settings = new java.util.HashMap<String, String>();
    for (var pair : System.getProperty("peers.env", "").split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      var equals = pair.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("peers.env takes NAME=value pairs, got " + pair);
      }
      settings.put(pair.substring(0, equals).strip(), pair.substring(equals + 1).strip());
    }
    return settings;
  }

  /**
   * Sends {@code count} batches round-robin over the agents' entities ({@code rate} per second, or
   * as fast as the senders go at 0), waits until none of their runs is queued or started, and reads
   * when each run started.
   */
  private static WakeLoad batches(
      ConnectionFactory factory,
      java.util.concurrent.ExecutorService pool,
      String url,
      String phase,
      String label,
      List<String> entities,
      int count,
      int rate)
      throws Exception {
    drain(factory, url, phase);
    var prefix = "wp-" + phase + "-";
    var sentAt = new ConcurrentHashMap<String, Long>();
    var startMillis = System.currentTimeMillis();
    var sending =
        send(
            factory,
            pool,
            "reveille.notifications",
            phase,
            prefix,
            count,
            rate,
            (id, k) ->
                "{\"schemaVersion\":1,\"batchId\":\""
                    + id
                    + "\",\"tokens\":[\""
                    + entities.get(k % entities.size())
                    + "\"]}",
            sentAt);
    Pause.until(
        NAME + " " + phase + " batches recorded",
        () -> recorded(url, prefix),
        count,
        Duration.ofMinutes(20));
    Pause.until(
        NAME + " " + phase + " runs finished",
        () -> -pending(url, prefix),
        0,
        Duration.ofMinutes(20));
    var latencies = new ArrayList<Long>();
    // Per run: sent → started, sent → recorded, recorded → started, sent since the phase began.
    var legs = new ArrayList<long[]>();
    var lastStart = startMillis;
    var runs = 0;
    var completed = 0;
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement =
            connection.prepareStatement(
                "SELECT logical_change_key, status,"
                    + " (EXTRACT(EPOCH FROM started_at) * 1000)::BIGINT,"
                    + " (EXTRACT(EPOCH FROM created_at) * 1000)::BIGINT"
                    + " FROM wake_run_log WHERE logical_change_key LIKE ?")) {
      statement.setString(1, prefix + "%");
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          runs++;
          if (!"completed".equals(rows.getString(2))) {
            continue;
          }
          completed++;
          var started = rows.getLong(3);
          lastStart = Math.max(lastStart, started);
          var sent = sentAt.get(rows.getString(1));
          if (sent != null) {
            latencies.add(started - sent);
            legs.add(
                new long[] {
                  started - sent,
                  rows.getLong(4) - sent,
                  started - rows.getLong(4),
                  sent - startMillis
                });
          }
        }
      }
    }
    var load =
        new WakeLoad(
            NAME + ", " + label,
            count,
            sending,
            runs,
            completed,
            Duration.ofMillis(lastStart - startMillis),
            new Percentiles(latencies));
    System.out.println(load.row());
    printSlowest(legs);
    return load;
  }

  /**
   * Sends {@code count} text messages to {@code queueName} from {@value #SENDERS} senders ({@code
   * rate} per second, or as fast as they go at 0): message {@code k} has the id {@code prefix + k}
   * and the body {@code body(id, k)}. Notes in {@code sentAt}, under its id, when each was sent;
   * prints how long the broker took to confirm the sends; returns how long sending took.
   */
  static Duration send(
      ConnectionFactory factory,
      java.util.concurrent.ExecutorService pool,
      String queueName,
      String phase,
      String prefix,
      int count,
      int rate,
      java.util.function.BiFunction<String, Integer, String> body,
      Map<String, Long> sentAt)
      throws Exception {
    var sendMillis = new java.util.concurrent.ConcurrentLinkedQueue<Long>();
    var next = new AtomicInteger();
    var start = System.nanoTime();
    parallel(
        pool,
        SENDERS,
        sender -> {
          try (var context = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
            var queue = context.createQueue(queueName);
            var producer = context.createProducer();
            for (var k = next.getAndIncrement(); k < count; k = next.getAndIncrement()) {
              if (rate > 0) {
                Pause.of(Duration.ofNanos(start + k * 1_000_000_000L / rate - System.nanoTime()));
              }
              var id = prefix + k;
              var text = body.apply(id, k);
              sentAt.put(id, System.currentTimeMillis());
              var sendStart = System.nanoTime();
              producer.send(queue, text);
              sendMillis.add((System.nanoTime() - sendStart) / 1_000_000);
            }
          }
          return null;
        });
    var sending = Duration.ofNanos(System.nanoTime() - start);
    var sends = new Percentiles(sendMillis);
    System.out.printf(
        "  %s sends (until the broker confirmed each): p50 %d ms, p99 %d ms, max %d ms%n",
        phase, sends.at(50), sends.at(99), sends.max());
    return sending;
  }

  /**
   * Where the slowest 1% of the runs spent their time: from the send until the intake recorded the
   * run (the run log's {@code created_at}), and from then until the run started.
   */
  private static void printSlowest(List<long[]> legs) {
    if (legs.isEmpty()) {
      return;
    }
    legs.sort((a, b) -> Long.compare(b[0], a[0]));
    var slowest = legs.subList(0, Math.max(1, legs.size() / 100));
    System.out.printf(
        "  slowest %d runs: sent → recorded %,d ms on average, recorded → started %,d ms%n",
        slowest.size(),
        (long) slowest.stream().mapToLong(leg -> leg[1]).average().orElse(0),
        (long) slowest.stream().mapToLong(leg -> leg[2]).average().orElse(0));
    System.out.printf(
        "  sent at (ms into the phase): %s%n",
        slowest.stream().mapToLong(leg -> leg[3]).sorted().limit(40).boxed().toList());
  }

  /**
   * Grows the run log by at least {@code rows} rows of history: copies of the runs the phases so
   * far completed (every column as the server wrote it), each copy under a run key and logical
   * change key of its own and dated a minute further back per copy, so that every measured agent
   * has its share of old runs in the indexes its queries use. Then vacuums and analyses the table,
   * as a database that grew over months would be. Returns the run log's size.
   */
  static long seedHistory(String url, int rows) throws SQLException {
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.createStatement()) {
      var columns = new ArrayList<String>();
      try (var names =
          statement.executeQuery(
              "SELECT column_name FROM information_schema.columns"
                  + " WHERE table_name = 'wake_run_log' ORDER BY ordinal_position")) {
        while (names.next()) {
          columns.add(names.getString(1));
        }
      }
      var template = "w.logical_change_key LIKE 'wp-%' AND w.status = 'completed'";
      long templates;
      try (var counted =
          statement.executeQuery("SELECT count(*) FROM wake_run_log w WHERE " + template)) {
        counted.next();
        templates = counted.getLong(1);
      }
      if (templates == 0) {
        throw new IllegalStateException("no completed run to copy");
      }
      var copies = (rows + templates - 1) / templates;
      var values =
          columns.stream()
              .map(
                  column ->
                      switch (column) {
                        case "run_key" -> "w.run_key || ':history:' || g";
                        case "logical_change_key" -> "'history-' || g || '-' || w.run_key";
                        case "created_at", "started_at", "completed_at", "not_before" ->
                            "w." + column + " - g * INTERVAL '1 minute'";
                        default -> "w." + column;
                      })
              .toList();
      var started = System.nanoTime();
      statement.executeUpdate(
          "INSERT INTO wake_run_log ("
              + String.join(", ", columns)
              + ") SELECT "
              + String.join(", ", values)
              + " FROM wake_run_log w CROSS JOIN generate_series(1, "
              + copies
              + ") g WHERE "
              + template);
      statement.execute("VACUUM ANALYZE wake_run_log");
      System.out.printf(
          "%s: %,d copies of %,d runs written in %d s%n",
          NAME, copies, templates, Duration.ofNanos(System.nanoTime() - started).toSeconds());
      try (var counted = statement.executeQuery("SELECT count(*) FROM wake_run_log")) {
        counted.next();
        return counted.getLong(1);
      }
    }
  }

  /**
   * Sends a batch that matches nobody and waits until the server has recorded it: whatever earlier
   * phases left on the notification queue (batches Reveille published about its own changes) has
   * then been taken off it, and does not stand in front of this phase's batches.
   */
  private static void drain(ConnectionFactory factory, String url, String phase) {
    var sentinel = "wp-drained-before-" + phase;
    try (var context = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
      context
          .createProducer()
          .send(
              context.createQueue("reveille.notifications"),
              "{\"schemaVersion\":1,\"batchId\":\"" + sentinel + "\",\"tokens\":[\"wp-nobody\"]}");
    }
    Pause.until(
        NAME + " queue drained before " + phase,
        () -> recorded(url, sentinel),
        1,
        Duration.ofMinutes(10));
  }

  /** How many of the phase's batches the server recorded (matched or not). */
  private static long recorded(String url, String prefix) {
    return count(url, "SELECT count(*) FROM notification_batches WHERE batch_id LIKE ?", prefix);
  }

  /** How many of the phase's runs are queued or started. */
  private static long pending(String url, String prefix) {
    return count(
        url,
        "SELECT count(*) FROM wake_run_log WHERE logical_change_key LIKE ?"
            + " AND status IN ('queued', 'started')",
        prefix);
  }

  /** The count {@code sql} answers for its one parameter, {@code prefix} followed by {@code %}. */
  static long count(String url, String sql, String prefix) {
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.prepareStatement(sql)) {
      statement.setString(1, prefix + "%");
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static WakeLoad relay(ConnectionFactory factory, int count) throws Exception {
    var relay = Relay.run(factory, SENDERS, RELAY_CONSUMERS, count);
    var load =
        new WakeLoad(
            "Artemis relay (" + RELAY_CONSUMERS + " transacted consumers forwarding)",
            count,
            relay.sending(),
            count,
            count,
            Duration.ofMillis(relay.lastReceived() - relay.started()),
            new Percentiles(relay.latencies()));
    System.out.println(load.row());
    return load;
  }
}
