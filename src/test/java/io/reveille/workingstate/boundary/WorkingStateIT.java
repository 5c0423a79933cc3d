package io.reveille.workingstate.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The working state over HTTP: expectations declared with {@code declare_expectations} and checked
 * by the agent's next real tool call, as a viewer reads them at {@code GET
 * /api/agents/{id}/working-state}; and a task agent's run, which declares what its observations
 * call records and ends with its end-of-run delta applied to the run's thread.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class WorkingStateIT {

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  private String category() {
    var created = api.post("/api/categories", "{\"name\":\"ws-" + UUID.randomUUID() + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  private String task(String categoryId) {
    var created =
        api.post(
            "/api/tasks", "{\"title\":\"Working state\",\"categoryId\":\"" + categoryId + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  private JsonObject workingState(String agentId, String threadId) {
    var read =
        api.as(Role.VIEWER).get("/api/agents/" + agentId + "/working-state?threadId=" + threadId);
    assertEquals(200, read.status(), read::toString);
    return read.json();
  }

  private static JsonObject byId(JsonObject state, String list, String id) {
    return state.getJsonArray(list).getValuesAs(JsonObject.class).stream()
        .filter(e -> e.getString("id").equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + id + " in " + state));
  }

  @Test
  void aDeclaredExpectationIsCheckedByTheAgentsNextToolCallAndShownToAViewer() {
    var category = category();
    var taskId = task(category);
    var created =
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"Expecting "
                + UUID.randomUUID()
                + "\",\"mode\":\"autonomous\",\"allowedCategoryIds\":[\""
                + category
                + "\"]}");
    assertEquals(201, created.status(), created::toString);
    var agentId = created.json().getString("id");
    var threadId = agentId + ":tools";
    var empty = workingState(agentId, threadId);
    // Null fields are left out of the JSON.
    assertFalse(empty.containsKey("version") && !empty.isNull("version"), empty::toString);
    assertFalse(empty.containsKey("rendered") && !empty.isNull("rendered"), empty::toString);
    assertTrue(empty.getJsonArray("expectations").isEmpty(), empty::toString);

    var declared =
        api.post(
            "/api/agents/" + agentId + "/tools/declare_expectations",
            """
            {"operationId":"op-%s","arguments":{"expectations":[
              {"id":"priority-set","action":"update_task_priority",
               "expectedOutcome":"task %s is P1","expectedIds":["%s"],
               "invariant":"its category stays the same"},
              {"id":"two-touched","action":"update_task_priority",
               "expectedOutcome":"two tasks change","expectedCount":2}]}}"""
                .formatted(UUID.randomUUID(), taskId, taskId));
    assertEquals(200, declared.status(), declared::toString);
    assertEquals(threadId, declared.json().getJsonObject("payload").getString("threadId"));
    assertEquals(2, declared.json().getJsonObject("payload").getInt("pending"));
    var pending = workingState(agentId, threadId);
    assertEquals("pending", byId(pending, "expectations", "priority-set").getString("status"));

    var call =
        api.post(
            "/api/agents/" + agentId + "/tools/update_task_priority",
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"arguments\":{\"taskId\":\""
                + taskId
                + "\",\"priority\":\"p1\"}}");
    assertEquals(200, call.status(), call::toString);

    var state = workingState(agentId, threadId);
    assertEquals(threadId, state.getString("threadId"));
    var confirmed = byId(state, "expectations", "priority-set");
    assertEquals("confirmed", confirmed.getString("status"), state::toString);
    assertNotNull(confirmed.getString("lastCheckedAt"));
    assertEquals(
        "its category stays the same", confirmed.getString("invariant", ""), confirmed::toString);
    assertEquals("failed", byId(state, "expectations", "two-touched").getString("status"));
    var discrepancy =
        state.getJsonArray("assumptions").getValuesAs(JsonObject.class).stream()
            .filter(a -> a.toString().contains("expectation:two-touched"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no discrepancy in " + state));
    assertEquals(0.7, discrepancy.getJsonNumber("confidence").doubleValue());
    assertTrue(
        discrepancy.getString("hypothesis").startsWith("Expected \"two tasks change\" but"),
        discrepancy::toString);
    assertEquals("TASK", byId(state, "entities", taskId).getString("kind"));
    assertTrue(
        state.getString("rendered").contains("[priority-set] confirmed after update_task_priority"),
        state::toString);
    assertTrue(
        state.getString("rendered").contains("invariant: its category stays the same"),
        state::toString);

    var foreign = api.get("/api/agents/" + agentId + "/working-state?threadId=someone-else:tools");
    assertEquals(400, foreign.status(), foreign::toString);
    assertTrue(foreign.body().contains("threadId"), foreign::toString);
    var missing = api.get("/api/agents/" + agentId + "/working-state");
    assertEquals(400, missing.status(), missing::toString);
    assertEquals(404, api.get("/api/agents/no-such-agent/working-state?threadId=x:tools").status());
    var unknownTool =
        api.post(
            "/api/agents/" + agentId + "/tools/declare_expectations",
            """
            {"operationId":"op-%s","arguments":{"expectations":[
              {"id":"x","action":"no_such_tool","expectedOutcome":"?","expectedCount":1}]}}"""
                .formatted(UUID.randomUUID()));
    assertEquals(400, unknownTool.status(), unknownTool::toString);
    assertTrue(unknownTool.body().contains("expectations[0].action"), unknownTool::toString);
  }

  @Test
  void aTaskAgentsRunChecksItsObservationsAndEndsWithItsDeltaApplied() {
    var taskId = task(category());
    var created = api.post("/api/tasks/" + taskId + "/agent", "");
    assertEquals(201, created.status(), created::toString);
    var agentId = created.json().getString("id");

    var run =
        await()
            .atMost(Duration.ofSeconds(90))
            .until(
                () ->
                    // The oldest completed run: the first wake, which records an observation.
                    agents.runs(agentId).stream()
                        .map(JsonValue::asJsonObject)
                        .filter(r -> r.getString("status").equals("completed"))
                        .reduce((newer, older) -> older),
                found -> found.isPresent())
            .orElseThrow();
    var runKey = run.getString("runKey");
    var state = workingState(agentId, run.getString("threadId"));

    var expectation = byId(state, "expectations", "observations-recorded");
    assertEquals("record_observations", expectation.getString("action"));
    assertEquals("confirmed", expectation.getString("status"), state::toString);
    assertFalse(state.getJsonArray("entities").isEmpty(), state::toString);
    assertTrue(
        state.getJsonArray("entities").getValuesAs(JsonObject.class).stream()
            .allMatch(e -> e.getString("kind").equals("AGENT")),
        state::toString);
    assertEquals(runKey, state.getJsonArray("summarisedRuns").getString(0), state::toString);
    assertNotNull(state.getString("lastSummarizedAt"));
    assertTrue(state.getJsonArray("items").isEmpty(), "no call failed: " + state);
  }
}
