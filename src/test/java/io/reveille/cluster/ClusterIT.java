package io.reveille.cluster;

import static io.reveille.cluster.ClusterChecks.assertEachFiringOnce;
import static io.reveille.cluster.ClusterChecks.createTimer;
import static io.reveille.cluster.ClusterChecks.created;
import static io.reveille.cluster.ClusterChecks.custom;
import static io.reveille.cluster.ClusterChecks.firingRuns;
import static io.reveille.cluster.ClusterChecks.firingsCovered;
import static io.reveille.cluster.ClusterChecks.runs;
import static io.reveille.cluster.ClusterChecks.subscribe;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.ConversationModel;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * What must hold across nodes, against a real cluster: two nodes from the runnable JAR on one
 * PostgreSQL and one external Artemis broker (see {@link Cluster}), shared with {@link ChaosIT}
 * (see {@link SharedCluster}). Each test builds its own agents; none asserts on global counts.
 *
 * <p>The class runs beside the tests on the shared server. The tests that kill a node hold the
 * cluster's nodes alone ({@link SharedCluster#NODES}, read-write); the others, which only need both
 * nodes up and mostly wait for timers and runs, run beside one another.
 *
 * <p>Needs PostgreSQL's binaries, the runnable JAR and the Artemis distribution ({@code
 * -Pdist,cluster}); without them it is skipped, unless {@code REVEILLE_IT_REQUIRE_CLUSTER=1} (CI)
 * makes that a failure.
 */
@ExtendWith(SharedCluster.Join.class)
@Execution(ExecutionMode.CONCURRENT)
class ClusterIT {

  private static final Logger LOG = Logger.getLogger(ClusterIT.class.getName());
  private static final Duration SETTLE = Duration.ofMinutes(3);
  private static final Set<String> UNFINISHED = Set.of("queued", "started");
  private static final int AGENTS = 50;
  private static final int BATCHES_PER_AGENT = 8;

  private static final String NODES = SharedCluster.NODES;
  private static final Duration LEASE = SharedCluster.LEASE;
  private static final Duration TIMER_INTERVAL = Duration.ofSeconds(10);

  private static Cluster cluster;
  private static ConversationModel model;

  @BeforeAll
  static void joinCluster(SharedCluster shared) {
    model = shared.model();
    cluster = shared.started();
  }

