package io.reveille.bench;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Timer load against a running Reveille, two phases:
 *
 * <ol>
 *   <li><b>Burst</b>: N agents, each with a daily timer due at the same second. Measured: how long
 *       after that second the last wake was enqueued (the run log entry's {@code createdAt}), and
 *       the lateness of every firing (enqueued − scheduled) and of every run start.
 *   <li><b>Steady</b>: M agents with a 60-second interval timer each, anchors spread evenly over
 *       the minute (M/60 firings a second), for a few minutes. Measured: firing lateness p50/p99.
 * </ol>
 *
 * <p>Next to each, the seed's design modelled on the same scheduled instants: an hourly scan that
 * wakes every agent whose firing is due, starting when this driver starts; its lateness for a
 * firing is the time to the next scan. Usage: {@code ./mvnw -Pload test-compile exec:exec
 * -Dload.main=io.reveille.bench.TimerLoadDriver -Dload.args="http://127.0.0.1:9080 10000 1000 3"}
 * (base URI, burst agents, steady agents, steady minutes); docs/performance.md.
 */
public final class TimerLoadDriver {

  private static final int THREADS = 8;

  private TimerLoadDriver() {}

  public static void main(String[] args) throws Exception {
    var base = URI.create(args.length > 0 ? args[0] : "http://127.0.0.1:9080");
    var burst = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    var steady = args.length > 2 ? Integer.parseInt(args[2]) : 1_000;
    var minutes = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    var api = Api.ofRunningServer(base);
    var scanStart = Instant.now();
    var pool = Executors.newFixedThreadPool(THREADS);
    try {
      if (burst > 0) {
        burstPhase(api, pool, burst, scanStart);
      }
      if (steady > 0) {
        steadyPhase(api, pool, steady, minutes, scanStart);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static void burstPhase(Api api, ExecutorService pool, int count, Instant scanStart)
      throws Exception {
    var tag = UUID.randomUUID().toString().substring(0, 8);
    var started = Instant.now();
    var client = new Agents(api);
    var agents = parallel(pool, count, i -> client.createCustom("burst " + tag + " " + i));
    var perAgent = Duration.between(started, Instant.now()).dividedBy(count);
    System.out.printf(
        "Burst: %d agents created in %s%n", count, Duration.between(started, Instant.now()));
    // Due once every timer exists: creating one costs about as much as creating an agent.
    var due =
        Instant.now()
            .plus(perAgent.multipliedBy(count * 2L))
            .plusSeconds(20)
            .truncatedTo(ChronoUnit.SECONDS);
    var time = LocalTime.ofInstant(due, ZoneOffset.UTC);
    var timersStarted = Instant.now();
    createTimers(
        api, pool, agents, i -> "{\"kind\":\"daily\",\"time\":\"" + time + "\",\"zone\":\"UTC\"}");
    var created = Instant.now();
    System.out.printf(
        "Burst: %d timers created in %s, all due at %s (%s after the last was created)%n",
        count, Duration.between(timersStarted, created), due, Duration.between(created, due));
    if (created.isAfter(due)) {
      throw new IllegalStateException("timers were still being created when they were due");
    }
    while (Instant.now().isBefore(due.plusSeconds(10))) {
      Thread.sleep(1_000);
    }
    var runs = awaitRuns(api, pool, agents, Duration.ofMinutes(30));
    var enqueued = new ArrayList<Long>();
    var startedRuns = new ArrayList<Long>();
    var lastEnqueued = due;
    for (var run : runs.values()) {
      var createdAt = Instant.parse(run.getString("createdAt"));
      lastEnqueued = createdAt.isAfter(lastEnqueued) ? createdAt : lastEnqueued;
      enqueued.add(Duration.between(due, createdAt).toMillis());
      startedRuns.add(Duration.between(due, Instant.parse(run.getString("startedAt"))).toMillis());
    }
    System.out.printf(
        "Burst: all %d wakes enqueued %d ms after the due second%n",
        runs.size(), Duration.between(due, lastEnqueued).toMillis());
    print("Burst firing lateness (enqueued - scheduled)", new Percentiles(enqueued));
    print("Burst run-start lateness (started - scheduled)", new Percentiles(startedRuns));
    print(
        "Hourly scan model, same firings", new Percentiles(List.of(scanLateness(scanStart, due))));
  }

  private static void steadyPhase(
      Api api, ExecutorService pool, int count, int minutes, Instant scanStart) throws Exception {
    var tag = UUID.randomUUID().toString().substring(0, 8);
    var client = new Agents(api);
    var agents = parallel(pool, count, i -> client.createCustom("steady " + tag + " " + i));
    var anchor = Instant.now().plusSeconds(60).truncatedTo(ChronoUnit.MINUTES).plusSeconds(60);
    createTimers(
        api,
        pool,
        agents,
        i ->
            "{\"kind\":\"interval\",\"everySeconds\":60,\"anchor\":\""
                + anchor.plusMillis(60_000L * i / count).truncatedTo(ChronoUnit.SECONDS)
                + "\"}");
    var end = anchor.plus(Duration.ofMinutes(minutes));
    System.out.printf(
        "Steady: %d interval timers (60 s), %.1f firings/s, from %s to %s%n",
        count, count / 60.0, anchor, end);
    while (Instant.now().isBefore(end.plusSeconds(30))) {
      Thread.sleep(5_000);
    }
    var lateness = new ConcurrentHashMap<String, Long>();
    var scanModel = new ConcurrentHashMap<String, Long>();
    parallel(
        pool,
        count,
        i -> {
          for (var value :
              api.get("/api/agents/" + agents.get(i) + "/wakes?limit=500")
                  .structure()
                  .asJsonArray()) {
            var run = value.asJsonObject();
            if (!run.containsKey("scheduledAt") || run.isNull("scheduledAt")) {
              continue;
            }
            var scheduled = Instant.parse(run.getString("scheduledAt"));
            if (scheduled.isAfter(end)) {
              continue;
            }
            var key = agents.get(i) + scheduled;
            lateness.put(
                key,
                Duration.between(scheduled, Instant.parse(run.getString("createdAt"))).toMillis());
            scanModel.put(key, scanLateness(scanStart, scheduled));
          }
          return null;
        });
    print("Steady firing lateness (enqueued - scheduled)", new Percentiles(lateness.values()));
    print("Hourly scan model, same firings", new Percentiles(scanModel.values()));
  }

  /** The seed's design: a scan every hour from {@code scanStart} picks up what is due. */
  static long scanLateness(Instant scanStart, Instant scheduled) {
    var hour = Duration.ofHours(1).toMillis();
    var since = Duration.between(scanStart, scheduled).toMillis();
    var nextScan = Math.floorDiv(since + hour - 1, hour) * hour;
    return nextScan - since;
  }

  /** The first run of each agent, once every agent has one that started. */
  private static Map<String, JsonObject> awaitRuns(
      Api api, ExecutorService pool, List<String> agents, Duration timeout) throws Exception {
    var runs = new ConcurrentHashMap<String, JsonObject>();
    var deadline = Instant.now().plus(timeout);
    while (runs.size() < agents.size() && Instant.now().isBefore(deadline)) {
      Thread.sleep(15_000);
      parallel(
          pool,
          agents.size(),
          i -> {
            var agentId = agents.get(i);
            if (runs.containsKey(agentId)) {
              return null;
            }
            try {
              for (var value :
                  api.get("/api/agents/" + agentId + "/wakes").structure().asJsonArray()) {
                var run = value.asJsonObject();
                if (run.containsKey("startedAt") && !run.isNull("startedAt")) {
                  runs.put(agentId, run);
                }
              }
            } catch (UncheckedIOException e) {
              // The server is busy with the burst itself: ask again in the next round.
            }
            return null;
          });
      System.out.printf("  %d of %d agents have started their run%n", runs.size(), agents.size());
    }
    return runs;
  }

  /** Gives agent {@code i} the timer with schedule document {@code schedule.apply(i)}. */
  private static void createTimers(
      Api api, ExecutorService pool, List<String> agents, IntFunction<String> schedule)
      throws Exception {
    parallel(
        pool,
        agents.size(),
        i -> {
          var response =
              api.post(
                  "/api/agents/" + agents.get(i) + "/timers",
                  "{\"schedule\":" + schedule.apply(i) + "}");
          if (response.status() != 201) {
            throw new IllegalStateException("expected 201: " + response);
          }
          return null;
        });
  }

  /** {@code task} for every index below {@code count} on {@code pool}; the results in order. */
  public static <T> List<T> parallel(ExecutorService pool, int count, IntFunction<T> task)
      throws Exception {
    var futures = new ArrayList<Future<T>>(count);
    for (var i = 0; i < count; i++) {
      var index = i;
      futures.add(pool.submit(() -> task.apply(index)));
    }
    var results = new ArrayList<T>(count);
    for (var future : futures) {
      results.add(future.get());
    }
    return results;
  }

  private static void print(String what, Percentiles millis) {
    if (millis.isEmpty()) {
      System.out.printf("%s: nothing measured%n", what);
      return;
    }
    System.out.printf(
        "%s over %d: p50 %d ms, p99 %d ms, max %d ms%n",
        what, millis.count(), millis.at(50), millis.at(99), millis.max());
  }
}
