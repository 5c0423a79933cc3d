package io.reveille.cluster;

import static io.reveille.cluster.ClusterChecks.assertEachFiringOnce;
import static io.reveille.cluster.ClusterChecks.createTimer;
import static io.reveille.cluster.ClusterChecks.created;
import static io.reveille.cluster.ClusterChecks.custom;
import static io.reveille.cluster.ClusterChecks.firingsCovered;
import static io.reveille.cluster.ClusterChecks.runs;
import static io.reveille.cluster.ClusterChecks.subscribe;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.OutboxBacklog;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The chaos suite: under a steady mixed load (notification batches over HTTP and JMS, tool calls
 * with operation ids, timers every minute, session turns), inject one fault after another at a
 * random moment — SIGKILL of a node, a graceful restart of a node, a restart of the broker, a
 * restart of PostgreSQL, a node paused (SIGSTOP) for longer than the run lease — and check the
 * system-wide invariants: no accepted batch lost; no run key run twice; no operation id applied
 * twice; one outcome per nominal timer firing; no run stuck queued or started; no message left on a
 * queue or dead-lettered; the subscription index the same on every node.
 *
 * <p>Settings (system properties, read and checked by {@link ChaosSettings} before the cluster
 * starts): {@code reveille.chaos.seed} (random when unset; every fault log line and any violation
 * names it, and the same seed gives the same faults at the same moments), {@code
 * reveille.chaos.faults-per-kind} (5), {@code reveille.chaos.kinds} (all: {@code
 * KILL,RESTART,BROKER,DATABASE,PAUSE}), {@code reveille.chaos.check-every} (check the invariants
 * after this many faults, 5, and after the last) and {@code reveille.chaos.max-minutes} (60: the
 * run fails rather than go on longer). {@code .ci/chaos} sets the first three.
 *
 * <p>The cluster is the one {@link ClusterIT} uses too (see {@link SharedCluster}); the run holds
 * its nodes alone and starts from it healthy: every node running and ready, the database and the
 * broker up. The class runs beside the tests on the shared server. The suite creates agents of its
 * own and checks only what they did, and the queues and the subscription index, which every test
 * leaves empty and alike.
 */
@ExtendWith(SharedCluster.Join.class)
@Execution(ExecutionMode.CONCURRENT)
class ChaosIT {

  private static final Logger LOG = Logger.getLogger(ChaosIT.class.getName());
  private static final Duration SETTLE = Duration.ofMinutes(4);
  private static final Duration LEASE = SharedCluster.LEASE;
  private static final Set<String> UNFINISHED = Set.of("queued", "started");
  private static final int AGENTS = 20;
  private static final int TIMER_AGENTS = 3;
  private static final Duration TIMER_INTERVAL = Duration.ofSeconds(60);

  enum Fault {
    KILL,
    RESTART,
    BROKER,
    DATABASE,
    PAUSE
  }

  private static Cluster cluster;
  private static ChaosSettings settings;

  @BeforeAll
  static void joinCluster(SharedCluster shared) {
    // The settings are checked before the cluster starts, if this class is the first to ask.
    settings = ChaosSettings.fromSystemProperties();
    cluster = shared.started();
  }

  /** The run starts from a healthy cluster, whatever a cluster test before it left down. */
  @BeforeEach
  void healthy() {
    cluster.restoreHealth();
  }

