package io.reveille.bench.peers;

import io.reveille.cluster.Postgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;

/**
 * Quartz with its JDBC job store in clustered mode (what a Java team runs on more than one server),
 * on its own database in the harness's PostgreSQL: {@code threads} worker threads, triggers
 * acquired {@code threads} at a time within the store's lock, Hikari pool.
 */
final class Quartz implements PeerScheduler {

  static final String NAME = "Quartz 2.5.2 (JDBC store, clustered)";
  private static final String GROUP = "bench";

  /** Where the job records its firings (Quartz instantiates jobs itself: a static hand-over). */
  private static volatile Firings sink;

  private final Scheduler scheduler;

  private Quartz(Scheduler scheduler) {
    this.scheduler = scheduler;
  }

  static Quartz start(Postgres postgres, Firings firings, int threads) throws Exception {
    postgres.createDatabase("quartz");
    var url = postgres.jdbcUrl("quartz");
    createSchema(url);
    sink = firings;
    var properties = new Properties();
    properties.setProperty("org.quartz.scheduler.instanceName", "ReveilleBench");
    properties.setProperty("org.quartz.scheduler.instanceId", "AUTO");
    properties.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
    properties.setProperty(
        "org.quartz.scheduler.batchTriggerAcquisitionMaxCount", Integer.toString(threads));
    properties.setProperty("org.quartz.threadPool.threadCount", Integer.toString(threads));
    properties.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
    properties.setProperty(
        "org.quartz.jobStore.driverDelegateClass",
        "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
    properties.setProperty("org.quartz.jobStore.isClustered", "true");
    properties.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
    // A late firing in the burst is still a firing, not a misfire to handle by policy.
    properties.setProperty("org.quartz.jobStore.misfireThreshold", "3600000");
    properties.setProperty("org.quartz.jobStore.dataSource", "bench");
    properties.setProperty("org.quartz.dataSource.bench.provider", "hikaricp");
    properties.setProperty("org.quartz.dataSource.bench.driver", "org.postgresql.Driver");
    properties.setProperty("org.quartz.dataSource.bench.URL", url);
    properties.setProperty("org.quartz.dataSource.bench.user", Postgres.USER);
    properties.setProperty("org.quartz.dataSource.bench.password", Postgres.PASSWORD);
    properties.setProperty(
        "org.quartz.dataSource.bench.maxConnections", Integer.toString(threads + 2));
    var scheduler = new StdSchedulerFactory(properties).getScheduler();
    scheduler.start();
    return new Quartz(scheduler);
  }

  /** Quartz's own PostgreSQL schema, from its JAR. */
  private static void createSchema(String url) throws IOException, SQLException {
    String script;
    try (var in =
        Scheduler.class.getResourceAsStream("/org/quartz/impl/jdbcjobstore/tables_postgres.sql")) {
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.createStatement()) {
      for (var sql : script.replaceAll("(?m)^--.*$", "").split(";")) {
        var trimmed = sql.strip();
        if (!trimmed.isEmpty() && !trimmed.equalsIgnoreCase("commit")) {
          statement.execute(trimmed);
        }
      }
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void schedule(List<String> ids, Instant due) throws SchedulerException {
    var jobs = new HashMap<JobDetail, Set<? extends Trigger>>();
    for (var id : ids) {
      jobs.put(
          JobBuilder.newJob(RecordFiring.class)
              .withIdentity(id, GROUP)
              .usingJobData("due", due.toEpochMilli())
              .build(),
          Set.of(
              TriggerBuilder.newTrigger().withIdentity(id, GROUP).startAt(Date.from(due)).build()));
    }
    scheduler.scheduleJobs(jobs, false);
  }

  @Override
  public void cancel(List<String> ids) throws SchedulerException {
    scheduler.deleteJobs(ids.stream().map(id -> new JobKey(id, GROUP)).toList());
  }

  @Override
  public void close() throws SchedulerException {
    scheduler.shutdown(true);
  }

  /** The job: record the firing, in its own transaction. */
  public static final class RecordFiring implements Job {
    @Override
    public void execute(JobExecutionContext context) {
      sink.record(
          NAME,
          context.getJobDetail().getKey().getName(),
          Instant.ofEpochMilli(context.getMergedJobDataMap().getLong("due")));
    }
  }
}
