package io.reveille.bench.peers;

import static io.reveille.bench.TimerLoadDriver.parallel;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dbos.transact.DBOS;
import dev.dbos.transact.StartWorkflowOptions;
import dev.dbos.transact.config.DBOSConfig;
import dev.dbos.transact.txstep.JdbcStepFactory;
import dev.dbos.transact.workflow.Workflow;
import dev.dbos.transact.workflow.WorkflowHandle;
import io.reveille.bench.Percentiles;
import io.reveille.cluster.Postgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * DBOS Transact's side of the durable-steps scenario, in this process on the harness's PostgreSQL
 * (its own database, which also holds DBOS's system tables): a workflow of three steps, each a
 * transactional step ({@link JdbcStepFactory#txStep}) that changes one task row's priority and
 * records its output in the same transaction — exactly once, as Reveille's tool call commits its
 * ledger row with the change. {@code count} workflows, each with an id of its own, are started from
 * {@value ReveilleSteps#CLIENTS} client threads and then awaited (all start at once, as Reveille's
 * wakes are all queued at once). A workflow's latency is DBOS's own record of it: {@code
 * workflow_status.updated_at − created_at}.
 */
final class DbosSteps {

  private static final String DATABASE = "dbos";
  private static final String NAME = "DBOS Transact 1.1.0-m6 (three transactional steps)";

  private DbosSteps() {}

  /** The workflow, called through the proxy DBOS makes of it. */
  public interface Priorities {
    String run(String runId) throws SQLException;
  }

  /** Three steps, one per task of the run. */
  public static final class PrioritiesWorkflow implements Priorities {

    private final JdbcStepFactory steps;

    PrioritiesWorkflow(JdbcStepFactory steps) {
      this.steps = steps;
    }

    @Override
    @Workflow(name = "priorities")
    public String run(String runId) throws SQLException {
      var changed = 0;
      for (var task = 0; task < 3; task++) {
        var id = runId + "-" + task;
        changed +=
            steps.txStep((Connection connection) -> prioritise(connection, id), "task" + task);
      }
      return runId + ":" + changed;
    }

    private static int prioritise(Connection connection, String taskId) throws SQLException {
      try (var update =
          connection.prepareStatement(
              "UPDATE bench_tasks SET priority = 'P0', updated_at = now() WHERE id = ?")) {
        update.setString(1, taskId);
        return update.executeUpdate();
      }
    }
  }

  static DurableRuns measure(Postgres postgres, int count) throws Exception {
    postgres.createDatabase(DATABASE);
    var url = postgres.jdbcUrl(DATABASE);
    var warmUp = SideBySide.loadWarmUp(count);
    seedTasks(url, warmUp + count);
    var pool = new HikariConfig();
    pool.setJdbcUrl(url);
    pool.setUsername(Postgres.USER);
    pool.setPassword(Postgres.PASSWORD);
    pool.setMaximumPoolSize(SideBySide.PEER_THREADS + 2);
    var config =
        DBOSConfig.defaults("reveille-bench")
            .withDatabaseUrl(url)
            .withDbUser(Postgres.USER)
            .withDbPassword(Postgres.PASSWORD)
            .withAppVersion("bench");
    var clients = Executors.newFixedThreadPool(ReveilleSteps.CLIENTS);
    try (var dataSource = new HikariDataSource(pool);
        var dbos = new DBOS(config)) {
      var workflow =
          dbos.registerProxy(
              Priorities.class, new PrioritiesWorkflow(new JdbcStepFactory(dbos, dataSource)));
      dbos.launch();
      System.out.printf("DBOS: warming up with %d workflows%n", warmUp);
      workflows(dbos, workflow, clients, url, "warm", 0, warmUp);
      var runs = workflows(dbos, workflow, clients, url, "run", warmUp, count);
      System.out.println(runs.row());
      return runs;
    } finally {
      clients.shutdownNow();
    }
  }

  /** Three task rows per run: {@code task-<k>-0} to {@code task-<k>-2}. */
  private static void seedTasks(String url, int runs) throws SQLException {
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.createStatement()) {
      statement.execute(
          "CREATE TABLE bench_tasks (id TEXT PRIMARY KEY, priority TEXT NOT NULL,"
              + " updated_at TIMESTAMPTZ NOT NULL DEFAULT now())");
      statement.executeUpdate(
          "INSERT INTO bench_tasks (id, priority) SELECT 'task-' || k || '-' || t, 'P2'"
              + " FROM generate_series(0, "
              + (runs - 1)
              + ") k CROSS JOIN generate_series(0, 2) t");
    }
  }

  /**
   * Starts workflows {@code from} to {@code from + count - 1} (ids {@code <prefix>-<k>}), awaits
   * every result and reads how long each took from DBOS's workflow table.
   */
  private static DurableRuns workflows(
      DBOS dbos,
      Priorities workflow,
      ExecutorService clients,
      String url,
      String prefix,
      int from,
      int count)
      throws Exception {
    var started = System.currentTimeMillis();
    var handles =
        parallel(
            clients,
            count,
            i -> {
              var k = from + i;
              WorkflowHandle<String, SQLException> handle =
                  dbos.startWorkflow(
                      () -> workflow.run("task-" + k), new StartWorkflowOptions(prefix + "-" + k));
              return handle;
            });
    for (var handle : handles) {
      var result = handle.getResult();
      if (!result.endsWith(":3")) {
        throw new IllegalStateException("workflow " + handle.workflowId() + " changed " + result);
      }
    }
    var latencies = new ArrayList<Long>();
    var last = started;
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement =
            connection.prepareStatement(
                "SELECT status, updated_at, updated_at - created_at FROM dbos.workflow_status"
                    + " WHERE workflow_uuid LIKE ?")) {
      statement.setString(1, prefix + "-%");
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          if (!"SUCCESS".equals(rows.getString(1))) {
            throw new IllegalStateException(NAME + ": a workflow ended " + rows.getString(1));
          }
          last = Math.max(last, rows.getLong(2));
          latencies.add(rows.getLong(3));
        }
      }
    }
    if (latencies.size() != count) {
      throw new IllegalStateException(
          NAME + ": " + latencies.size() + " workflows recorded, " + count + " started");
    }
    return new DurableRuns(
        NAME, count, Duration.ofMillis(last - started), new Percentiles(List.copyOf(latencies)));
  }
}
