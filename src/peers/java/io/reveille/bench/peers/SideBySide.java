package io.reveille.bench.peers;

import io.reveille.cluster.Postgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Reveille and its peers, one after the other in one invocation, each repetition on a PostgreSQL of
 * its own that this harness starts (durable: {@code fsync} on) on 127.0.0.1 and removes afterwards.
 * Every scenario runs {@code -Dpeers.repeat} times (3; 1 to 9), the contenders' order rotated by
 * one each time so that none is always first on a cold machine; the output is a Markdown summary
 * (the median of each contender's headline figure, its range and its spread), then every
 * repetition's table, captioned with the commit, the moment, the machine and the settings ({@link
 * Provenance}). Printed, and written to {@code target/side-by-side/}.
 *
 * <p>Scenario {@code timers [count] [contenders] [spread]}: {@code count} (10,000) timers due in
 * the same second, or, with {@code spread}, a steady load: spread evenly over that many seconds;
 * contenders {@code reveille,quartz,db-scheduler} (all). The peers run with the same number of
 * worker threads ({@value #PEER_THREADS}) and do the same durable work per firing: one committed
 * row. Every contender first gets the same warm-up, a tenth of the count (at least 100) due in one
 * second and left to fire, before the timers measured. Command: {@code ./mvnw -Pdist,peers
 * -DskipTests package exec:exec -Dpeers.args="timers 10000"}.
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
  private static final Set<String> SCENARIOS =
      Set.of("timers", "wakes", "footprint", "tools", "steps");

  private SideBySide() {}

  /** One repetition's rows and how to draw them. */
  private record Table<T>(String header, List<T> rows, Function<T, String> row) {

    List<String> lines() {
      var lines = new ArrayList<String>(List.of(header));
      rows.forEach(each -> lines.add(row.apply(each)));
      return lines;
    }
  }

  public static void main(String[] args) throws Exception {
    var scenario = args.length > 0 ? args[0] : "timers";
    if (!SCENARIOS.contains(scenario)) {
      throw new IllegalArgumentException(
          "unknown scenario " + scenario + "; known: timers, wakes, footprint, tools, steps");
    }
    var count = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    var contenders =
        List.of(
            (args.length > 2
                    ? args[2]
                    : scenario.equals("steps")
                        ? "reveille-plan,reveille,dbos"
                        : "reveille,quartz,db-scheduler")
                .split(","));
    // The wakes scenario's third argument is the run-log history; the timers' fourth the spread.
    var history = scenario.equals("wakes") && args.length > 2 ? Integer.parseInt(args[2]) : 0;
    var spread = scenario.equals("timers") && args.length > 3 ? Integer.parseInt(args[3]) : 1;
    if (spread < 1 || spread > count) {
      throw new IllegalArgumentException("spread must be 1 to count seconds: " + spread);
    }
    var repeat = Integer.getInteger("peers.repeat", 3);
    if (repeat < 1 || repeat > 9) {
      throw new IllegalArgumentException("peers.repeat must be 1 to 9: " + repeat);
    }
    var work =
        Files.createDirectories(
                Path.of("target", "side-by-side", "run-" + System.currentTimeMillis()))
            .toAbsolutePath();
    var caption = caption(scenario, count, spread, history) + " " + Provenance.describe() + ".";
    var headlines = new ArrayList<Headline>();
    var repetitions = new ArrayList<String>();
    for (var repetition = 1; repetition <= repeat; repetition++) {
      var order = rotated(contenders, repetition - 1);
      var place = Files.createDirectories(work.resolve("repetition-" + repetition));
      var postgres =
          Postgres.create(
              Postgres.binaries()
                  .orElseThrow(() -> new IllegalStateException("PostgreSQL is not installed")),
              PORT,
              true);
      try {
        var table = measure(scenario, postgres, place, count, order, spread, history, headlines);
        // Only the timers and steps scenarios take their contenders from the list, in its order;
        // the others measure a fixed set of their own.
        var ordered = scenario.equals("timers") || scenario.equals("steps");
        repetitions.add(
            "### Repetition "
                + repetition
                + " of "
                + repeat
                + (ordered ? " (contenders in the order " + String.join(", ", order) + ")" : "")
                + "\n\n"
                + String.join("\n", table.lines()));
        System.out.println(repetitions.get(repetitions.size() - 1));
      } finally {
        postgres.destroy(place.resolve("logs"));
      }
    }
    var report = new ArrayList<String>(List.of(caption, "", Headline.header()));
    report.addAll(Headline.summary(headlines));
    for (var table : repetitions) {
      report.add("");
      report.add(table);
    }
    var text = String.join("\n", report) + "\n";
    System.out.println(text);
    Files.writeString(work.resolve(scenario + ".md"), text);
    System.out.println("Written to " + work.resolve(scenario + ".md"));
  }

  /** The warm-up every timer contender gets before the timers measured: a tenth, at least 100. */
  static int warmUp(int count) {
    return Math.max(100, count / 10);
  }

  /**
   * The warm-up every contender of the steps, tools and wakes scenarios gets before its measured
   * phase, in that scenario's own unit (runs, calls, batches): {@code -Dpeers.warmup}, 1 to
   * 1,000,000, or a quarter of the count. A server's JIT compiler may still be compiling its hot
   * paths after a quarter of a small count; a larger warm-up, the same for every contender,
   * measures each at its steady state.
   */
  static int loadWarmUp(int count) {
    var setting = System.getProperty("peers.warmup", "").strip();
    var warmUp = setting.isEmpty() ? Math.max(1, count / 4) : Integer.parseInt(setting);
    if (warmUp < 1 || warmUp > 1_000_000) {
      throw new IllegalArgumentException("peers.warmup must be 1 to 1,000,000: " + warmUp);
    }
    return warmUp;
  }

  /** {@code contenders} starting from the {@code by}-th, wrapping round. */
  static List<String> rotated(List<String> contenders, int by) {
    var rotated = new ArrayList<String>();
    for (var i = 0; i < contenders.size(); i++) {
      rotated.add(contenders.get((i + by) % contenders.size()));
    }
    return rotated;
  }

  /** One repetition of {@code scenario}: its table, its headline figures added to {@code into}. */
  private static Table<?> measure(
      String scenario,
      Postgres postgres,
      Path work,
      int count,
      List<String> contenders,
      int spread,
      int history,
      List<Headline> into)
      throws Exception {
    switch (scenario) {
      case "footprint" -> {
        var readings = Footprint.measure(postgres, work, count);
        readings.forEach(
            reading ->
                into.add(
                    new Headline(
                        reading.state(),
                        "MiB resident after a quiet minute",
                        reading.residentKibibytes() / 1024.0)));
        return new Table<>(Footprint.Reading.header(), readings, Footprint.Reading::row);
      }
      case "steps" -> {
        var runs = new ArrayList<DurableRuns>();
        for (var contender : contenders) {
          switch (contender) {
            case "reveille" -> runs.add(ReveilleSteps.measure(postgres, work, count, false));
            case "reveille-plan" -> runs.add(ReveilleSteps.measure(postgres, work, count, true));
            case "dbos" -> runs.add(DbosSteps.measure(postgres, count));
            default -> throw new IllegalArgumentException("unknown contender " + contender);
          }
        }
        runs.forEach(run -> into.add(new Headline(run.contender(), "runs/s", run.perSecond())));
        return new Table<>(DurableRuns.header(), runs, DurableRuns::row);
      }
      case "tools" -> {
        var rows = ToolPath.measure(postgres, work, count);
        rows.forEach(
            row ->
                into.add(
                    new Headline(
                        row.contender() + " (" + row.clients() + " clients)",
                        "calls/s",
                        row.phase().perSecond())));
        return new Table<>(ToolPath.Row.header(), rows, ToolPath.Row::row);
      }
      case "wakes" -> {
        var loads = WakePath.measure(postgres, work, count, history);
        loads.forEach(
            load -> into.add(new Headline(load.contender(), "batches/s", load.perSecond())));
        return new Table<>(WakeLoad.header(), loads, WakeLoad::row);
      }
      default -> {
        var results = new ArrayList<TimerBurst>();
        postgres.createDatabase("peers");
        try (var firings = Firings.open(postgres, "peers", PEER_THREADS + 2)) {
          for (var contender : contenders) {
            switch (contender) {
              case "reveille" -> results.add(ReveilleTimers.burst(postgres, work, count, spread));
              case "quartz" -> {
                try (var quartz = Quartz.start(postgres, firings, PEER_THREADS)) {
                  results.add(PeerScheduler.burst(quartz, firings, count, spread));
                }
              }
              case "db-scheduler" -> {
                try (var dbScheduler = DbScheduler.start(postgres, firings, PEER_THREADS)) {
                  results.add(PeerScheduler.burst(dbScheduler, firings, count, spread));
                }
              }
              default -> throw new IllegalArgumentException("unknown contender " + contender);
            }
          }
        }
        results.forEach(
            result ->
                into.add(
                    spread == 1
                        ? new Headline(
                            result.contender(),
                            "s until every run started",
                            result.allStarted().toMillis() / 1000.0)
                        : new Headline(
                            result.contender(),
                            "start lateness p99, ms",
                            result.startLateness().isEmpty()
                                ? -1
                                : result.startLateness().at(99))));
        return new Table<>(TimerBurst.header(), results, TimerBurst::row);
      }
    }
  }

  /** What the scenario measured, in one sentence. */
  private static String caption(String scenario, int count, int spread, int history) {
    return switch (scenario) {
      case "footprint" ->
          String.format(
              "Scenario footprint: %,d agents with one subscription each; the runnable JAR, 1 GB"
                  + " heap, embedded broker.",
              count);
      case "steps" ->
          String.format(
              "Scenario steps: %,d durable runs of three idempotent journal writes, after a"
                  + " warm-up of %,d runs for every contender.",
              count, loadWarmUp(count));
      case "tools" ->
          String.format(
              "Scenario tools: %,d mutating tool calls over HTTP per phase, after a warm-up of %,d"
                  + " calls.",
              count, loadWarmUp(count));
      case "wakes" ->
          String.format(
              "Scenario wakes: %,d agents, one batch each unpaced, then %d s at %d batches/s%s;"
                  + " a warm-up of %,d batches before the wakes and before the floor.",
              count,
              WakePath.PACED_SECONDS,
              WakePath.PACED_RATE,
              history > 0
                  ? String.format(", then %,d rows of run-log history and again", history)
                  : "",
              loadWarmUp(count));
      default ->
          spread == 1
              ? String.format(
                  "Scenario timers: %,d timers due in one second, after a warm-up.", count)
              : String.format(
                  "Scenario timers: %,d timers spread evenly over %d s (%,.1f due per second),"
                      + " after a warm-up; lateness after each timer's own due second.",
                  count, spread, (double) count / spread);
    };
  }
}
