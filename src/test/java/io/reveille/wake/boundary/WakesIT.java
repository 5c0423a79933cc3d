package io.reveille.wake.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.jms.TextMessage;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Notification batches through the real broker wake exactly the agents whose subscriptions they
 * match, once, coalesced and throttled; manual wakes and the run log over HTTP.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class WakesIT {

  private static final Duration THROTTLE =
      Duration.ofSeconds(Long.getLong("reveille.it.wakeThrottleSeconds", 6));

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void matchingBatchWakesThatAgentExactlyOnceAndNobodyElse() {
    var task = "task-" + UUID.randomUUID();
    var watcher = agents.createCustom("Watcher");
    var bystander = agents.createCustom("Bystander");
    agents.subscribe(watcher, "{\"entityIds\":[\"" + task + "\"]}");
    agents.subscribe(bystander, "{\"entityIds\":[\"other-" + UUID.randomUUID() + "\"]}");

    var batchId = "b-" + UUID.randomUUID();
    var batch = batch(batchId, "\"TASK\",\"" + task + "\"", "");
    send(batch);
    var runs = awaitRuns(watcher, 1, "completed");
    assertEquals(List.of(task), Agents.strings(runs.get(0).asJsonObject().getJsonArray("tokens")));
    assertEquals("subscription", runs.get(0).asJsonObject().getString("reason"));

    send(batch); // the same batch again: a producer retry or a broker redelivery
    send(batch(batchId, "\"" + task + "\"", ""));
    var unrelated = "b-" + UUID.randomUUID();
    send(batch(unrelated, "\"TASK\",\"elsewhere-1\"", ""));
    awaitRecorded(unrelated);
    assertEquals(1, agents.runs(watcher).size(), "one batch, one run");
    assertEquals(0, agents.runs(bystander).size(), "no match, no wake");

    var messages =
        api.get("/api/agents/" + watcher + "/messages?kind=system").json().getJsonArray("items");
    assertEquals(1, messages.size());
    var runKey = runs.get(0).asJsonObject().getString("runKey");
    assertEquals(runKey, messages.getJsonObject(0).getString("triggerSourceId"));
  }

  @Test
  void predicateMissWakesNobodyAndAHitWakes() {
    var watcher = agents.createCustom("Gym watcher");
    agents.subscribe(
        watcher, "{\"semanticKeys\":[\"TASK\"],\"predicate\":\"categoryId == \\\"gym\\\"\"}");
    var miss = "b-" + UUID.randomUUID();
    send(
        batch(
            miss,
            "\"TASK\",\"t-1\"",
            ",\"entities\":[{\"id\":\"t-1\",\"categoryId\":\"work\",\"attributes\":{}}]"));
    awaitRecorded(miss);
    send(
        batch(
            "b-" + UUID.randomUUID(),
            "\"TASK\",\"t-2\"",
            ",\"entities\":[{\"id\":\"t-2\",\"categoryId\":\"gym\",\"attributes\":{}}]"));
    var runs = awaitRuns(watcher, 1, "completed");
    assertEquals(
        Set.of("TASK"),
        Set.copyOf(Agents.strings(runs.get(0).asJsonObject().getJsonArray("tokens"))));
    assertEquals(1, agents.runs(watcher).size());
  }

  @Test
  void batchesInsideTheThrottleWindowAreDeferredAndCoalescedIntoOneRun() {
    var watcher = agents.createCustom("Throttled");
    agents.subscribe(watcher, "{\"entityIds\":[\"k-1\",\"k-2\",\"k-3\"]}");
    send(batch("b-" + UUID.randomUUID(), "\"k-1\"", ""));
    awaitRuns(watcher, 1, "completed");

    send(batch("b-" + UUID.randomUUID(), "\"k-2\"", ""));
    var deferred = awaitRuns(watcher, 2, null).get(0).asJsonObject();
    assertEquals("queued", deferred.getString("status"));
    assertNotNull(deferred.getString("notBefore"), "a throttled run waits for the window's end");
    send(batch("b-" + UUID.randomUUID(), "\"k-3\"", ""));
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                Agents.strings(agents.runs(watcher).get(0).asJsonObject().getJsonArray("tokens"))
                    .containsAll(List.of("k-2", "k-3")));

    agents.awaitManualWake(watcher);
    assertEquals(
        "queued",
        run(watcher, deferred.getString("runKey")).getString("status"),
        "a manual wake is not throttled and does not release the deferred run early");

    var done =
        await()
            .atMost(THROTTLE.plusSeconds(30))
            .until(
                () -> run(watcher, deferred.getString("runKey")),
                r -> r.getString("status").equals("completed"));
    assertEquals(Set.of("k-2", "k-3"), Set.copyOf(Agents.strings(done.getJsonArray("tokens"))));
    var started = Instant.parse(done.getString("startedAt"));
    assertFalse(
        started.isBefore(Instant.parse(done.getString("notBefore"))),
        "the deferred run starts at the window's end, not before");
    assertEquals(3, agents.runs(watcher).size(), "first run, the deferred union, the manual wake");
  }

  @Test
  void anAgentsOwnChangeDoesNotWakeItButTheSameChangeFromAUserDoes() {
    var watcher = agents.createCustom("Self-aware");
    var task = "task-" + UUID.randomUUID();
    agents.subscribe(watcher, "{\"entityIds\":[\"" + task + "\"]}");
    var own = "b-" + UUID.randomUUID();
    // Sent as Reveille sends its own batches: only they may name an origin agent.
    Broker.sendOwnNotification(
        batch(
            own,
            "\"" + task + "\"",
            ",\"originAgentId\":\"" + watcher + "\",\"originRunKey\":\"wk-own\""));
    awaitRecorded(own);
    assertEquals(0, agents.runs(watcher).size());
    send(batch("b-" + UUID.randomUUID(), "\"" + task + "\"", ""));
    awaitRuns(watcher, 1, "completed");
  }

  @Test
  void dormantAgentsSleepThroughAndResumeWithTheirSubscriptions() {
    var watcher = agents.createCustom("Sleeper");
    var task = "task-" + UUID.randomUUID();
    agents.subscribe(watcher, "{\"entityIds\":[\"" + task + "\"]}");
    assertEquals(200, api.post("/api/agents/" + watcher + "/pause", "").status());
    var whileAsleep = "b-" + UUID.randomUUID();
    send(batch(whileAsleep, "\"" + task + "\"", ""));
    awaitRecorded(whileAsleep);
    assertEquals(0, agents.runs(watcher).size());
    assertEquals(409, api.post("/api/agents/" + watcher + "/wakes", "").status());

    assertEquals(200, api.post("/api/agents/" + watcher + "/resume", "").status());
    send(batch("b-" + UUID.randomUUID(), "\"" + task + "\"", ""));
    awaitRuns(watcher, 1, "completed");
  }

  @Test
  void aRepeatedManualWakeWithTheSameIdempotencyKeyRunsOnce() {
    var agent = agents.createCustom("Manual");
    var first = api.send("POST", "/api/agents/" + agent + "/wakes", "", "Idempotency-Key", "k1");
    var second = api.send("POST", "/api/agents/" + agent + "/wakes", "", "Idempotency-Key", "k1");
    assertEquals(202, first.status(), first::toString);
    assertEquals(first.json().getString("runKey"), second.json().getString("runKey"));
    awaitRuns(agent, 1, "completed");
    assertEquals(1, agents.runs(agent).size());
    assertEquals(404, api.post("/api/agents/no-such-agent/wakes", "").status());
  }

  @Test
  void oneAgentNeverRunsTwiceAtOnce() {
    var agent = agents.createCustom("Busy");
    for (int i = 0; i < 8; i++) {
      assertEquals(202, api.post("/api/agents/" + agent + "/wakes", "").status());
    }
    var runs =
        await()
            .atMost(Duration.ofSeconds(60))
            .until(
                () -> agents.runs(agent),
                all ->
                    all.size() == 8
                        && all.stream()
                            .allMatch(
                                r -> r.asJsonObject().getString("status").equals("completed")));
    var intervals =
        runs.stream()
            .map(JsonValue::asJsonObject)
            .map(
                r ->
                    new Instant[] {
                      Instant.parse(r.getString("startedAt")),
                      Instant.parse(r.getString("completedAt"))
                    })
            .sorted((a, b) -> a[0].compareTo(b[0]))
            .toList();
    for (int i = 0; i + 1 < intervals.size(); i++) {
      assertFalse(
          intervals.get(i + 1)[0].isBefore(intervals.get(i)[1]),
          "run " + (i + 1) + " started before run " + i + " completed");
    }
  }

  @Test
  void requestedWakesAreRateLimitedPerAgentWithRetryAfter() {
    var busy = agents.createCustom("Woken too often");
    var accepted = 0;
    Api.Response refused = null;
    for (var i = 0; i < 40 && refused == null; i++) {
      var answer = api.post("/api/agents/" + busy + "/wakes", "");
      if (answer.status() == 429) {
        refused = answer;
      } else {
        assertEquals(202, answer.status(), answer::toString);
        accepted++;
      }
    }

    assertNotNull(refused, "40 wakes in a row were all accepted");
    assertTrue(accepted >= 10, "the burst (reveille.wake.requested-burst) is allowed: " + accepted);
    assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1, refused::toString);
    assertTrue(
        refused.json().getString("detail").contains("reveille.wake.requested-burst"),
        refused::toString);
    var other = agents.createCustom("Woken once");
    assertEquals(202, api.post("/api/agents/" + other + "/wakes", "").status(), "per agent");
  }

  @Test
  void aMalformedWakeJobIsDeadLetteredWithItsReason() throws Exception {
    try (var context = Broker.connectionFactory().createContext()) {
      var poison = context.createTextMessage("{\"schemaVersion\":9}");
      context.createProducer().send(context.createQueue("reveille.wakes"), poison);
      // This test's dead letter only: the queue may hold other tests' too.
      var own = "reveilleOriginalMessageId = '" + poison.getJMSMessageID() + "'";
      try (var dlq = context.createConsumer(context.createQueue("reveille.wakes.DLQ"), own)) {
        var message = (TextMessage) dlq.receive(20_000);
        assertNotNull(message, "dead-lettered");
        assertTrue(
            message.getStringProperty("reveilleDeadLetterReason").startsWith("schemaVersion"));
      }
    }
  }

  // ------------------------------------------------------------------------------------------

  private static String batch(String batchId, String tokens, String more) {
    return "{\"schemaVersion\":1,\"batchId\":\""
        + batchId
        + "\",\"tokens\":["
        + tokens
        + "]"
        + more
        + "}";
  }

  private static void send(String body) {
    Broker.sendNotification(body);
  }

  private void awaitRecorded(String batchId) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> api.get("/api/notifications/" + batchId).status() == 200);
    // The batch record and its wake jobs commit together: once it is recorded, a job it caused is
    // in the run log.
  }

  private JsonObject run(String agentId, String runKey) {
    return agents.runs(agentId).stream()
        .map(JsonValue::asJsonObject)
        .filter(r -> r.getString("runKey").equals(runKey))
        .findFirst()
        .orElseThrow();
  }

  /** Waits until the agent has {@code count} runs, the newest in {@code status} if given. */
  private JsonArray awaitRuns(String agentId, int count, String status) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> agents.runs(agentId),
            runs ->
                runs.size() == count
                    && (status == null
                        || runs.getJsonObject(0).getString("status").equals(status)));
  }
}
