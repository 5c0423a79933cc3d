package io.reveille.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the harness's own on 127.0.0.1, from the machine's PostgreSQL binaries
 * (Debian's {@code postgresql} package, or {@code REVEILLE_PG_BIN}), with prepared transactions on
 * (XA: a notification's intake spans broker and database) and a {@code reveille} database. The
 * cluster and chaos suites run it without {@code fsync} (their subject is recovery, not the disk);
 * the benchmarks run it durable.
 */
public final class Postgres {

  public static final String USER = "reveille";
  public static final String PASSWORD = "reveille-cluster";

  private final Path bin;
  private final Path directory;
  private final Path socketDirectory;
  private final Path log;
  private final int port;
  private final boolean durable;

  private Postgres(Path bin, Path home, int port, boolean durable) {
    this.bin = bin;
    this.durable = durable;
    this.directory = home.resolve("data");
    this.socketDirectory = home;
    this.log = home.resolve("postgresql.log");
    this.port = port;
  }

  /** The machine's PostgreSQL binaries, newest version first; empty when none is installed. */
  public static Optional<Path> binaries() {
    var configured = System.getenv("REVEILLE_PG_BIN");
    if (configured != null && !configured.isBlank()) {
      return Optional.of(Path.of(configured));
    }
    var root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .map(version -> version.resolve("bin"))
          .filter(dir -> Files.isExecutable(dir.resolve("pg_ctl")))
          .max(Comparator.comparing(dir -> versionOf(dir.getParent())));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int versionOf(Path dir) {
    try {
      return Integer.parseInt(dir.getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /**
   * Creates the cluster in a new directory under the system's temporary directory (which the {@code
   * postgres} account can reach, unlike a build directory under a private home), starts it on
   * {@code port} and creates the database; without {@code fsync}.
   */
  static Postgres create(Path bin, int port) {
    return create(bin, port, false);
  }

  /**
   * As {@link #create(Path, int)}; {@code durable}: every commit is flushed to disk ({@code fsync}
   * on, PostgreSQL's default), as in production.
   */
  public static Postgres create(Path bin, int port, boolean durable) {
    try {
      var home =
          Files.createTempDirectory(
              "reveille-cluster-pg",
              java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                  java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
      var postgres = new Postgres(bin, home, port, durable);
      postgres.initialise();
      return postgres;
    } catch (IOException e) {
      throw new IllegalStateException("cannot create PostgreSQL's directory", e);
    }
  }

  public int port() {
    return port;
  }

  /** The environment variables that point a Reveille server at this cluster's database. */
  public Map<String, String> serverEnvironment() {
    return Map.of(
        "REVEILLE_DB_KIND",
        "postgresql",
        "REVEILLE_DB_HOST",
        "127.0.0.1",
        "REVEILLE_DB_PORT",
        Integer.toString(port),
        "REVEILLE_DB_NAME",
        "reveille",
        "REVEILLE_DB_USER",
        USER,
        "REVEILLE_DB_PASSWORD",
        PASSWORD);
  }

  /** The JDBC URL of {@code database} on this cluster. */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  /** Creates {@code database}, owned by {@link #USER}. */
  public void createDatabase(String database) {
    psql("postgres", Duration.ofSeconds(60), "CREATE DATABASE " + database + " OWNER " + USER);
  }

  /**
   * Drops {@code database} (closing whatever is still connected to it) and creates it again, empty,
   * owned by {@link #USER}: the next server on it starts from nothing, as the first one did.
   */
  public void recreateDatabase(String database) {
    psql(
        "postgres",
        Duration.ofSeconds(60),
        "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    createDatabase(database);
  }

  private void initialise() {
    if ("root".equals(System.getProperty("user.name"))) {
      // The postgres account owns the cluster and writes its log and socket.
      Processes.run(
          List.of("chown", "postgres", socketDirectory.toString()),
          socketDirectory.resolve("chown.log"),
          Duration.ofSeconds(10));
    }
    Processes.run(
        Processes.asPostgres(
            bin.resolve("initdb").toString(),
            "-D",
            directory.toString(),
            "-U",
            "postgres",
            "-A",
            "trust"),
        socketDirectory.resolve("initdb.log"),
        Duration.ofSeconds(120));
    try {
      Files.writeString(
          directory.resolve("postgresql.conf"),
          "\nmax_prepared_transactions = 100\nmax_connections = 200\n"
              + (durable ? "" : "fsync = off\n")
              + (Boolean.getBoolean(STATEMENT_STATISTICS)
                  ? "shared_preload_libraries = 'pg_stat_statements'\n"
                      + "pg_stat_statements.track_planning = on\n"
                  : ""),
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    start();
    psql(
        "postgres",
        Duration.ofSeconds(60),
        "CREATE USER " + USER + " PASSWORD '" + PASSWORD + "'",
        "CREATE DATABASE reveille OWNER " + USER);
  }

  /** Starts the cluster and waits until it accepts connections. */
  void start() {
    Processes.run(
        Processes.asPostgres(
            bin.resolve("pg_ctl").toString(),
            "-D",
            directory.toString(),
            "-l",
            log.toString(),
            "-w",
            "-t",
            "120",
            "-o",
            "-p " + port + " -k " + socketDirectory + " -c listen_addresses=127.0.0.1",
            "start"),
        log.resolveSibling("pg_ctl.log"),
        Duration.ofSeconds(150));
    // pg_ctl detaches the server: its first line in postmaster.pid names it.
    try {
      var pid =
          Long.parseLong(Files.readAllLines(directory.resolve("postmaster.pid")).get(0).strip());
      Processes.record(pid, "postgresql " + directory);
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("cannot read PostgreSQL's PID in " + directory, e);
    }
  }

  /**
   * How many transactions are prepared (the first phase of a two-phase commit done, the second
   * not): each holds its locks until its transaction manager settles it.
   */
  long preparedTransactions() {
    return Long.parseLong(query("SELECT count(*) FROM pg_prepared_xacts").strip());
  }

  /** What the database is doing: its busy sessions, prepared transactions and waiting locks. */
  String activity() {
    return query(
            "SELECT pid, state, xact_start, wait_event_type, left(query, 120) FROM pg_stat_activity"
                + " WHERE datname = 'reveille' AND state <> 'idle' ORDER BY xact_start")
        + query("SELECT gid, prepared, owner FROM pg_prepared_xacts")
        + query(
            "SELECT locktype, relation::regclass, mode, granted, pid FROM pg_locks WHERE NOT granted");
  }

  /**
   * With {@code -Dpeers.pgstats=true} a benchmark's cluster loads {@code pg_stat_statements}: the
   * statements a run sent, with their calls and time, for the profile behind its figures.
   */
  public static final String STATEMENT_STATISTICS = "peers.pgstats";

  /**
   * Starts counting statements in {@code database} from now (with {@link #STATEMENT_STATISTICS}
   * only; otherwise does nothing).
   */
  public void resetStatementStatistics(String database) {
    if (Boolean.getBoolean(STATEMENT_STATISTICS)) {
      psql(
          database,
          Duration.ofSeconds(30),
          "CREATE EXTENSION IF NOT EXISTS pg_stat_statements",
          "SELECT pg_stat_statements_reset()",
          "SELECT pg_stat_reset()");
    }
  }

  /**
   * The transactions committed and rolled back and the statements executed in {@code database}
   * since the reset, then the {@code limit} statements that took the most time, as psql prints them
   * (calls, total ms, rows, the statement); empty without {@link #STATEMENT_STATISTICS}.
   */
  public String statementStatistics(String database, int limit) {
    if (!Boolean.getBoolean(STATEMENT_STATISTICS)) {
      return "";
    }
    return psql(
        database,
        Duration.ofSeconds(30),
        "SELECT 'transactions committed ' || xact_commit || ', rolled back ' || xact_rollback"
            + " FROM pg_stat_database WHERE datname = '"
            + database
            + "'",
        "SELECT 'statements ' || sum(calls) FROM pg_stat_statements s JOIN pg_database d"
            + " ON d.oid = s.dbid WHERE d.datname = '"
            + database
            + "'",
        "SELECT 'calls|exec ms|rows|plans|plan ms|query'",
        "SELECT calls, round(total_exec_time::numeric, 1), rows, plans,"
            + " round(total_plan_time::numeric, 1), left(regexp_replace(query, '\\s+', ' ', 'g'),"
            + " 160) FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE"
            + " d.datname = '"
            + database
            + "' ORDER BY total_exec_time DESC LIMIT "
            + limit);
  }

  /** The rows {@code sql} gives in the reveille database, as psql prints them unaligned. */
  private String query(String sql) {
    return psql("reveille", Duration.ofSeconds(30), sql);
  }

  /**
   * Runs {@code statements} in {@code database} as the superuser within {@code timeout}; returns
   * what psql printed.
   */
  private String psql(String database, Duration timeout, String... statements) {
    var command =
        new java.util.ArrayList<>(
            List.of(
                bin.resolve("psql").toString(),
                "-tA",
                "-h",
                "127.0.0.1",
                "-p",
                Integer.toString(port),
                "-U",
                "postgres",
                "-d",
                database));
    for (var statement : statements) {
      command.addAll(List.of("-c", statement));
    }
    return Processes.output(command, timeout);
  }

  /** Whether the cluster runs (its postmaster's PID file is there). */
  boolean isRunning() {
    return Files.exists(directory.resolve("postmaster.pid"));
  }

  /** A fast shutdown: open transactions are rolled back, connections cut. */
  void stop() {
    Processes.run(
        Processes.asPostgres(
            bin.resolve("pg_ctl").toString(),
            "-D",
            directory.toString(),
            "-m",
            "fast",
            "-w",
            "stop"),
        log.resolveSibling("pg_ctl.log"),
        Duration.ofSeconds(120));
  }

  /**
   * Stops the cluster if it runs, keeps its log in {@code logs} and deletes its files; never fails
   * (for clean-up).
   */
  public void destroy(Path logs) {
    if (Files.exists(directory.resolve("postmaster.pid"))) {
      try {
        stop();
      } catch (RuntimeException e) {
        // The clean-up goes on; the log says what happened.
      }
    }
    try {
      Files.createDirectories(logs);
      if (Files.exists(log)) {
        Files.copy(
            log, logs.resolve("postgresql.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      try (var files = Files.walk(socketDirectory)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    } catch (IOException e) {
      // Left for the system's temporary directory clean-up.
    }
  }
}
