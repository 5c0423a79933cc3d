package io.reveille.tool.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The tool catalog, its contract and a tool call over HTTP against the running server. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ToolsResourceIT {

  private final Api api = new Api();

  @Test
  void theContractIsServedAsJsonAndAsItsYamlSourceWithEveryTool() {
    var json = api.get("/api/tools/contract");
    assertEquals(200, json.status(), json.body());
    var contracted =
        json.json().getJsonArray("tools").getValuesAs(JsonObject.class).stream()
            .map(tool -> tool.getString("name"))
            .collect(Collectors.toCollection(TreeSet::new));
    var catalog = api.get("/api/tools");
    var listed =
        catalog.structure().asJsonArray().getValuesAs(JsonObject.class).stream()
            .map(tool -> tool.getString("name"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(listed, contracted, "GET /api/tools/contract returns every tool");

    var yaml = api.get("/api/tools/contract", "application/yaml");
    assertEquals(200, yaml.status());
    assertTrue(yaml.contentType().startsWith("application/yaml"), yaml.contentType());
    assertTrue(yaml.body().contains("contractVersion: 1"));
  }

  @Test
  void aToolRunsOnBehalfOfAnAgentAndAReplayReturnsTheSameReceipt() {
    var category =
        api.post("/api/categories", "{\"name\":\"rest-tools-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var task =
        api.post("/api/tasks", "{\"title\":\"Over HTTP\",\"categoryId\":\"" + category + "\"}")
            .json()
            .getString("id");
    var agent =
        api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"rest-tools\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"]}")
            .json()
            .getString("id");
    var body =
        "{\"operationId\":\"op-"
            + UUID.randomUUID()
            + "\",\"arguments\":{\"taskId\":\""
            + task
            + "\",\"priority\":\"p0\"}}";

    var first = api.post("/api/agents/" + agent + "/tools/update_task_priority", body);
    var again = api.post("/api/agents/" + agent + "/tools/update_task_priority", body);

    assertEquals(200, first.status(), first.body());
    assertEquals("success", first.json().getString("status"));
    assertEquals(false, first.json().getBoolean("replayed"));
    assertEquals(200, again.status());
    assertEquals(true, again.json().getBoolean("replayed"));
    assertEquals(first.json().getString("toolActionId"), again.json().getString("toolActionId"));
    assertEquals("p0", api.get("/api/tasks/" + task).json().getString("priority"));
    assertEquals(
        task,
        first
            .json()
            .getJsonArray("changedEntityIds")
            .getValuesAs(JsonString.class)
            .get(0)
            .getString());
  }

  @Test
  void concurrentCallsOfOneAgentQueueInsteadOfFailing() throws Exception {
    var category =
        api.post("/api/categories", "{\"name\":\"rest-concurrent-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var task =
        api.post("/api/tasks", "{\"title\":\"Busy\",\"categoryId\":\"" + category + "\"}")
            .json()
            .getString("id");
    var agent =
        api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"rest-concurrent\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"]}")
            .json()
            .getString("id");
    var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      var calls = new java.util.ArrayList<java.util.concurrent.Future<Api.Response>>();
      for (var i = 0; i < 16; i++) {
        var body =
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"arguments\":{\"taskId\":\""
                + task
                + "\",\"estimateMinutes\":"
                + (10 + i)
                + "}}";
        calls.add(
            pool.submit(
                () -> api.post("/api/agents/" + agent + "/tools/update_task_estimate", body)));
      }
      for (var call : calls) {
        var response = call.get();
        assertEquals(200, response.status(), response.body());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void refusalsCarryTheirHttpStatusAndABadBodyIsAProblem() {
    var agent =
        api.post("/api/agents", "{\"kind\":\"custom\",\"displayName\":\"rest-refusals\"}")
            .json()
            .getString("id");

    var outOfScope =
        api.post(
            "/api/agents/" + agent + "/tools/create_task",
            "{\"operationId\":\"op-1\",\"arguments\":{\"title\":\"x\",\"categoryId\":\"elsewhere\"}}");
    assertEquals(403, outOfScope.status(), outOfScope.body());
    assertEquals("out_of_scope", outOfScope.json().getString("errorCode"));

    var invalid =
        api.post(
            "/api/agents/" + agent + "/tools/update_task_priority",
            "{\"operationId\":\"op-2\",\"arguments\":{\"priority\":7}}");
    assertEquals(400, invalid.status());
    assertEquals("invalid_arguments", invalid.json().getString("errorCode"));

    var unknownField =
        api.post("/api/agents/" + agent + "/tools/list_allowed_categories", "{\"args\":{}}");
    assertEquals(400, unknownField.status());
    assertTrue(unknownField.contentType().startsWith("application/problem+json"));

    assertEquals(
        404, api.post("/api/agents/no-such-agent/tools/list_allowed_categories", "{}").status());
  }
}