  /** Each test starts from a healthy cluster, whatever the one before left down. */
  @BeforeEach
  void healthy() {
    cluster.restoreHealth();
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(value = NODES, mode = ResourceAccessMode.READ)
  void batchesForFiftyAgentsThroughBothNodesNeverOverlapOneAgentsRuns() throws Exception {
    var tag = tag();
    var apis = List.of(cluster.node(1).api(), cluster.node(2).api());
    var agents = new ArrayList<String>();
    for (var i = 0; i < AGENTS; i++) {
      var api = apis.get(i % 2);
      var agent = created(api.post("/api/agents", custom("flight " + tag + " " + i)));
      subscribe(api, agent, entity(tag, i));
      agents.add(agent);
    }

    // Four producers at once: HTTP to node 1, HTTP to node 2, and two over JMS (either node's
    // consumers take those), each sending every agent's batches in turn.
    var accepted = new ConcurrentLinkedQueue<String>();
    ExecutorService producers = Executors.newFixedThreadPool(4);
    var factory =
        new ActiveMQConnectionFactory(
            cluster.brokerUrl(), cluster.brokerUser(), cluster.brokerPassword());
    for (var producer = 0; producer < 4; producer++) {
      var id = producer;
      producers.submit(
          () -> {
            for (var round = 0; round < BATCHES_PER_AGENT / 4; round++) {
              for (var i = 0; i < AGENTS; i++) {
                var batchId = "flight-" + tag + "-" + id + "-" + round + "-" + i;
                var batch = batch(batchId, entity(tag, i));
                if (id < 2) {
                  var response = apis.get(id).post("/api/notifications", batch);
                  assertEquals(202, response.status(), response::toString);
                } else {
                  try (var context = factory.createContext()) {
                    context
                        .createProducer()
                        .send(context.createQueue("reveille.notifications"), batch);
                  }
                }
                accepted.add(batchId);
              }
            }
            return null;
          });
    }
    producers.shutdown();
    assertTrue(producers.awaitTermination(5, TimeUnit.MINUTES), "producers finished");
    assertEquals(AGENTS * BATCHES_PER_AGENT, accepted.size());

    // Every batch is recorded, whichever node took it.
    for (var batchId : accepted) {
      await()
          .pollDelay(Duration.ZERO)
          .atMost(SETTLE)
          .until(() -> apis.get(0).get("/api/notifications/" + batchId).status() == 200);
    }
    var nodes = new java.util.HashSet<String>();
    for (var agent : agents) {
      await().atMost(SETTLE).until(() -> unfinished(apis.get(0), agent).isEmpty());
      var runs = runs(apis.get(0), agent);
      var keys = runs.stream().map(run -> run.getString("runKey")).toList();
      assertEquals(
          keys.size(), keys.stream().distinct().count(), () -> "no run key twice: " + keys);
      var ran =
          runs.stream()
              .filter(run -> !run.isNull("startedAt") && !run.isNull("completedAt"))
              .sorted(Comparator.comparing(run -> Instant.parse(run.getString("startedAt"))))
              .toList();
      assertTrue(!ran.isEmpty(), () -> agent + " ran");
      for (var i = 1; i < ran.size(); i++) {
        var previous = ran.get(i - 1);
        var next = ran.get(i);
        assertTrue(
            !Instant.parse(next.getString("startedAt"))
                .isBefore(Instant.parse(previous.getString("completedAt"))),
            () -> "one run of " + agent + " at a time: " + previous + " overlaps " + next);
      }
      ran.forEach(run -> nodes.add(run.getString("node")));
    }
    // Both nodes did the work (else this proved nothing about two of them).
    assertEquals(
        cluster.nodes().stream().map(Node::id).collect(Collectors.toSet()),
        nodes,
        "nodes that ran runs");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(value = NODES, mode = ResourceAccessMode.READ)
  void anMcpSessionOpenedOnOneNodeIsAnsweredByTheOther() {
    var on = cluster.node(1).api();
    var other = cluster.node(2).api();
    var agent = created(on.post("/api/agents", custom("mcp " + tag())));
    var session = io.reveille.testing.McpHttp.open(on, agent);
    var elsewhere = session.through(other);
    assertEquals(Json.createObjectBuilder().build(), elsewhere.result("ping", null));
    assertFalse(
        elsewhere.result("tools/list", "{}").getJsonArray("tools").isEmpty(),
        "the other node knows the session and its agent");
    var closed =
        other.send(
            "DELETE",
            io.reveille.testing.McpHttp.path(agent),
            null,
            java.util.Map.of(io.reveille.testing.McpHttp.SESSION, session.session()));
    assertEquals(204, closed.status(), closed::toString);
    assertEquals(
        404,
        session
            .post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", java.util.Map.of())
            .status(),
        "closed on one node, gone on the other");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(value = NODES, mode = ResourceAccessMode.READ)
  void aSubscriptionMadeOnOneNodeMatchesTheNextBatchTheOtherTakes() {
    var tag = tag();
    for (var round = 0; round < 4; round++) {
      var on = cluster.node(1 + round % 2).api();
      var other = cluster.node(2 - round % 2).api();
      var agent = created(on.post("/api/agents", custom("index " + tag + " " + round)));
      subscribe(on, agent, entity(tag, round));
      // At once: the very next batch, taken by the other node.
      var accepted =
          other.post("/api/notifications", batch("index-" + tag + "-" + round, entity(tag, round)));
      assertEquals(202, accepted.status(), accepted::toString);
      await()
          .atMost(SETTLE)
          .until(
              () ->
                  runs(on, agent).stream()
                      .anyMatch(
                          run ->
                              run.getString("reason").equals("subscription")
                                  && run.getString("status").equals("completed")));
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(value = NODES, mode = ResourceAccessMode.READ)
  void anAgentPausedOnOneNodeIsNotWokenByTheOther() {
    var tag = tag();
    var node1 = cluster.node(1).api();
    var node2 = cluster.node(2).api();
    var paused = created(node1.post("/api/agents", custom("paused " + tag)));
    var sentinel = created(node1.post("/api/agents", custom("sentinel " + tag)));
    subscribe(node1, paused, entity(tag, 0));
    subscribe(node1, sentinel, entity(tag, 1));
    var pausing = node1.post("/api/agents/" + paused + "/pause", "");
    assertEquals(200, pausing.status(), pausing::toString);

    // One batch for both, taken by node 2: the sentinel's run is the committed sign that node 2
    // matched it, and so decided about the paused agent too.
    var batch =
        "{\"schemaVersion\":1,\"batchId\":\"paused-"
            + tag
            + "\",\"tokens\":[\""
            + entity(tag, 0)
            + "\",\""
            + entity(tag, 1)
            + "\"]}";
    assertEquals(202, node2.post("/api/notifications", batch).status());
    await()
        .atMost(SETTLE)
        .until(
            () ->
                runs(node2, sentinel).stream()
                    .anyMatch(run -> run.getString("status").equals("completed")));
    assertEquals(List.of(), runs(node2, paused), "runs of the paused agent");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(value = NODES, mode = ResourceAccessMode.READ)
  void aSessionsStreamOnOneNodeShowsATurnTheOtherProcessed() throws Exception {
    var node1 = cluster.node(1).api();
    var agent =
        created(
            node1.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"coach "
                    + tag()
                    + "\",\"mode\":\"interactive\"}"));
    var opened = node1.post("/api/agents/" + agent + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    var session = opened.json().getString("id");

    var events = new CopyOnWriteArrayList<String>();
    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    var request =
        HttpRequest.newBuilder(
                cluster
                    .node(2)
                    .baseUri()
                    .resolve("/api/agents/" + agent + "/sessions/" + session + "/events"))
            .header("Accept", "text/event-stream")
            .header(
                "Authorization",
                io.reveille.testing.TestIdentities.basic("admin", Cluster.ADMIN_PASSWORD))
            .GET()
            .build();
    var stream = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    assertEquals(200, stream.statusCode());
    var reader = Executors.newSingleThreadExecutor();
    try (var body = stream.body()) {
      reader.submit(
          () -> {
            var lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
            for (var line = lines.readLine(); line != null; line = lines.readLine()) {
              if (line.startsWith("event:")) {
                events.add(line.substring(6).strip());
              }
            }
            return null;
          });
      var turn =
          node1.post(
              "/api/agents/" + agent + "/sessions/" + session + "/turns",
              "{\"text\":\"What is next?\"}");
      assertEquals(202, turn.status(), turn::toString);
      await().atMost(SETTLE).until(() -> events.size() >= 2);
      assertEquals(List.of("user", "assistant"), List.copyOf(events.subList(0, 2)));
    } finally {
      reader.shutdownNow();
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(value = NODES, mode = ResourceAccessMode.READ)
  void timersFireOncePerFiringWhicheverNodeCreatedThem() {
    var tag = tag();
    var timed = new ArrayList<String[]>();
    for (var i = 0; i < 4; i++) {
      var api = cluster.node(1 + i % 2).api();
      var agent = created(api.post("/api/agents", custom("timed " + tag + " " + i)));
      timed.add(
          new String[] {agent, createTimer(api, agent, TIMER_INTERVAL, Duration.ofSeconds(5))});
    }
    for (var agentAndTimer : timed) {
      await()
          .atMost(SETTLE)
          .until(
              () ->
                  firingsCovered(cluster.node(1).api(), agentAndTimer[0], TIMER_INTERVAL).size()
                      >= 4);
    }
    for (var agentAndTimer : timed) {
      deleteTimer(cluster.node(1).api(), agentAndTimer[0], agentAndTimer[1]);
      assertEachFiringOnce(cluster.node(1).api(), agentAndTimer[0], TIMER_INTERVAL);
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(NODES)
  void aKilledNodesTimerFiresOnTheOtherOnceAndNeverTwiceAfterItReturns() {
    var api = cluster.node(1).api();
    var agent = created(api.post("/api/agents", custom("failover " + tag())));
    var timer = createTimer(api, agent, TIMER_INTERVAL, Duration.ofSeconds(5));
    // Kill the node that ran the latest firing, at once after it: whatever it had claimed or
    // left prepared must not cost a firing or repeat one.
    await().atMost(SETTLE).until(() -> !firingRuns(api, agent).isEmpty());
    var seen = firingRuns(api, agent).size();
    await().atMost(SETTLE).until(() -> firingRuns(api, agent).size() > seen);
    var holder = node(newest(firingRuns(api, agent)).getString("node"));
    var survivor = other(holder);
    var lastBeforeKill = Instant.parse(newest(firingRuns(api, agent)).getString("scheduledAt"));
    holder.kill();
    var killed = Instant.now();
    // The next firing (or a catch-up of several), fired by the survivor.
    await()
        .atMost(Duration.ofMinutes(6))
        .until(
            () ->
                firingRuns(survivor.api(), agent).stream()
                    .anyMatch(
                        run ->
                            run.getString("node").equals(survivor.id())
                                && Instant.parse(run.getString("scheduledAt"))
                                    .isAfter(lastBeforeKill)));
    var failover = Duration.between(killed, Instant.now());
    LOG.info(
        "Timer failover: "
            + failover.toSeconds()
            + " s from the kill to a firing on "
            + survivor.id());

    holder.start();
    holder.awaitReady(Cluster.NODE_START);
    // Two firings after the holder is back, then the check: none of them twice.
    var covered = firingsCovered(survivor.api(), agent, TIMER_INTERVAL).size();
    await()
        .atMost(SETTLE)
        .until(() -> firingsCovered(survivor.api(), agent, TIMER_INTERVAL).size() >= covered + 2);
    deleteTimer(survivor.api(), agent, timer);
    assertEachFiringOnce(survivor.api(), agent, TIMER_INTERVAL);
    // The killed node settled whatever it left prepared when it came back.
    await().atMost(SETTLE).until(() -> cluster.preparedTransactions() == 0);
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(NODES)
  void aLiveRunIsNotTakenOverWhileItsLeaseHoldsAndIsRecoveredOnceAfterItsNodeDies()
      throws Exception {
    var marker = "lease-" + tag();
    model.script(marker, List.of(OpenAiProtocolServer.answerBody("Done: " + marker)));
    var release = new java.util.concurrent.CountDownLatch(1);
    var arrived = model.holdOnce(marker, 0, release);
    try {
      var api = cluster.node(1).api();
      var agent =
          created(
              api.post(
                  "/api/agents",
                  Json.createObjectBuilder()
                      .add("kind", "custom")
                      .add("displayName", "Lease " + marker)
                      .add(
                          "config",
                          Json.createObjectBuilder()
                              .add("modelId", "default")
                              .add("instructions", "You are the agent " + marker + "."))
                      .build()
                      .toString()));
      var wake = api.post("/api/agents/" + agent + "/wakes", "");
      assertEquals(202, wake.status(), wake::toString);
      var runKey = wake.json().getString("runKey");
      assertTrue(arrived.await(2, TimeUnit.MINUTES), "the run's model call arrived");
      var owner = node(run(api, runKey).getString("node"));
      var taker = other(owner);

      // The lease under test: the call stays in flight for two leases, the owner alive and
      // renewing; the other node sweeps every 5 s all along and must leave the run alone.
      Cluster.pause(LEASE.multipliedBy(2));
      assertEquals(1, model.requests(marker, 0), "model calls while the owner lives");
      assertEquals("started", run(taker.api(), runKey).getString("status"));

      owner.kill();
      var killed = Instant.now();
      await()
          .atMost(SETTLE)
          .until(() -> run(taker.api(), runKey).getString("status").equals("completed"));
      LOG.info(
          "Run recovered by "
              + taker.id()
              + " "
              + Duration.between(killed, Instant.now()).toSeconds()
              + " s after its owner was killed (lease "
              + LEASE.toSeconds()
              + " s)");
      var recovered = run(taker.api(), runKey);
      assertEquals(taker.id(), recovered.getString("node"));
      assertEquals(2, model.requests(marker, 0), "one call per attempt: the killed one and this");

      owner.start();
      owner.awaitReady(Cluster.NODE_START);
      // The returned node does not run it again: a later wake of the agent, delivered after
      // anything of the agent queued before it, completes, and the run is as it was.
      var sentinel = owner.api().post("/api/agents/" + agent + "/wakes", "");
      assertEquals(202, sentinel.status(), sentinel::toString);
      var sentinelKey = sentinel.json().getString("runKey");
      await()
          .atMost(SETTLE)
          .until(() -> run(owner.api(), sentinelKey).getString("status").equals("completed"));
      assertEquals(3, model.requests(marker, 0), "model calls: two attempts, then the sentinel");
      assertEquals(recovered.getInt("attempts"), run(owner.api(), runKey).getInt("attempts"));
      assertEquals("completed", run(owner.api(), runKey).getString("status"));
      await().atMost(SETTLE).until(() -> cluster.preparedTransactions() == 0);
    } finally {
      release.countDown();
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  @ResourceLock(NODES)
  void aNodeKilledInTheMiddleOfToolCallsLeavesEachOneAppliedOnceOrNotAtAll() throws Exception {
    var tag = tag();
    var survivor = cluster.node(1);
    var victim = cluster.node(2);
    var category =
        created(survivor.api().post("/api/categories", "{\"name\":\"kill-tools-" + tag + "\"}"));
    var agent =
        created(
            survivor
                .api()
                .post(
                    "/api/agents",
                    "{\"kind\":\"custom\",\"displayName\":\"kill tools "
                        + tag
                        + "\",\"allowedCategoryIds\":[\""
                        + category
                        + "\"]}"));
    var path = "/api/agents/" + agent + "/tools/create_task";
    // Calls sent to the victim from several threads at once, each recorded before it is sent:
    // whenever the kill comes, some are in the middle of their transaction or of their answer.
    var sent = new java.util.concurrent.ConcurrentHashMap<String, String>();
    var answered = java.util.concurrent.ConcurrentHashMap.<String>newKeySet();
    var sending = new java.util.concurrent.atomic.AtomicBoolean(true);
    var senders = Executors.newFixedThreadPool(8);
    for (var t = 0; t < 8; t++) {
      var thread = t;
      senders.submit(
          () -> {
            for (var i = 0; sending.get(); i++) {
              var title = "kill " + tag + " " + thread + "-" + i;
              var body =
                  Agents.createTaskCall("kill-" + tag + "-" + thread + "-" + i, title, category);
              sent.put(title, body);
              try {
                if (victim.api().post(path, body).status() == 200) {
                  answered.add(title);
                }
              } catch (RuntimeException killed) {
                return;
              }
            }
          });
    }
    await().atMost(SETTLE).until(() -> answered.size() >= 100);
    victim.kill();
    sending.set(false);
    senders.shutdown();
    assertTrue(senders.awaitTermination(2, TimeUnit.MINUTES), "the senders stopped");
    // The killed node comes back, as its supervisor would bring it back: a call it had prepared
    // but not committed holds its row locks until the node's transaction log settles it.
    victim.start();
    victim.awaitReady(Cluster.NODE_START);

    // Every call replayed on the survivor: one cut off by the kill either applied before it
    // (the replay answers from its receipt) or not at all (the replay applies it now).
    var cutApplied = 0;
    var cutNotApplied = 0;
    for (var call : sent.entrySet()) {
      var replay = survivor.api().post(path, call.getValue());
      assertEquals(200, replay.status(), () -> call.getKey() + ": " + replay);
      var replayed = replay.json().getBoolean("replayed", false);
      if (answered.contains(call.getKey())) {
        assertTrue(replayed, () -> "an answered call replays from its receipt: " + call.getKey());
      } else if (replayed) {
        cutApplied++;
      } else {
        cutNotApplied++;
      }
    }
    LOG.info(
        "Kill in the middle of tool calls: "
            + sent.size()
            + " sent, "
            + answered.size()
            + " answered before the kill; of the "
            + (cutApplied + cutNotApplied)
            + " cut off, "
            + cutApplied
            + " had applied and "
            + cutNotApplied
            + " had not");
    assertTrue(cutApplied + cutNotApplied > 0, "the kill cut off calls in flight");
    var titles =
        survivor.api().getAll("/api/tasks?limit=500&categoryId=" + category).stream()
            .map(task -> task.getString("title"))
            .collect(Collectors.groupingBy(title -> title, Collectors.counting()));
    for (var title : sent.keySet()) {
      assertEquals(1L, titles.getOrDefault(title, 0L), () -> "one task titled " + title);
    }
    assertEquals(sent.size(), titles.size(), () -> "tasks of the category: " + titles.keySet());
    await().atMost(SETTLE).until(() -> cluster.preparedTransactions() == 0);
  }

  private static JsonObject newest(List<JsonObject> runs) {
    return runs.stream()
        .max(Comparator.comparing(run -> Instant.parse(run.getString("scheduledAt"))))
        .orElseThrow();
  }

  private static Node node(String id) {
    return cluster.nodes().stream()
        .filter(node -> node.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no node " + id));
  }

  private static Node other(Node node) {
    return cluster.nodes().stream().filter(n -> n != node).findFirst().orElseThrow();
  }

  private static JsonObject run(Api api, String runKey) {
    var response = api.get("/api/runs/" + runKey);
    assertEquals(200, response.status(), response::toString);
    return response.json().getJsonObject("run");
  }

  private static void deleteTimer(Api api, String agent, String timer) {
    var deleted = api.delete("/api/agents/" + agent + "/timers/" + timer);
    assertEquals(204, deleted.status(), deleted::toString);
  }

  private static String tag() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  private static String entity(String tag, int agent) {
    return "cluster-" + tag + "-" + agent;
  }

  private static String batch(String batchId, String token) {
    return "{\"schemaVersion\":1,\"batchId\":\"" + batchId + "\",\"tokens\":[\"" + token + "\"]}";
  }

  private static List<JsonObject> unfinished(Api api, String agent) {
    return runs(api, agent).stream()
        .filter(run -> UNFINISHED.contains(run.getString("status")))
        .toList();
  }
}