  @Test
  @ResourceLock(SharedCluster.NODES)
  void faultsUnderLoadLoseNothingAndDoNothingTwice() {
    var seed = settings.seed();
    var perKind = settings.faultsPerKind();
    var checkEvery = settings.checkEvery();
    var bound = Duration.ofMinutes(settings.maxMinutes());
    var kinds = settings.kinds();
    var random = new Random(seed);
    var schedule = new ArrayList<Fault>();
    kinds.forEach(kind -> schedule.addAll(Collections.nCopies(perKind, kind)));
    Collections.shuffle(schedule, random);
    LOG.info("Chaos seed " + seed + ": " + schedule.size() + " faults, " + schedule);

    var world = World.create(cluster);
    var recoveries = new EnumMap<Fault, List<Duration>>(Fault.class);
    var began = Instant.now();
    var load = new Load(world);
    try {
      for (var round = 0; round < schedule.size(); round++) {
        assertTrue(
            Duration.between(began, Instant.now()).compareTo(bound) < 0,
            "seed " + seed + ": still running after " + bound + " (round " + round + ")");
        var fault = schedule.get(round);
        // The fault's random moment: the load runs this long before it.
        var moment = Duration.ofMillis(1000 + random.nextInt(5000));
        Cluster.pause(moment);
        var target = cluster.node(1 + random.nextInt(cluster.nodes().size()));
        if (fault == Fault.RESTART || fault == Fault.PAUSE) {
          // The load, and the probe, leave the node alone from now until it is back. Not so for a
          // kill: the load keeps sending to the node until it dies, so calls in flight are cut.
          load.down(target);
        }
        var injected = Instant.now();
        var probe = world.probe(load);
        var what = inject(fault, target, random, load);
        var recovered = probe.join();
        var recovery = Duration.between(injected, recovered);
        recoveries.computeIfAbsent(fault, f -> new ArrayList<>()).add(recovery);
        LOG.info(
            "Chaos seed "
                + seed
                + " round "
                + (round + 1)
                + "/"
                + schedule.size()
                + ": "
                + what
                + " after "
                + moment.toMillis()
                + " ms of load; a new batch's run completed "
                + recovery.toMillis()
                + " ms after the fault");
        if ((round + 1) % checkEvery == 0 || round == schedule.size() - 1) {
          load.stop();
          try {
            world.check();
          } catch (AssertionError | ConditionTimeoutException violation) {
            LOG.severe("Database activity at the violation:\n" + cluster.databaseActivity());
            throw new AssertionError(
                "seed " + seed + ", after round " + (round + 1) + ": " + violation.getMessage(),
                violation);
          }
          LOG.info(
              "Chaos seed "
                  + seed
                  + " after round "
                  + (round + 1)
                  + ": invariants hold ("
                  + world.summary()
                  + ")");
          load = new Load(world);
        }
      }
    } finally {
      load.stop();
    }
    LOG.info(
        "Chaos summary: seed "
            + seed
            + ", "
            + schedule.size()
            + " faults in "
            + Duration.between(began, Instant.now()).toSeconds()
            + " s, "
            + world.summary()
            + "; recovery (fault to a new batch's completed run) "
            + recoveries.entrySet().stream()
                .map(entry -> entry.getKey() + " " + percentiles(entry.getValue()))
                .collect(Collectors.joining(", "))
            + ", all "
            + percentiles(recoveries.values().stream().flatMap(List::stream).toList()));
  }

  /** Injects {@code fault} and restores what it broke; returns what it did, for the log. */
  private static String inject(Fault fault, Node target, Random random, Load load) {
    switch (fault) {
      case KILL -> {
        target.kill();
        load.down(target);
        var restarted = Instant.now();
        target.start();
        target.awaitReady(Cluster.NODE_START);
        load.up(target);
        return "SIGKILL of "
            + target.id()
            + ", ready again "
            + Duration.between(restarted, Instant.now()).toSeconds()
            + " s after its restart";
      }
      case RESTART -> {
        load.down(target);
        var stopping = Instant.now();
        target.stop();
        var stopped = Duration.between(stopping, Instant.now());
        target.start();
        target.awaitReady(Cluster.NODE_START);
        load.up(target);
        return "graceful restart of "
            + target.id()
            + " (stopped in "
            + stopped.toSeconds()
            + " s), ready "
            + Duration.between(stopping, Instant.now()).toSeconds()
            + " s after the stop began";
      }
      case BROKER -> {
        var restarting = Instant.now();
        cluster.restartBroker();
        return "broker restart (" + Duration.between(restarting, Instant.now()).toMillis() + " ms)";
      }
      case DATABASE -> {
        var outage = Duration.ofMillis(2000 + random.nextInt(6000));
        cluster.stopDatabase();
        // The outage is the fault under test: the database stays down this long.
        Cluster.pause(outage);
        cluster.startDatabase();
        return "PostgreSQL down for " + outage.toMillis() + " ms";
      }
      case PAUSE -> {
        var paused = LEASE.plusSeconds(5);
        load.down(target);
        target.pause();
        // The pause is the fault under test: longer than the run lease.
        Cluster.pause(paused);
        target.resume();
        load.up(target);
        return "SIGSTOP of " + target.id() + " for " + paused.toSeconds() + " s";
      }
      default -> throw new IllegalArgumentException(fault.toString());
    }
  }

