package io.reveille.run.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an operator reads of a run over HTTP: a task agent's first wake (the deterministic engine
 * records an observation through {@code record_observations}) found in the run list by its filters,
 * then opened with its tool call and the messages it wrote; the agent's tool-call history and one
 * message by id with its text; bad filters refused with the parameter named.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RunsResourceIT {

  private final Api api = new Api();

  @Test
  void aRunOpensWithTheToolCallsItMadeAndTheMessagesItWrote() {
    var category =
        api.post("/api/categories", "{\"name\":\"runs-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var task =
        api.post("/api/tasks", "{\"title\":\"Inspect me\",\"categoryId\":\"" + category + "\"}")
            .json()
            .getString("id");
    var created = api.post("/api/tasks/" + task + "/agent", "");
    assertEquals(201, created.status(), created::toString);
    var agentId = created.json().getString("id");

    var query = "/api/runs?agentId=" + agentId + "&status=completed&reason=manual";
    await().atMost(Duration.ofSeconds(60)).until(() -> !api.getAll(query).isEmpty());
    var listed = api.getAll(query);
    assertEquals(1, listed.size(), listed::toString);
    var runKey = listed.get(0).getString("runKey");
    // The list names each run's agent by its display name, beside its id.
    var agentName = api.get("/api/agents/" + agentId).json().getString("displayName");
    assertEquals(agentId, listed.get(0).getString("agentId"), listed::toString);
    assertEquals(agentName, listed.get(0).getString("agentName"), listed::toString);

    var detail = api.get("/api/runs/" + URLEncoder.encode(runKey, StandardCharsets.UTF_8));
    assertEquals(200, detail.status(), detail::toString);
    var run = detail.json();
    assertEquals(runKey, run.getJsonObject("run").getString("runKey"));
    assertEquals(agentName, run.getJsonObject("run").getString("agentName"), run::toString);
    var calls = run.getJsonArray("toolCalls").getValuesAs(JsonObject.class);
    assertEquals(
        List.of("record_observations"),
        calls.stream().map(c -> c.getString("toolName")).toList(),
        calls::toString);
    var call = calls.get(0);
    assertEquals("succeeded", call.getString("status"), call::toString);
    assertEquals(runKey, call.getString("runKey"));
    assertTrue(call.getJsonObject("arguments").containsKey("observations"), call::toString);
    var kinds =
        run.getJsonArray("messages").getValuesAs(JsonObject.class).stream()
            .map(m -> m.getString("kind"))
            .toList();
    assertTrue(kinds.containsAll(List.of("action", "toolResult")), kinds::toString);

    // The same call in the agent's tool-call history.
    var history = api.getAll("/api/agents/" + agentId + "/tool-calls");
    assertTrue(
        history.stream()
            .anyMatch(c -> c.getString("idempotencyKey").equals(call.getString("idempotencyKey"))),
        history::toString);

    // An observation, listed without its text, read by id with it.
    var observations =
        api.get("/api/agents/" + agentId + "/messages?kind=observation")
            .json()
            .getJsonArray("items")
            .getValuesAs(JsonObject.class);
    assertFalse(observations.isEmpty());
    var observationId = observations.get(0).getString("id");
    var observation = api.get("/api/agents/" + agentId + "/messages/" + observationId);
    assertEquals(200, observation.status(), observation::toString);
    assertFalse(observation.json().getString("content").isBlank(), observation::toString);
    // Another agent's message, or none, is not found through this agent.
    var other =
        api.post("/api/agents", "{\"kind\":\"custom\",\"displayName\":\"Other\"}")
            .json()
            .getString("id");
    assertEquals(404, api.get("/api/agents/" + other + "/messages/" + observationId).status());
    assertEquals(404, api.get("/api/agents/" + agentId + "/messages/no-such-message").status());
  }

  @Test
  void theRunLogsPictureCountsARunInItsMinuteAndRefusesOddBounds() {
    var agentId =
        api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"Pictured " + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var runKey = api.post("/api/agents/" + agentId + "/wakes", "").json().getString("runKey");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> api.get("/api/runs/" + runKey).json().getJsonObject("run").getString("status"),
            "completed"::equals);
    var created =
        java.time.Instant.parse(
                api.get("/api/runs/" + runKey).json().getJsonObject("run").getString("createdAt"))
            .truncatedTo(java.time.temporal.ChronoUnit.MINUTES)
            .toString();

    var picture = api.get("/api/runs/stats?minutes=5&topAgents=3");
    assertEquals(200, picture.status(), picture::toString);
    var minutes = picture.json().getJsonArray("minutes").getValuesAs(JsonObject.class);
    assertEquals(5, minutes.size(), picture::toString);
    var its =
        minutes.stream()
            .filter(m -> java.time.Instant.parse(m.getString("minute")).toString().equals(created))
            .findFirst()
            .orElseThrow(() -> new AssertionError(created + " not in " + picture));
    assertTrue(its.getJsonObject("byReason").getInt("manual") >= 1, its::toString);
    assertTrue(its.getJsonObject("byStatus").getInt("completed") >= 1, its::toString);
    assertTrue(its.containsKey("startWaitP50Millis"), its::toString);
    assertTrue(picture.json().containsKey("tokens"), picture::toString);
    for (var bad : List.of("minutes=0", "minutes=1441", "topAgents=0", "topAgents=101")) {
      var refused = api.get("/api/runs/stats?" + bad);
      assertEquals(400, refused.status(), () -> bad + ": " + refused);
    }
  }

  @Test
  void badFiltersAreRefusedWithTheParameterNamed() {
    for (var bad :
        List.of(
            "status=sleeping",
            "reason=boredom",
            "from=yesterday",
            "from=2026-11-26T10:00:00Z&to=2026-11-26T09:00:00Z",
            "limit=0")) {
      var response = api.get("/api/runs?" + bad);
      assertEquals(400, response.status(), () -> bad + ": " + response);
      var parameter = bad.substring(0, bad.indexOf('='));
      assertTrue(response.body().contains(parameter), () -> bad + ": " + response.body());
    }
    assertEquals(404, api.get("/api/runs/no-such-run").status());
  }
}
