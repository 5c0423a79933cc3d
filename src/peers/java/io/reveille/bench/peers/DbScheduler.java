package io.reveille.bench.peers;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariDataSource;
import io.reveille.cluster.Postgres;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * db-scheduler on its own database in the harness's PostgreSQL: {@code threads} worker threads,
 * lock-and-fetch polling (PostgreSQL's {@code SELECT … FOR UPDATE SKIP LOCKED}, the fastest mode
 * its documentation gives), polled every second, Hikari pool.
 */
final class DbScheduler implements PeerScheduler {

  static final String NAME = "db-scheduler 16.7.1 (lock-and-fetch)";

  private final HikariDataSource dataSource;
  private final OneTimeTask<Long> task;
  private final Scheduler scheduler;

  private DbScheduler(HikariDataSource dataSource, OneTimeTask<Long> task, Scheduler scheduler) {
    this.dataSource = dataSource;
    this.task = task;
    this.scheduler = scheduler;
  }

  static DbScheduler start(Postgres postgres, Firings firings, int threads) throws SQLException {
    postgres.createDatabase("dbscheduler");
    var dataSource = Pools.of(postgres, "dbscheduler", "db-scheduler", threads + 2);
    try (var connection = dataSource.getConnection();
        var statement = connection.createStatement()) {
      // The table db-scheduler's documentation gives for PostgreSQL.
      statement.execute(
          "CREATE TABLE scheduled_tasks (task_name TEXT NOT NULL, task_instance TEXT NOT NULL,"
              + " task_data BYTEA, execution_time TIMESTAMPTZ NOT NULL, picked BOOLEAN NOT NULL,"
              + " picked_by TEXT, last_success TIMESTAMPTZ, last_failure TIMESTAMPTZ,"
              + " consecutive_failures INT, last_heartbeat TIMESTAMPTZ, version BIGINT NOT NULL,"
              + " priority SMALLINT, PRIMARY KEY (task_name, task_instance))");
      statement.execute("CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time)");
      statement.execute("CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat)");
      statement.execute(
          "CREATE INDEX priority_execution_time_idx ON scheduled_tasks"
              + " (priority DESC, execution_time ASC)");
    }
    var task =
        Tasks.oneTime("bench-firing", Long.class)
            .execute(
                (instance, context) ->
                    firings.record(
                        NAME, instance.getId(), Instant.ofEpochMilli(instance.getData())));
    var scheduler =
        Scheduler.create(dataSource, task)
            .threads(threads)
            .pollUsingLockAndFetch(0.5, 1.0)
            .pollingInterval(Duration.ofSeconds(1))
            .build();
    scheduler.start();
    return new DbScheduler(dataSource, task, scheduler);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void schedule(List<String> ids, Instant due) {
    scheduler.scheduleBatch(
        ids.stream().<TaskInstance<?>>map(id -> task.instance(id, due.toEpochMilli())).toList(),
        due);
  }

  @Override
  public void cancel(List<String> ids) {
    for (var id : ids) {
      scheduler.cancel(task.instance(id));
    }
  }

  @Override
  public void close() {
    scheduler.stop();
    dataSource.close();
  }
}
