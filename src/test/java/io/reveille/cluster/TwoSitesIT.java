package io.reveille.cluster;

import static java.util.stream.Collectors.joining;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Two sites with real processes ({@link TwoSites}): each its own PostgreSQL database, Artemis
 * broker (bridged to the other's, as an operator configures it) and Reveille node. What one site
 * makes reaches the other through the brokers alone, readable there as it was written, and the
 * agent keeps running only where it was made. Each test makes its own agents.
 *
 * <p>Needs what the cluster tests need (PostgreSQL's binaries, the runnable JAR and the Artemis
 * distribution, {@code -Pdist,cluster}); without them it is skipped, unless {@code
 * REVEILLE_IT_REQUIRE_CLUSTER=1} (CI) makes that a failure.
 */
@Execution(ExecutionMode.CONCURRENT)
class TwoSitesIT {

  private static final Duration SYNC = Duration.ofSeconds(90);

  /**
   * The sites' resource lock: read by tests that need both up, written by those that bring faults.
   */
  private static final String SITES = "io.reveille.cluster.sites";

  private static final String INBOUND = "reveille.sync.inbound";

  private static TwoSites sites;

  @BeforeAll
  static void start() {
    var missing = Cluster.missing();
    if ("1".equals(System.getenv("REVEILLE_IT_REQUIRE_CLUSTER"))) {
      assertNull(missing, "the two-site tests must run here");
    }
    Assumptions.assumeTrue(missing == null, () -> "No cluster on this machine: " + missing);
    sites =
        TwoSites.start(
            Map.of(
                "REVEILLE_SYNC_SEND_MILLIS", "200",
                "REVEILLE_SYNC_HEAD_SECONDS", "2",
                "REVEILLE_SYNC_BACKFILL_AFTER_SECONDS", "1",
                "REVEILLE_SYNC_BACKFILL_RETRY_SECONDS", "5"));
  }

  @AfterAll
  static void stop() {
    if (sites != null) {
      sites.close();
    }
  }

  @Test
  @ResourceLock(value = SITES, mode = ResourceAccessMode.READ)
  void anAgentMadeOnSiteAAndItsLogAreReadableOnSiteBWhereItDoesNotRun() {
    var a = sites.a().node().api();
    var b = sites.b().node().api();
    var agentId = created(a, "Made on A " + UUID.randomUUID());
    wokenAndCompleted(a, agentId);
    var onA = messages(a, agentId);
    assertFalse(onA.isEmpty(), "the run appended messages");

    await().atMost(SYNC).until(() -> b.get("/api/agents/" + agentId).status() == 200);
    await().atMost(SYNC).until(() -> messages(b, agentId).equals(onA));
    for (var id : onA) {
      assertEquals(
          text(a.get("/api/agents/" + agentId + "/messages/" + id).json()),
          text(b.get("/api/agents/" + agentId + "/messages/" + id).json()),
          "message " + id + " reads the same on both sites");
    }
    var onB = b.get("/api/agents/" + agentId).json();
    assertEquals("created", onB.getString("lifecycle"), "it runs where it was made");
    assertEquals(0, b.get("/api/agents/" + agentId + "/wakes").structure().asJsonArray().size());

    // B's view of A: everything A sent is applied, nothing missing.
    await()
        .atMost(SYNC)
        .until(
            () -> {
              var sent = status(a).getJsonObject("own").getJsonNumber("sentThrough").longValue();
              var peer = peer(status(b), "site-a");
              return peer != null
                  && peer.getJsonNumber("appliedThrough").longValue() >= sent
                  && peer.getJsonArray("gaps").isEmpty();
            });
  }

  @Test
  @ResourceLock(value = SITES, mode = ResourceAccessMode.READ)
  void eachSiteSendsItsOwnRecordsToTheOther() {
    var a = sites.a().node().api();
    var b = sites.b().node().api();
    var onB = created(b, "Made on B " + UUID.randomUUID());
    var onA = created(a, "Made on A " + UUID.randomUUID());
    await().atMost(SYNC).until(() -> a.get("/api/agents/" + onB).status() == 200);
    await().atMost(SYNC).until(() -> b.get("/api/agents/" + onA).status() == 200);
    assertEquals(
        b.get("/api/agents/" + onB).json().getString("displayName"),
        a.get("/api/agents/" + onB).json().getString("displayName"));
    // A site sends only its own records: neither sees itself as a peer.
    assertNull(peer(status(a), "site-a"));
    assertNull(peer(status(b), "site-b"));
  }

  @Test
  @ResourceLock(value = SITES, mode = ResourceAccessMode.READ)
  void oneOperationIdIssuedOnBothSitesIsOneMutationWhereTheAgentLives() {
    var a = sites.a().node().api();
    var b = sites.b().node().api();
    var tag = UUID.randomUUID().toString();
    var category = a.post("/api/categories", "{\"name\":\"two sites " + tag + "\"}");
    assertEquals(201, category.status(), category::toString);
    var categoryId = category.json().getString("id");
    var agent =
        a.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"Acts on A "
                + tag
                + "\",\"allowedCategoryIds\":[\""
                + categoryId
                + "\"]}");
    assertEquals(201, agent.status(), agent::toString);
    var agentId = agent.json().getString("id");
    assertEquals("site-a", agent.json().getString("homeHost"));
    await().atMost(SYNC).until(() -> b.get("/api/agents/" + agentId).status() == 200);
    assertEquals("site-a", b.get("/api/agents/" + agentId).json().getString("homeHost"));

    var call = io.reveille.testing.Agents.createTaskCall("op-" + tag, "Task " + tag, categoryId);
    var onA = a.post("/api/agents/" + agentId + "/tools/create_task", call);
    assertEquals(200, onA.status(), onA::toString);
    var onB = b.post("/api/agents/" + agentId + "/tools/create_task", call);
    assertEquals(409, onB.status(), onB::toString);
    assertTrue(onB.body().contains("lives on site site-a"), onB::toString);
    // Nor may site B change it, or wake it.
    assertEquals(409, b.post("/api/agents/" + agentId + "/pause", "").status(), "pausing it on B");
    var tasks = a.get("/api/tasks?categoryId=" + categoryId).structure().asJsonArray();
    assertEquals(1, tasks.size(), tasks::toString);
    // Issued again on A, the same operation answers from its receipt: still one task.
    assertEquals(200, a.post("/api/agents/" + agentId + "/tools/create_task", call).status());
    assertEquals(1, a.get("/api/tasks?categoryId=" + categoryId).structure().asJsonArray().size());
  }

  @Test
  @ResourceLock(value = SITES, mode = ResourceAccessMode.READ_WRITE)
  void editsOnBothSidesOfAPartitionReachTheOtherSideOnceItHeals() {
    var a = sites.a().node().api();
    var b = sites.b().node().api();
    // The partition: site B's broker goes away, and with it the bridge both ways.
    sites.b().broker().stop();
    try {
      var onA = created(a, "A during the partition " + UUID.randomUUID());
      wokenAndCompleted(a, onA);
      var onB = created(b, "B during the partition " + UUID.randomUUID());
      var messagesOnA = messages(a, onA);
      sites.b().broker().start();
      await().atMost(SYNC).until(() -> b.get("/api/agents/" + onA).status() == 200);
      await().atMost(SYNC).until(() -> messages(b, onA).equals(messagesOnA));
      await().atMost(SYNC).until(() -> a.get("/api/agents/" + onB).status() == 200);
    } finally {
      sites.b().broker().startIfStopped();
    }
  }

  @Test
  @ResourceLock(value = SITES, mode = ResourceAccessMode.READ_WRITE)
  void aRecordDroppedOnTheWayIsAskedForAgainAndItsRangeConfirmed() {
    var a = sites.a().node().api();
    var b = sites.b().node().api();
    var brokerB = sites.b().broker().connectionFactory();
    // Site B's inbound queue holds A's records back while one of them is dropped there.
    Broker.manageQueue(brokerB, INBOUND, "pause");
    try {
      var agentId = created(a, "A record dropped " + UUID.randomUUID());
      wokenAndCompleted(a, agentId);
      var onA = messages(a, agentId);
      var records = new java.util.ArrayList<String>(onA);
      records.add(agentId);
      var selector =
          "reveilleSyncRecord IN ("
              + records.stream().map(id -> "'" + id + "'").collect(joining(","))
              + ")";
      await()
          .atMost(SYNC)
          .until(
              () ->
                  ((Number) Broker.manageQueue(brokerB, INBOUND, "countMessages", selector))
                          .longValue()
                      == records.size());
      var dropped = onA.get(onA.size() - 1); // the oldest message: others follow it
      assertEquals(
          1,
          ((Number)
                  Broker.manageQueue(
                      brokerB, INBOUND, "removeMessages", "reveilleSyncRecord = '" + dropped + "'"))
              .intValue());
      Broker.manageQueue(brokerB, INBOUND, "resume");

      // B applies up to the hole, notices it, asks A, and applies what A sends again.
      await().atMost(SYNC).until(() -> messages(b, agentId).equals(onA));
      await()
          .atMost(SYNC)
          .until(
              () -> {
                var peer = peer(status(b), "site-a");
                return peer != null
                    && peer.getJsonArray("gaps").isEmpty()
                    && peer.getJsonArray("backfills").isEmpty();
              });
    } finally {
      Broker.manageQueue(brokerB, INBOUND, "resume");
    }
  }

  private static void wokenAndCompleted(Api api, String agentId) {
    var wake = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, wake.status(), wake::toString);
    var runKey = wake.json().getString("runKey");
    await()
        .atMost(SYNC)
        .until(
            () ->
                api.get("/api/agents/" + agentId + "/wakes").structure().asJsonArray().stream()
                    .map(run -> run.asJsonObject())
                    .anyMatch(
                        run ->
                            run.getString("runKey").equals(runKey)
                                && run.getString("status").equals("completed")));
  }

  private static String created(Api api, String name) {
    var response =
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"" + name + "\",\"mode\":\"autonomous\"}");
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  private static List<String> messages(Api api, String agentId) {
    var page = api.get("/api/agents/" + agentId + "/messages?limit=500");
    if (page.status() != 200) {
      return List.of();
    }
    return page.json().getJsonArray("items").stream()
        .map(m -> m.asJsonObject().getString("id"))
        .toList();
  }

  private static String text(JsonObject message) {
    return message.getString("content", "") + "|" + message.getString("kind");
  }

  private static JsonObject status(Api api) {
    var status = api.get("/api/sync/status");
    assertEquals(200, status.status(), status::toString);
    return status.json();
  }

  private static JsonObject peer(JsonObject status, String host) {
    return status.getJsonArray("peers").stream()
        .map(p -> p.asJsonObject())
        .filter(p -> p.getString("hostId").equals(host))
        .findFirst()
        .orElse(null);
  }
}
