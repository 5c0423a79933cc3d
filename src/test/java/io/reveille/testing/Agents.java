package io.reveille.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Client-side steps the integration tests share: make an agent, subscribe it, read its runs. */
public final class Agents {

  private final Api api;

  public Agents(Api api) {
    this.api = api;
  }

  /** Creates an active {@code custom} agent; returns its id. */
  public String createCustom(String name) {
    return createCustom(name, "autonomous");
  }

  /** Creates an active {@code custom} agent of this mode; returns its id. */
  public String createCustom(String name, String mode) {
    var created =
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"" + name + "\",\"mode\":\"" + mode + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  public void subscribe(String agentId, String body) {
    var created = api.post("/api/agents/" + agentId + "/subscriptions", body);
    assertEquals(201, created.status(), created::toString);
  }

  /** The agent's wake run log, newest first. */
  public JsonArray runs(String agentId) {
    var response = api.get("/api/agents/" + agentId + "/wakes");
    assertEquals(200, response.status(), response::toString);
    return response.structure().asJsonArray();
  }

  /** The agent's run log entries with this {@code reason}, newest first. */
  public List<JsonObject> runs(String agentId, String reason) {
    return runs(agentId).stream()
        .map(JsonValue::asJsonObject)
        .filter(run -> run.getString("reason").equals(reason))
        .toList();
  }

  /** Those of them that completed. */
  public List<JsonObject> completedRuns(String agentId, String reason) {
    return runs(agentId, reason).stream()
        .filter(run -> run.getString("status").equals("completed"))
        .toList();
  }

  /**
   * The committed sentinel for "no wake happened" on the notification path. Outside producers'
   * batches and those posted with Reveille's authorship travel the broker: a batch that matches no
   * subscription is sent to each of the two queues (the producers' and Reveille's own) after
   * whatever must not wake anyone, and awaited until the server has recorded both; a queue hands
   * batches out in the order they were sent, and a batch's record and its wake jobs commit
   * together. Reveille's own batches (the journal's, the agent domain's) wait in the outbox
   * instead, whose row the intake deletes in the transaction that records the batch: so the
   * sentinel also waits until nothing written to the outbox before it is left. Afterwards, a wake
   * caused by an earlier batch on any path would be in the run log.
   */
  public void passThroughTheNotificationQueue() {
    var since = Instant.now();
    var producers = "sentinel-" + UUID.randomUUID();
    var own = "sentinel-" + UUID.randomUUID();
    Broker.sendNotification(sentinel(producers));
    Broker.sendOwnNotification(sentinel(own));
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                api.get("/api/notifications/" + producers).status() == 200
                    && api.get("/api/notifications/" + own).status() == 200
                    && OutboxBacklog.takenInUpTo(api, since));
  }

  private static String sentinel(String batchId) {
    return """
        {"schemaVersion":1,"batchId":"%s","tokens":["%s"]}"""
        .formatted(batchId, batchId);
  }

  /**
   * The committed sentinel for "no further run of this agent": a manual wake, which the broker
   * delivers after every job of the agent enqueued before it (one message group per agent); returns
   * its run key once it has completed.
   */
  public String awaitManualWake(String agentId) {
    var manual = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, manual.status(), manual::toString);
    var runKey = manual.json().getString("runKey");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                runs(agentId).stream()
                    .map(JsonValue::asJsonObject)
                    .anyMatch(
                        run ->
                            run.getString("runKey").equals(runKey)
                                && run.getString("status").equals("completed")));
    return runKey;
  }

  /**
   * The body of a {@code create_task} tool call: a task titled {@code title} in {@code categoryId},
   * under {@code operationId}, the key its replay is answered by.
   */
  public static String createTaskCall(String operationId, String title, String categoryId) {
    return "{\"operationId\":\""
        + operationId
        + "\",\"arguments\":{\"title\":\""
        + title
        + "\",\"categoryId\":\""
        + categoryId
        + "\"}}";
  }

  public static List<String> strings(JsonArray array) {
    return array.stream().map(v -> ((JsonString) v).getString()).toList();
  }
}
