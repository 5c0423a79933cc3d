package io.reveille.bench.peers;

import io.reveille.cluster.Postgres;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Reveille and its peers, one after the other in one invocation, on one PostgreSQL this harness
 * starts (durable: {@code fsync} on) on 127.0.0.1 and removes afterwards. Prints a Markdown table
 * and writes it to {@code target/side-by-side/}.
 *
 * <p>Scenario {@code timers [count] [contenders] [spread]}: {@code count} (10,000) timers due in
 * the same second, or, with {@code spread}, a steady load: spread evenly over that many seconds;
 * contenders {@code reveille,quartz,db-scheduler} (all). The peers run with the same number of
 * worker threads ({@value #PEER_THREADS}) and do the same durable work per firing: one committed
 * row. Command: {@code ./mvnw -Pdist,peers -DskipTests package exec:exec -Dpeers.args="timers
 * 10000"}.
 *
 * <p>Scenario {@code wakes [count] [history]}: notification batches to runs, against a bare Artemis
 * relay on the same broker (see {@link WakePath}); with {@code history}, the run log then grows by
 * that many rows and the unpaced phase runs again. Scenario {@code footprint [count]}: start-up
 * time and resident memory, empty and with {@code count} agents and subscriptions (see {@link
 * Footprint}). Scenario {@code tools [count]}: mutating tool calls over HTTP to one agent and
 * spread over many (see {@link ToolPath}).
 */
public final class SideBySide {

  static final int PEER_THREADS = 10;
  private static final int PORT = 25980;

  private SideBySide() {}

  public static void main(String[] args) throws Exception {
    var scenario = args.length > 0 ? args[0] : "timers";
    if (!Set.of("timers", "wakes", "footprint", "tools", "steps").contains(scenario)) {
      throw new IllegalArgumentException(
          "unknown scenario " + scenario + "; known: timers, wakes, footprint, tools, steps");
    }
    var count = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    var contenders =
        Set.of(
            (args.length > 2
                    ? args[2]
                    : scenario.equals("steps") ? "reveille,dbos" : "reveille,quartz,db-scheduler")
                .split(","));
    var work =
        Files.createDirectories(
                Path.of("target", "side-by-side", "run-" + System.currentTimeMillis()))
            .toAbsolutePath();
    var postgres =
        Postgres.create(
            Postgres.binaries()
                .orElseThrow(() -> new IllegalStateException("PostgreSQL is not installed")),
            PORT,
            true);
    if (scenario.equals("footprint")) {
      var readings = measured(postgres, work, () -> Footprint.measure(postgres, work, count));
      write(
          work,
          scenario,
          String.format(
              "Scenario footprint: %,d agents with one subscription each; the runnable JAR, 1 GB"
                  + " heap, embedded broker; %s.",
              count, machine()),
          Footprint.Reading.header(),
          readings.stream().map(Footprint.Reading::row).toList());
      return;
    }
    if (scenario.equals("steps")) {
      var runs = new ArrayList<DurableRuns>();
      measured(
          postgres,
          work,
          () -> {
            if (contenders.contains("reveille")) {
              runs.add(ReveilleSteps.measure(postgres, work, count));
            }
            if (contenders.contains("dbos")) {
              runs.add(DbosSteps.measure(postgres, count));
            }
            return runs;
          });
      write(
          work,
          scenario,
          String.format(
              "Scenario steps: %,d durable runs of three idempotent journal writes; %s.",
              count, machine()),
          DurableRuns.header(),
          runs.stream().map(DurableRuns::row).toList());
      return;
    }
    if (scenario.equals("tools")) {
      var rows = measured(postgres, work, () -> ToolPath.measure(postgres, work, count));
      write(
          work,
          scenario,
          String.format(
              "Scenario tools: %,d mutating tool calls over HTTP per phase; %s.", count, machine()),
          ToolPath.Row.header(),
          rows.stream().map(ToolPath.Row::row).toList());
      return;
    }
    if (scenario.equals("wakes")) {
      // An optional third argument: that many rows of run-log history, then the unpaced phase
      // again.
      var history = args.length > 2 ? Integer.parseInt(args[2]) : 0;
      var loads = measured(postgres, work, () -> WakePath.measure(postgres, work, count, history));
      write(
          work,
          scenario,
          String.format(
              "Scenario wakes: %,d agents, one batch each unpaced, then %d s at %d batches/s; %s.",
              count, WakePath.PACED_SECONDS, WakePath.PACED_RATE, machine()),
          WakeLoad.header(),
          loads.stream().map(WakeLoad::row).toList());
      return;
    }
    // An optional fourth argument: the seconds the timers are spread over (1, the burst).
    var spread = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    if (spread < 1 || spread > count) {
      throw new IllegalArgumentException("spread must be 1 to count seconds: " + spread);
    }
    var results = new ArrayList<TimerBurst>();
    try {
      if (contenders.contains("reveille")) {
        results.add(ReveilleTimers.burst(postgres, work, count, spread));
      }
      postgres.createDatabase("peers");
      try (var firings = Firings.open(postgres, "peers", PEER_THREADS + 2)) {
        if (contenders.contains("quartz")) {
          try (var quartz = Quartz.start(postgres, firings, PEER_THREADS)) {
            results.add(PeerScheduler.burst(quartz, firings, count, spread));
          }
        }
        if (contenders.contains("db-scheduler")) {
          try (var dbScheduler = DbScheduler.start(postgres, firings, PEER_THREADS)) {
            results.add(PeerScheduler.burst(dbScheduler, firings, count, spread));
          }
        }
      }
    } finally {
      postgres.destroy(work.resolve("logs"));
    }
    write(work, scenario, report(scenario, count, spread, results));
  }

  /** What {@code measurement} returns, the cluster removed afterwards whatever happened. */
  private static <T> List<T> measured(Postgres postgres, Path work, Callable<List<T>> measurement)
      throws Exception {
    try {
      return measurement.call();
    } finally {
      postgres.destroy(work.resolve("logs"));
    }
  }

  /** A table: its caption, a blank line, its header and its rows. */
  private static void write(
      Path work, String scenario, String caption, String header, List<String> rows)
      throws Exception {
    var lines = new ArrayList<String>(List.of(caption, "", header));
    lines.addAll(rows);
    write(work, scenario, String.join("\n", lines) + "\n");
  }

  private static void write(Path work, String scenario, String table) throws Exception {
    System.out.println(table);
    Files.writeString(work.resolve(scenario + ".md"), table);
    System.out.println("Written to " + work.resolve(scenario + ".md"));
  }

  /** The machine, the moment and the database, for a table's caption. */
  private static String machine() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return String.format(
        "%s; %d cores, %s %s, Java %s; PostgreSQL with fsync on",
        Instant.now(),
        os.getAvailableProcessors(),
        os.getName(),
        os.getVersion(),
        Runtime.version());
  }

  private static String report(String scenario, int count, int spread, List<TimerBurst> results) {
    var lines = new ArrayList<String>();
    lines.add(
        spread == 1
            ? String.format(
                "Scenario %s, %,d timers due in one second, %s.", scenario, count, machine())
            : String.format(
                "Scenario %s, %,d timers spread evenly over %d s (%,.1f due per second); lateness"
                    + " after each timer's own due second; %s.",
                scenario, count, spread, (double) count / spread, machine()));
    lines.add("");
    lines.add(TimerBurst.header());
    results.forEach(result -> lines.add(result.row()));
    return String.join("\n", lines) + "\n";
  }
}
