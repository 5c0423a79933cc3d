package io.reveille.mcp.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.McpHttp;
import io.reveille.testing.TestIdentities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reveille's MCP server over Streamable HTTP against the running server: a session on one agent's
 * endpoint lists the agent's own tools with their hints, calls one through the executor (a mutating
 * call with one operation id runs once; a category outside the agent's scope and a tool outside its
 * kind's capabilities are refused as tool results), answers a call above the caller's role with a
 * result naming the role, reads and subscribes to the agent's report (one event when it changes),
 * and refuses what the transport says to refuse: no credentials (401 naming the metadata), a
 * session that is not the caller's, a foreign host or origin, a message that is not JSON-RPC.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class McpEndpointIT {

  private final Api api = new Api();

  private record World(String category, String agent) {}

  private World world(String kind) {
    return world(kind, "");
  }

  /** A category and an agent of {@code kind} scoped to it; {@code extra} adds fields. */
  private World world(String kind, String extra) {
    var tag = UUID.randomUUID().toString().substring(0, 8);
    var category = created(api.post("/api/categories", "{\"name\":\"mcp-" + tag + "\"}"));
    var agent =
        created(
            api.post(
                "/api/agents",
                "{\"kind\":\""
                    + kind
                    + "\",\"displayName\":\"mcp "
                    + tag
                    + "\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"]"
                    + extra
                    + "}"));
    return new World(category, agent);
  }

  private static String created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  @Test
  void aSessionListsTheAgentsToolsWithTheirHintsAndAnswersTheProtocolsSmallMethods() {
    var world = world("custom");
    var mcp = McpHttp.open(api, world.agent());
    var init = mcp.initialized();
    assertEquals("2025-11-25", init.getString("protocolVersion"));
    assertTrue(
        init.getJsonObject("capabilities").getJsonObject("resources").getBoolean("subscribe"));
    assertEquals("reveille", init.getJsonObject("serverInfo").getString("name"));

    var tools = mcp.result("tools/list", "{}").getJsonArray("tools").getValuesAs(JsonObject.class);
    var create = find(tools, "create_task");
    assertEquals("object", create.getJsonObject("inputSchema").getString("type"));
    assertEquals(
        "https://json-schema.org/draft/2020-12/schema",
        create.getJsonObject("inputSchema").getString("$schema"));
    assertFalse(create.getJsonObject("annotations").getBoolean("readOnlyHint"));
    assertTrue(create.getJsonObject("annotations").getBoolean("destructiveHint"));
    var read = find(tools, "list_tasks_in_scope");
    assertTrue(read.getJsonObject("annotations").getBoolean("readOnlyHint"));
    assertTrue(read.getJsonObject("annotations").getBoolean("idempotentHint"));
    assertTrue(tools.stream().allMatch(t -> !t.getString("description").isBlank()));

    var planner = McpHttp.open(api, world("dayPlanner").agent());
    var plannerTools =
        planner.result("tools/list", "{}").getJsonArray("tools").getValuesAs(JsonObject.class);
    assertTrue(
        plannerTools.stream().noneMatch(t -> t.getString("name").equals("create_task")),
        "a day planner holds no taskWrite: create_task is not in its catalogue");

    assertEquals(Json.createObjectBuilder().build(), mcp.result("ping", null));
    assertEquals(
        Json.createObjectBuilder().build(),
        mcp.result("logging/setLevel", "{\"level\":\"warning\"}"));
    assertEquals(-32602, mcp.error("logging/setLevel", "{\"level\":\"loud\"}"));
    assertEquals(-32601, mcp.error("prompts/list", "{}"));
    assertEquals(-32602, mcp.error("tools/call", "{\"arguments\":{}}"));

    var resources =
        mcp.result("resources/list", "{}").getJsonArray("resources").getValuesAs(JsonObject.class);
    assertEquals(
        List.of(
            "reveille://agents/" + world.agent() + "/report",
            "reveille://agents/" + world.agent() + "/observations"),
        resources.stream().map(r -> r.getString("uri")).toList());
    assertEquals(
        "reveille://agents/" + world.agent() + "/working-state/{threadId}",
        mcp.result("resources/templates/list", "{}")
            .getJsonArray("resourceTemplates")
            .getJsonObject(0)
            .getString("uriTemplate"));
    assertEquals(
        -32002,
        mcp.error("resources/read", "{\"uri\":\"reveille://agents/" + world.agent() + "/report\"}"),
        "no report yet");
    var observations =
        mcp.result(
            "resources/read", "{\"uri\":\"reveille://agents/" + world.agent() + "/observations\"}");
    assertEquals(
        "application/json",
        observations.getJsonArray("contents").getJsonObject(0).getString("mimeType"));
    assertEquals(
        -32002,
        mcp.error("resources/read", "{\"uri\":\"reveille://agents/another/report\"}"),
        "another agent's resource is not on this endpoint");
  }

  @Test
  void aMutatingCallWithOneOperationIdRunsOnceAndRefusalsAreToolResults() {
    var world = world("custom");
    var mcp = McpHttp.open(api, world.agent());
    var operation = "{\"operationId\":\"mcp-op-" + UUID.randomUUID() + "\"}";
    var arguments = "{\"title\":\"Via MCP\",\"categoryId\":\"" + world.category() + "\"}";

    var first = mcp.call("create_task", arguments, operation);
    var again = mcp.call("create_task", arguments, operation);

    assertFalse(first.getBoolean("isError"), first::toString);
    assertEquals("success", first.getJsonObject("structuredContent").getString("status"));
    assertFalse(first.getJsonObject("structuredContent").getBoolean("replayed"));
    assertTrue(again.getJsonObject("structuredContent").getBoolean("replayed"), again::toString);
    assertEquals(
        first.getJsonObject("structuredContent").getString("toolActionId"),
        again.getJsonObject("structuredContent").getString("toolActionId"));
    assertEquals(
        1, api.getAll("/api/tasks?limit=50&categoryId=" + world.category()).size(), "one task");

    // Without an operation id the session and the JSON-RPC id make one: the same request again
    // (a client's retry) is answered from the receipt.
    var request =
        "{\"jsonrpc\":\"2.0\",\"id\":\"retry-1\",\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"create_task\",\"arguments\":{\"title\":\"Retried\",\"categoryId\":\""
            + world.category()
            + "\"}}}";
    var sent = mcp.post(request, Map.of()).json().getJsonObject("result");
    var resent = mcp.post(request, Map.of()).json().getJsonObject("result");
    assertFalse(sent.getJsonObject("structuredContent").getBoolean("replayed"), sent::toString);
    assertTrue(resent.getJsonObject("structuredContent").getBoolean("replayed"), resent::toString);
    assertEquals(
        2, api.getAll("/api/tasks?limit=50&categoryId=" + world.category()).size(), "two tasks");

    var elsewhere = world("custom");
    var outOfScope =
        mcp.call(
            "create_task",
            "{\"title\":\"Elsewhere\",\"categoryId\":\"" + elsewhere.category() + "\"}",
            null);
    assertTrue(outOfScope.getBoolean("isError"), outOfScope::toString);
    assertEquals(
        "out_of_scope", outOfScope.getJsonObject("structuredContent").getString("errorCode"));

    var planner = world("dayPlanner");
    var denied =
        McpHttp.open(api, planner.agent())
            .call(
                "create_task",
                "{\"title\":\"Not mine\",\"categoryId\":\"" + planner.category() + "\"}",
                null);
    assertTrue(denied.getBoolean("isError"), denied::toString);
    assertEquals(
        "capability_denied", denied.getJsonObject("structuredContent").getString("errorCode"));

    var ledger = api.get("/api/agents/" + world.agent() + "/tool-calls").structure().asJsonArray();
    assertTrue(ledger.size() >= 3, "every call is in the agent's ledger: " + ledger);
  }

  @Test
  void aCallWithAProgressTokenIsAnsweredOnAStreamThatTellsHowItWent() {
    var world = world("custom");
    var mcp = McpHttp.open(api, world.agent());
    var answer =
        mcp.post(
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"create_task\",\"arguments\":{\"title\":\"With progress\",\"categoryId\":\""
                + world.category()
                + "\"},\"_meta\":{\"progressToken\":\"p-7\"}}}",
            Map.of());
    assertEquals(200, answer.status(), answer::toString);
    assertTrue(answer.contentType().startsWith("text/event-stream"), answer::toString);
    var messages =
        answer
            .body()
            .lines()
            .filter(line -> line.startsWith("data:"))
            .map(
                line -> Json.createReader(new StringReader(line.substring(5).strip())).readObject())
            .toList();
    assertEquals(3, messages.size(), answer::body);
    assertEquals("notifications/progress", messages.get(0).getString("method"));
    assertEquals("p-7", messages.get(0).getJsonObject("params").getString("progressToken"));
    assertEquals(0, messages.get(0).getJsonObject("params").getInt("progress"));
    assertEquals(1, messages.get(1).getJsonObject("params").getInt("progress"));
    assertEquals("done", messages.get(1).getJsonObject("params").getString("message"));
    assertEquals(7, messages.get(2).getInt("id"));
    assertFalse(messages.get(2).getJsonObject("result").getBoolean("isError"), answer::body);
  }

  @Test
  void aCallAboveTheCallersRoleIsAToolResultNamingTheRole() {
    var world = world("custom");
    var arguments = "{\"title\":\"Not applied\",\"categoryId\":\"" + world.category() + "\"}";
    var viewer = McpHttp.open(api.as(Role.VIEWER), world.agent());
    assertFalse(viewer.result("tools/list", "{}").getJsonArray("tools").isEmpty());
    var refused = viewer.call("create_task", arguments, null);
    assertTrue(refused.getBoolean("isError"), refused::toString);
    assertTrue(text(refused).contains("needs role operator"), refused::toString);

    var operator = McpHttp.open(api.as(Role.OPERATOR), world.agent());
    var applying = operator.call("create_task", arguments, null);
    assertTrue(applying.getBoolean("isError"), applying::toString);
    assertTrue(text(applying).contains("needs role admin"), applying::toString);
    var source = task(world.category(), "Source");
    var preview =
        operator.call(
            "create_follow_up_task",
            "{\"sourceTaskId\":\"" + source + "\",\"newTaskTitle\":\"Follow-up\"}",
            "{\"io.reveille/previewOnly\":true}");
    assertFalse(preview.getBoolean("isError"), preview::toString);
    assertTrue(preview.getJsonObject("structuredContent").getBoolean("preview"), preview::toString);
    assertEquals(
        1,
        api.getAll("/api/tasks?limit=50&categoryId=" + world.category()).size(),
        "only the source task: nothing was applied");
  }

  @Test
  void theTransportRefusesWhatItMust() {
    var world = world("custom");
    var path = McpHttp.path(world.agent());
    var accept = Map.of("Accept", "application/json, text/event-stream");

    var anonymous = api.as((String) null).send("POST", path, McpHttp.INITIALIZE, accept);
    assertEquals(401, anonymous.status());
    var metadata =
        "http://127.0.0.1:"
            + URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"))
                .getPort()
            + "/.well-known/oauth-protected-resource"
            + path;
    assertTrue(
        anonymous.raw().headers().allValues("WWW-Authenticate").stream()
            .anyMatch(
                v ->
                    v.startsWith("Bearer") && v.contains("resource_metadata=\"" + metadata + "\"")),
        () -> anonymous.raw().headers().toString());
    var document = api.as((String) null).get("/.well-known/oauth-protected-resource" + path);
    assertEquals(200, document.status(), document::toString);
    assertTrue(document.json().getString("resource").endsWith(path), document::toString);
    assertEquals(
        TestIdentities.ISSUER,
        document.json().getJsonArray("authorization_servers").getString(0),
        document::toString);

    var mcp = McpHttp.open(api, world.agent());
    var stolen =
        api.as(Role.OPERATOR)
            .send(
                "POST",
                path,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
                Map.of(McpHttp.SESSION, mcp.session()));
    assertEquals(404, stolen.status(), "another principal's session does not exist for it");
    var none = api.send("POST", path, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", accept);
    assertEquals(400, none.status(), none::toString);
    var badVersion =
        mcp.post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
            Map.of(McpHttp.VERSION, "1999-01-01"));
    assertEquals(400, badVersion.status(), badVersion::toString);
    var notJson = mcp.post("{\"jsonrpc\":", Map.of());
    assertEquals(400, notJson.status());
    assertEquals(-32700, notJson.json().getJsonObject("error").getInt("code"));
    var batch = mcp.post("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", Map.of());
    assertEquals(-32600, batch.json().getJsonObject("error").getInt("code"));

    var foreignOrigin =
        mcp.post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
            Map.of("Origin", "http://evil.example.com"));
    assertEquals(403, foreignOrigin.status(), foreignOrigin::toString);

    var closed = api.send("DELETE", path, null, Map.of(McpHttp.SESSION, mcp.session()));
    assertEquals(204, closed.status(), closed::toString);
    var after = mcp.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", Map.of());
    assertEquals(404, after.status(), "a closed session is gone: " + after);
  }

  @Test
  void aPrincipalAtItsSessionLimitLosesItsLeastRecentlyUsedSession() {
    var world = world("custom");
    var viewer = api.as(Role.VIEWER);
    var ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    // The default limit, reveille.mcp.max-sessions-per-principal.
    var limit = 32;
    var sessions = new java.util.ArrayList<McpHttp>();
    for (var i = 0; i < limit; i++) {
      sessions.add(McpHttp.open(viewer, world.agent()));
    }
    // Last use is kept to the minute: within it, the order of opening decides.
    var newest = McpHttp.open(viewer, world.agent());
    assertEquals(404, sessions.get(0).post(ping, Map.of()).status(), "the oldest was closed");
    assertEquals(200, sessions.get(1).post(ping, Map.of()).status());
    assertEquals(200, newest.post(ping, Map.of()).status());
  }

  @Test
  void aSubscribedReportChangeIsToldOnTheSessionsStreamOnce() throws Exception {
    // An agent whose wake runs a one-step plan and writes its report.
    var category =
        created(api.post("/api/categories", "{\"name\":\"mcp-plan-" + UUID.randomUUID() + "\"}"));
    var task = task(category, "Planned");
    var agent =
        created(
            api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"mcp plan\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"],\"config\":{\"plan\":[{\"tool\":\"update_task_priority\","
                    + "\"arguments\":{\"taskId\":\""
                    + task
                    + "\",\"priority\":\"p1\"}}]}}"));
    var world = new World(category, agent);
    var mcp = McpHttp.open(api, world.agent());
    var report = "reveille://agents/" + world.agent() + "/report";
    assertEquals(
        Json.createObjectBuilder().build(),
        mcp.result("resources/subscribe", "{\"uri\":\"" + report + "\"}"));
    assertEquals(
        -32602,
        mcp.error(
            "resources/subscribe",
            "{\"uri\":\"reveille://agents/" + world.agent() + "/observations\"}"));

    var base = URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
    var events = new CopyOnWriteArrayList<String>();
    var client = HttpClient.newHttpClient();
    var stream =
        client.sendAsync(
            HttpRequest.newBuilder(base.resolve(McpHttp.path(world.agent())))
                .header("Accept", "text/event-stream")
                .header("Authorization", TestIdentities.basic(Role.ADMIN))
                .header(McpHttp.SESSION, mcp.session())
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    var reader =
        new Thread(
            () -> {
              try (var in =
                  new BufferedReader(
                      new InputStreamReader(stream.join().body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                  events.add(line);
                }
              } catch (Exception gone) {
                // the test ends the stream
              }
            });
    reader.setDaemon(true);
    reader.start();
    try {
      assertEquals(200, stream.get().statusCode());
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> events.stream().anyMatch(l -> l.startsWith("id:")));
      new io.reveille.testing.Agents(api).awaitManualWake(world.agent());
      try {
        await()
            .atMost(Duration.ofSeconds(60))
            .until(
                () -> events.stream().anyMatch(l -> l.contains("notifications/resources/updated")));
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        throw new AssertionError(
            "no notification; events "
                + events
                + ", report "
                + api.get("/api/agents/" + world.agent() + "/report"),
            e);
      }
      var data =
          events.stream()
              .filter(l -> l.contains("notifications/resources/updated"))
              .findFirst()
              .orElseThrow();
      var notification =
          Json.createReader(new StringReader(data.substring("data:".length()).strip()))
              .readObject();
      assertEquals(report, notification.getJsonObject("params").getString("uri"));
      var read = mcp.result("resources/read", "{\"uri\":\"" + report + "\"}");
      assertEquals(
          "text/markdown", read.getJsonArray("contents").getJsonObject(0).getString("mimeType"));
    } finally {
      stream.cancel(true);
      reader.interrupt();
    }
  }

  private String task(String category, String title) {
    return created(
        api.post(
            "/api/tasks", "{\"title\":\"" + title + "\",\"categoryId\":\"" + category + "\"}"));
  }

  private static JsonObject find(List<JsonObject> tools, String name) {
    return tools.stream()
        .filter(t -> t.getString("name").equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError(name + " is not listed: " + tools));
  }

  private static String text(JsonObject result) {
    return result.getJsonArray("content").getJsonObject(0).getString("text");
  }
}