  private static String percentiles(List<Duration> durations) {
    if (durations.isEmpty()) {
      return "-";
    }
    var sorted = durations.stream().map(Duration::toMillis).sorted().toList();
    return "p50 "
        + sorted.get((int) Math.ceil(sorted.size() * 0.5) - 1)
        + " ms / p99 "
        + sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1)
        + " ms (n="
        + sorted.size()
        + ")";
  }

  /** The suite's agents and everything the load did to them, checked incrementally. */
  private static final class World {
    final Cluster cluster;
    final String tag = UUID.randomUUID().toString().substring(0, 8);
    final List<String> agents = new ArrayList<>();
    final List<String[]> timers = new ArrayList<>();
    String category;
    String toolAgent;

    /** Woken by the tasks the tool calls create: the journal's batches go through the outbox. */
    String taskWatcher;

    String probeAgent;
    String sessionAgent;
    String session;
    final List<String> acceptedBatches = new CopyOnWriteArrayList<>();
    final Map<String, String> toolCalls = new ConcurrentHashMap<>();
    final List<String> turnRuns = new CopyOnWriteArrayList<>();
    int batchesChecked;
    int turnsChecked;
    final Set<String> toolCallsChecked = ConcurrentHashMap.newKeySet();
    final Set<String> toolCallsAnswered = ConcurrentHashMap.newKeySet();
    // Calls a fault cut off before their answer: applied before it (the replay answers from the
    // receipt) or not at all (the replay applies them).
    int cutOffApplied;
    int cutOffNotApplied;
    long probes;

    private World(Cluster cluster) {
      this.cluster = cluster;
    }

    static World create(Cluster cluster) {
      var world = new World(cluster);
      var api = cluster.node(1).api();
      world.category =
          created(api.post("/api/categories", "{\"name\":\"chaos-" + world.tag + "\"}"));
      world.toolAgent =
          created(
              api.post(
                  "/api/agents",
                  "{\"kind\":\"custom\",\"displayName\":\"chaos tools "
                      + world.tag
                      + "\",\"allowedCategoryIds\":[\""
                      + world.category
                      + "\"]}"));
      world.taskWatcher =
          created(api.post("/api/agents", custom("chaos task watcher " + world.tag)));
      var watching =
          api.post(
              "/api/agents/" + world.taskWatcher + "/subscriptions",
              "{\"semanticKeys\":[\"TASK\"],\"predicate\":\"categoryId == \\\""
                  + world.category
                  + "\\\"\"}");
      assertEquals(201, watching.status(), watching::toString);
      for (var i = 0; i < AGENTS; i++) {
        var node = cluster.node(1 + i % cluster.nodes().size()).api();
        var agent = created(node.post("/api/agents", custom("chaos " + world.tag + " " + i)));
        subscribe(node, agent, world.entity(Integer.toString(i)));
        world.agents.add(agent);
      }
      world.probeAgent = created(api.post("/api/agents", custom("chaos probe " + world.tag)));
      subscribe(api, world.probeAgent, world.entity("probe"));
      for (var i = 0; i < TIMER_AGENTS; i++) {
        var node = cluster.node(1 + i % cluster.nodes().size()).api();
        var agent = created(node.post("/api/agents", custom("chaos timer " + world.tag + " " + i)));
        var timer = createTimer(node, agent, TIMER_INTERVAL, Duration.ofSeconds(10));
        world.timers.add(new String[] {agent, timer});
      }
      world.sessionAgent =
          created(
              api.post(
                  "/api/agents",
                  "{\"kind\":\"custom\",\"displayName\":\"chaos coach "
                      + world.tag
                      + "\",\"mode\":\"interactive\"}"));
      world.session = created(api.post("/api/agents/" + world.sessionAgent + "/sessions", ""));
      return world;
    }

    String entity(String name) {
      return "chaos-" + tag + "-" + name;
    }

    String batch(String batchId, String entity) {
      return "{\"schemaVersion\":1,\"batchId\":\""
          + batchId
          + "\",\"tokens\":[\""
          + entity
          + "\"]}";
    }

    String toolPath() {
      return "/api/agents/" + toolAgent + "/tools/create_task";
    }

    /**
     * Sends a batch for the probe agent (to whichever node takes it, again until one does) and
     * completes with the moment the agent's run for it has completed.
     */
    java.util.concurrent.CompletableFuture<Instant> probe(Load load) {
      var batchId = "chaos-probe-" + tag + "-" + (++probes);
      var before = completed(load.anyUp().api(), probeAgent);
      return java.util.concurrent.CompletableFuture.supplyAsync(
          () -> {
            var deadline = Instant.now().plus(SETTLE);
            while (true) {
              assertTrue(Instant.now().isBefore(deadline), "the probe batch was never accepted");
              var node = load.anyUp();
              try {
                if (node.api().post("/api/notifications", batch(batchId, entity("probe"))).status()
                    == 202) {
                  break;
                }
              } catch (RuntimeException | AssertionError e) {
                // That node is down, or the database is: try again.
              }
              Cluster.pause(Duration.ofMillis(250));
            }
            while (true) {
              assertTrue(Instant.now().isBefore(deadline), "the probe's run never completed");
              try {
                var node = load.anyUp();
                if (completed(node.api(), probeAgent) > before) {
                  return Instant.now();
                }
              } catch (RuntimeException | AssertionError e) {
                // The node, or the database, does not answer yet: ask again.
              }
              Cluster.pause(Duration.ofMillis(250));
            }
          });
    }

    /** Every invariant, over what the load did since the last check; the load is stopped. */
    void check() {
      var api = cluster.node(1).api();
      var checking = Instant.now();
      // No accepted batch lost: each is recorded, whichever node took it and whatever happened.
      var batches = acceptedBatches.subList(batchesChecked, acceptedBatches.size());
      for (var batchId : List.copyOf(batches)) {
        await("accepted batch " + batchId + " recorded")
            .pollDelay(Duration.ZERO)
            .atMost(SETTLE)
            .until(() -> api.get("/api/notifications/" + batchId).status() == 200);
      }
      batchesChecked += batches.size();
      // No batch of Reveille's own left behind: whatever a change wrote to the outbox before this
      // check is taken in, by the node's hand-off or, after a fault cut that off, by a sweep.
      await("the outbox taken in up to " + checking)
          .pollDelay(Duration.ZERO)
          .atMost(SETTLE)
          .until(() -> OutboxBacklog.takenInUpTo(api, checking));
      // No run stuck, no run key twice.
      var everyAgent = new ArrayList<String>(agents);
      everyAgent.addAll(List.of(probeAgent, toolAgent, taskWatcher, sessionAgent));
      timers.forEach(timer -> everyAgent.add(timer[0]));
      for (var agent : everyAgent) {
        try {
          await("every run of agent " + agent + " ended")
              .atMost(SETTLE)
              .until(
                  () ->
                      runs(api, agent).stream()
                          .noneMatch(run -> UNFINISHED.contains(run.getString("status"))));
        } catch (ConditionTimeoutException stuck) {
          throw new AssertionError(
              "runs of agent " + agent + " did not end within " + SETTLE + ": " + stuck(agent),
              stuck);
        }
        var keys = runs(api, agent).stream().map(run -> run.getString("runKey")).toList();
        assertEquals(
            keys.size(), keys.stream().distinct().count(), () -> "a run key twice: " + keys);
      }
      // No operation id applied twice: replaying each call sent — answered, cut off or never
      // arrived — answers from its receipt or applies it now, and there is one task per call.
      var newCalls =
          toolCalls.entrySet().stream()
              .filter(call -> !toolCallsChecked.contains(call.getKey()))
              .toList();
      for (var call : newCalls) {
        var replay = api.post(toolPath(), call.getValue());
        assertEquals(200, replay.status(), () -> call.getKey() + ": " + replay);
        if (!toolCallsAnswered.contains(call.getKey())) {
          if (replay.json().getBoolean("replayed", false)) {
            cutOffApplied++;
          } else {
            cutOffNotApplied++;
          }
        }
      }
      var titles =
          api.getAll("/api/tasks?limit=500&categoryId=" + category).stream()
              .map(task -> task.getString("title"))
              .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
      for (var call : newCalls) {
        assertEquals(
            1L, titles.getOrDefault(call.getKey(), 0L), () -> "one task titled " + call.getKey());
        toolCallsChecked.add(call.getKey());
      }
      // Every accepted session turn ran once.
      var turns = turnRuns.subList(turnsChecked, turnRuns.size());
      for (var runKey : List.copyOf(turns)) {
        await("session turn " + runKey + " completed")
            .atMost(SETTLE)
            .until(() -> "completed".equals(runStatus(api, runKey)));
      }
      turnsChecked += turns.size();
      // One outcome per nominal timer firing: none twice, none missed — from the first, at the
      // timer's anchor, to the last one due when the check began, whatever node held the timer.
      for (var timer : timers) {
        var anchor =
            Instant.parse(
                api.get("/api/agents/" + timer[0] + "/timers/" + timer[1])
                    .json()
                    .getJsonObject("schedule")
                    .getString("anchor"));
        try {
          await("every firing of timer " + timer[1] + " due by " + checking + " covered")
              .atMost(SETTLE)
              .until(
                  () -> {
                    var covered = firingsCovered(api, timer[0], TIMER_INTERVAL);
                    return !covered.isEmpty()
                        && !covered
                            .get(covered.size() - 1)
                            .isBefore(checking.minus(TIMER_INTERVAL));
                  });
        } catch (ConditionTimeoutException late) {
          throw new AssertionError(
              "timer "
                  + timer[1]
                  + " has firings due by "
                  + checking
                  + " still not covered after "
                  + SETTLE
                  + ": "
                  + timerState(timer),
              late);
        }
        var covered = firingsCovered(api, timer[0], TIMER_INTERVAL);
        assertEquals(anchor, covered.get(0), () -> "the first firing, at the anchor: " + covered);
        assertEachFiringOnce(api, timer[0], TIMER_INTERVAL);
      }
      // No message stuck on a queue, none dead-lettered.
      await()
          .atMost(SETTLE)
          .until(
              () -> depth(api, "reveille.notifications") == 0 && depth(api, "reveille.wakes") == 0);
      assertEquals(0, depth(api, "reveille.notifications.DLQ"), "dead-lettered batches");
      assertEquals(0, depth(api, "reveille.wakes.DLQ"), "dead-lettered wakes");
      // No transaction left in doubt: whatever a fault cut between the two phases of a commit, the
      // transaction managers settled it (each one's log is in its node's data directory).
      await("no transaction left prepared")
          .atMost(SETTLE)
          .until(() -> cluster.preparedTransactions() == 0);
      // The subscription index the same on every node.
      var indexes =
          cluster.nodes().stream()
              .map(node -> node.api().get("/api/subscriptions/index").json())
              .toList();
      var distinct =
          indexes.stream()
              .map(
                  index ->
                      index.getJsonNumber("generation").longValue()
                          + "/"
                          + index.getString("fingerprint"))
              .distinct()
              .toList();
      assertEquals(
          1, distinct.size(), () -> "the subscription index differs between nodes: " + indexes);
    }

    /**
     * What a violation message needs to be diagnosed from the CI output alone, on one line (a
     * build's summary may show only the first): the agent's unfinished runs, its wake activity, and
     * the nodes' last log lines about those runs.
     */
    String stuck(String agent) {
      var api = cluster.node(1).api();
      var unfinished =
          runs(api, agent).stream()
              .filter(run -> UNFINISHED.contains(run.getString("status")))
              .toList();
      var text = new StringBuilder();
      for (var run : unfinished) {
        text.append(" | run ");
        for (var field :
            List.of(
                "runKey",
                "reason",
                "status",
                "attempts",
                "node",
                "createdAt",
                "notBefore",
                "startedAt",
                "error")) {
          var value = run.get(field);
          if (value != null && value.getValueType() != JsonValue.ValueType.NULL) {
            text.append(field).append('=').append(value).append(' ');
          }
        }
      }
      text.append(" | agent activity: ")
          .append(api.get("/api/agents/" + agent).json().get("activity"));
      var keys = unfinished.stream().map(run -> run.getString("runKey")).toList();
      return text.append(nodeLogs(line -> keys.stream().anyMatch(line::contains), 12)).toString();
    }

    /**
     * A late timer, for its violation message: its state, the firings its runs covered, its runs.
     */
    String timerState(String[] timer) {
      var api = cluster.node(1).api();
      var state = api.get("/api/agents/" + timer[0] + "/timers/" + timer[1]).json();
      var covered = firingsCovered(api, timer[0], TIMER_INTERVAL);
      var text =
          new StringBuilder("nextFireAt=")
              .append(state.get("nextFireAt"))
              .append(" lastFiredAt=")
              .append(state.get("lastFiredAt"))
              .append(" | firings covered: ")
              .append(covered.size())
              .append(", the last ")
              .append(covered.subList(Math.max(0, covered.size() - 3), covered.size()));
      var recent = runs(api, timer[0]);
      for (var run : recent.subList(0, Math.min(5, recent.size()))) {
        text.append(" | run ")
            .append(run.getString("reason"))
            .append(' ')
            .append(run.getString("status"))
            .append(" scheduledAt=")
            .append(run.get("scheduledAt"))
            .append(" firings=")
            .append(run.get("firings"))
            .append(" createdAt=")
            .append(run.get("createdAt"))
            .append(" node=")
            .append(run.get("node"));
      }
      return text.append(nodeLogs(line -> line.contains(timer[1]) || line.contains(timer[0]), 8))
          .toString();
    }

    /** Each node's last {@code max} log lines that {@code wanted} accepts, on one line. */
    String nodeLogs(Predicate<String> wanted, int max) {
      var text = new StringBuilder();
      for (var node : cluster.nodes()) {
        text.append(" | ").append(node.id()).append(" log:");
        node.logLines(wanted, max).forEach(line -> text.append("; ").append(line));
      }
      return text.toString();
    }

    String summary() {
      var api = cluster.node(1).api();
      long runs = 0;
      long failed = 0;
      for (var agent : agents) {
        var statuses =
            runs(api, agent).stream()
                .collect(
                    Collectors.groupingBy(run -> run.getString("status"), Collectors.counting()));
        runs += statuses.getOrDefault("completed", 0L);
        failed += statuses.getOrDefault("failed", 0L);
      }
      long firings = 0;
      for (var timer : timers) {
        firings += firingsCovered(api, timer[0], TIMER_INTERVAL).size();
      }
      return acceptedBatches.size()
          + " batches accepted, "
          + runs
          + " subscription runs completed ("
          + failed
          + " failed), "
          + toolCalls.size()
          + " tool calls ("
          + (cutOffApplied + cutOffNotApplied)
          + " cut off by a fault: "
          + cutOffApplied
          + " had applied, "
          + cutOffNotApplied
          + " had not), "
          + turnRuns.size()
          + " session turns, "
          + firings
          + " timer firings, "
          + probes
          + " probes";
    }

    private static long completed(Api api, String agent) {
      return runs(api, agent).stream()
          .filter(run -> run.getString("status").equals("completed"))
          .count();
    }

    private static String runStatus(Api api, String runKey) {
      var response = api.get("/api/runs/" + runKey);
      return response.status() == 200
          ? response.json().getJsonObject("run").getString("status")
          : null;
    }

    private static long depth(Api api, String queue) {
      return api
          .get("/api/broker/queues")
          .structure()
          .asJsonArray()
          .getValuesAs(JsonObject.class)
          .stream()
          .filter(entry -> entry.getString("name").equals(queue))
          .mapToLong(entry -> entry.getJsonNumber("messageCount").longValue())
          .findFirst()
          .orElseThrow(() -> new AssertionError("no depth of " + queue));
    }
  }

  /** The steady load, on the nodes that are up, until {@link #stop()}. */
  private static final class Load {
    private final World world;
    private final Set<Node> up = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ExecutorService threads = Executors.newFixedThreadPool(5);
    private final String round = UUID.randomUUID().toString().substring(0, 8);

    Load(World world) {
      this.world = world;
      up.addAll(world.cluster.nodes());
      for (var producer = 0; producer < 2; producer++) {
        var id = producer;
        loop(
            Duration.ofMillis(150),
            i -> {
              var batchId = "chaos-" + round + "-h" + id + "-" + i;
              var batch = world.batch(batchId, world.entity(Integer.toString(i % AGENTS)));
              if (anyUp().api().post("/api/notifications", batch).status() == 202) {
                world.acceptedBatches.add(batchId);
              }
            });
      }
      var factory =
          new ActiveMQConnectionFactory(
              world.cluster.brokerUrl(),
              world.cluster.brokerUser(),
              world.cluster.brokerPassword());
      loop(
          Duration.ofMillis(200),
          i -> {
            var batchId = "chaos-" + round + "-j-" + i;
            var batch = world.batch(batchId, world.entity(Integer.toString(i % AGENTS)));
            try (var context = factory.createContext()) {
              context.createProducer().send(context.createQueue("reveille.notifications"), batch);
            }
            world.acceptedBatches.add(batchId);
          });
      loop(
          Duration.ofMillis(500),
          i -> {
            var title = "chaos " + round + " " + i;
            var body = Agents.createTaskCall("chaos-" + round + "-" + i, title, world.category);
            // Recorded before it is sent: a call cut off by a fault must still have one effect.
            world.toolCalls.put(title, body);
            anyUp().api().post(world.toolPath(), body);
            world.toolCallsAnswered.add(title);
          });
      loop(
          Duration.ofSeconds(3),
          i -> {
            var turn =
                anyUp()
                    .api()
                    .post(
                        "/api/agents/"
                            + world.sessionAgent
                            + "/sessions/"
                            + world.session
                            + "/turns",
                        "{\"text\":\"turn "
                            + round
                            + " "
                            + i
                            + "\",\"turnId\":\""
                            + round
                            + "-"
                            + i
                            + "\"}");
            if (turn.status() == 202) {
              world.turnRuns.add(turn.json().getString("runKey"));
            }
          });
    }

    /**
     * Runs {@code step} again and again, {@code pace} apart; a failed step is the fault's doing.
     */
    private void loop(Duration pace, java.util.function.IntConsumer step) {
      threads.submit(
          () -> {
            for (var i = 0; running.get(); i++) {
              try {
                step.accept(i);
              } catch (RuntimeException | AssertionError e) {
                // A node, the broker or the database is down: what was not accepted is not owed.
              }
              // The load's pace (a rate, not a wait for anything).
              Cluster.pause(pace);
            }
          });
    }

    Node anyUp() {
      var nodes = List.copyOf(up);
      if (nodes.isEmpty()) {
        throw new IllegalStateException("no node is up");
      }
      return nodes.get(java.util.concurrent.ThreadLocalRandom.current().nextInt(nodes.size()));
    }

    void down(Node node) {
      up.remove(node);
    }

    void up(Node node) {
      up.add(node);
    }

    void stop() {
      running.set(false);
      threads.shutdown();
      try {
        if (!threads.awaitTermination(3, TimeUnit.MINUTES)) {
          threads.shutdownNow();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
