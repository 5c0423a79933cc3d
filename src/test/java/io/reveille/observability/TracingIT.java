package io.reveille.observability;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.OtlpReceiver;
import io.reveille.testing.OtlpReceiver.ReceivedSpan;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Traces over OTLP to a receiver the tests start (the test server is configured by the standard
 * {@code OTEL_*} variables): a producer's batch carrying a {@code traceparent} wakes a task agent
 * whose run calls a tool, and the trace the receiver gets is the producer's — the batch's span
 * under the producer's, the run's span under the batch's with the agent id, run key and reason, and
 * the tool call's span under the run's.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TracingIT {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);
  private final OtlpReceiver receiver = OtlpReceiver.shared();

  @Test
  void aProducersTraceContinuesIntoTheWakeAndItsToolCall() {
    var category =
        api.post("/api/categories", "{\"name\":\"traced-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var task =
        api.post(
            "/api/tasks",
            "{\"title\":\"Traced\",\"priority\":\"p2\",\"categoryId\":\"" + category + "\"}");
    assertEquals(201, task.status(), task::toString);
    var taskId = task.json().getString("id");
    var created = api.post("/api/tasks/" + taskId + "/agent", "");
    assertEquals(201, created.status(), created::toString);
    var agentId = created.json().getString("id");
    await().atMost(WAIT).until(() -> completed(agentId) == 1);

    // A change the agent has not seen, made while it sleeps: the next wake records an observation
    // (a record_observations call). Only the producer's batch below may wake it.
    assertEquals(200, api.post("/api/agents/" + agentId + "/pause", "").status());
    var current = api.get("/api/tasks/" + taskId);
    assertEquals(
        200,
        api.patch("/api/tasks/" + taskId, "{\"priority\":\"p0\"}", current.header("ETag"))
            .status());
    agents.passThroughTheNotificationQueue();
    assertEquals(200, api.post("/api/agents/" + agentId + "/resume", "").status());
    assertEquals(1, agents.runs(agentId).size(), "nothing woke the agent while it slept");

    var before = runKeys(agentId);
    var traceId = randomHex(16);
    var producerSpanId = randomHex(8);
    Broker.sendNotification(
        Broker.batch(taskId),
        Map.of("traceparent", "00-" + traceId + "-" + producerSpanId + "-01"));
    // The run the batch caused: the agent's one new subscription run.
    var caused =
        await()
            .atMost(WAIT)
            .until(
                () ->
                    agents.completedRuns(agentId, "subscription").stream()
                        .map(run -> run.getString("runKey"))
                        .filter(key -> !before.contains(key))
                        .toList(),
                keys -> keys.size() == 1);
    var runKey = caused.get(0);

    var trace =
        await()
            .atMost(WAIT)
            .until(
                () -> receiver.trace(traceId),
                // Each span is exported once it ends: the run's ends after its tool call's.
                spans ->
                    named(spans, "reveille.tool record_observations").size() == 1
                        && named(spans, "reveille.wake run").size() == 1
                        && named(spans, "reveille.notifications process").size() == 1);
    var batch = single(named(trace, "reveille.notifications process"));
    assertEquals(producerSpanId, batch.parentSpanId(), "the batch continues the producer's span");
    var run = single(named(trace, "reveille.wake run"));
    assertEquals(batch.spanId(), run.parentSpanId(), "the run continues the batch's span");
    assertEquals(agentId, run.attributes().get("reveille.agent.id"));
    assertEquals(runKey, run.attributes().get("reveille.run.key"));
    assertEquals("subscription", run.attributes().get("reveille.wake.reason"));
    assertEquals("completed", run.attributes().get("reveille.outcome"));
    var tool = single(named(trace, "reveille.tool record_observations"));
    assertEquals(run.spanId(), tool.parentSpanId(), "the tool call is a child of the run");
    assertEquals("succeeded", tool.attributes().get("reveille.outcome"));
    assertEquals(runKey, tool.attributes().get("reveille.run.key"));
    assertTrue(trace.stream().allMatch(span -> span.traceId().equals(traceId)), trace::toString);
  }

  @Test
  void aBatchPostedOverHttpContinuesTheCallersTrace() {
    var traceId = randomHex(16);
    var callerSpanId = randomHex(8);
    var posted = postBatch("00-" + traceId + "-" + callerSpanId + "-01");
    assertEquals(202, posted.status(), posted::toString);
    var batch =
        await()
            .atMost(WAIT)
            .until(
                () -> named(receiver.trace(traceId), "reveille.notifications process"),
                spans -> spans.size() == 1)
            .get(0);
    assertEquals(callerSpanId, batch.parentSpanId());

    var malformed = postBatch("not-a-trace-" + "x".repeat(600));
    assertEquals(202, malformed.status(), "a malformed trace header never refuses the batch");
  }

  /** A batch posted over HTTP by a producer, with this traceparent header. */
  private Api.Response postBatch(String traceparent) {
    return api.as(io.reveille.security.control.Role.PRODUCER)
        .send(
            "POST",
            "/api/notifications",
            Broker.batch("traced-" + UUID.randomUUID()),
            "traceparent",
            traceparent);
  }

  private static String randomHex(int bytes) {
    var random = new byte[bytes];
    new SecureRandom().nextBytes(random);
    return HexFormat.of().formatHex(random);
  }

  private java.util.Set<String> runKeys(String agentId) {
    return agents.runs(agentId).stream()
        .map(run -> run.asJsonObject().getString("runKey"))
        .collect(java.util.stream.Collectors.toSet());
  }

  private long completed(String agentId) {
    return agents.runs(agentId).stream()
        .filter(run -> run.asJsonObject().getString("status").equals("completed"))
        .count();
  }

  private static List<ReceivedSpan> named(List<ReceivedSpan> spans, String name) {
    return spans.stream().filter(span -> span.name().equals(name)).toList();
  }

  private static ReceivedSpan single(List<ReceivedSpan> spans) {
    assertEquals(1, spans.size(), spans::toString);
    return spans.get(0);
  }
}
