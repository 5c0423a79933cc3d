package io.reveille.mcp.control.client;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.calling;
import static io.reveille.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Api;
import io.reveille.testing.NodeTools;
import io.reveille.testing.Poll;
import io.reveille.testing.ThinkingAgents;
import io.reveille.tool.control.ToolRegistry;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reveille's agents using an MCP server's tools, on the real server: the reference 'everything'
 * server ({@code @modelcontextprotocol/server-everything}, pinned in {@code src/test/mcp}), which
 * the test server runs over stdio and this test starts over Streamable HTTP, both declared in the
 * test server's MCP servers document. A model-backed agent's scripted model calls {@code echo} on
 * each and a tool the document classifies as mutating; the results reach the run, the model and
 * (the mutating call's) the ledger. The same call, cut by the stdio server's death (SIGKILL),
 * leaves the model's run waiting in doubt until an operator resolves the call and resumes the run,
 * whose model then reads the resolution; by then Reveille has started the server again.
 *
 * <p>The test server's custom agents have no model guard, so a model's mutating external call runs
 * rather than waiting for an admin's approval (held calls have tests of their own).
 */
@ExtendWith(ArquillianExtension.class)
class McpClientIT {

  static final String STDIO_ECHO = "mcp__everything__echo";
  static final String HTTP_ECHO = "mcp__everythinghttp__echo";
  static final String LONG = "mcp__everything__trigger_long_running_operation";

  @Inject AgentService agents;
  @Inject InferenceGateway gateway;
  @Inject ToolRegistry registry;

  @Test
  void aModelCallsAnMcpToolOverStdioAndOverStreamableHttpAndReadsItsResult() throws Exception {
    NodeTools.install();
    var port = httpServerPort();
    var http =
        NodeTools.start(
            List.of(
                "node",
                "--import",
                "./loopback.mjs",
                "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
                "streamableHttp"),
            Map.of("PORT", String.valueOf(port)));
    var marker = "mcp-client-" + UUID.randomUUID();
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerByStep(
                marker,
                List.of(
                    calling(STDIO_ECHO, message("stdio " + marker)),
                    calling(HTTP_ECHO, message("http " + marker)),
                    calling(LONG, longRunning(1, 1)),
                    answering("Both servers echoed.")));
    String agentId = null;
    try {
      Poll.until(
          Duration.ofSeconds(90),
          () -> registry.find(STDIO_ECHO).isPresent() && registry.find(HTTP_ECHO).isPresent());
      var echo = registry.find(STDIO_ECHO).orElseThrow();
      assertEquals("readOnly", echo.sideEffect().wire(), "its hints say it only reads");
      assertEquals(
          "external",
          registry.find(LONG).orElseThrow().sideEffect().wire(),
          "the document classifies it as mutating over its hints");
      assertTrue(
          registry.find("mcp__everything__get_env").isEmpty(), "a tool not allowed is left out");
      ClosedCircuit.await(gateway);
      agentId = agents.create(ThinkingAgents.thinking("Echoer", marker)).agent().getId();
      var woken = Api.inServer().post("/api/agents/" + agentId + "/wakes", "");
      assertEquals(202, woken.status(), woken::toString);
      var runKey = woken.json().getString("runKey");
      awaitStatus(runKey, "completed");
      assertTrue(
          model.requestsMentioning("Echo: stdio " + marker) > 0,
          "the stdio server's answer reached the model");
      assertTrue(
          model.requestsMentioning("Echo: http " + marker) > 0,
          "the HTTP server's answer reached the model");
      var detail = run(runKey);
      assertTrue(detail.toString().contains("Echo: stdio " + marker), detail::toString);
      var row = ledger(Api.inServer(), agentId).orElseThrow();
      assertEquals("succeeded", row.getString("status"), row::toString);
      assertEquals(runKey, row.getString("runKey"), row::toString);
      assertEquals("external", row.getString("sideEffect"), row::toString);
      assertTrue(
          row.getJsonObject("result").toString().contains("Long running operation completed"),
          row::toString);
    } finally {
      model.forget(marker);
      http.destroyForcibly().waitFor();
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  @Test
  void aMutatingCallCutByTheServersDeathWaitsInDoubtUntilAnOperatorResolvesIt() throws Exception {
    NodeTools.install();
    Poll.until(Duration.ofSeconds(90), () -> registry.find(LONG).isPresent());
    var marker = "mcp-doubt-" + UUID.randomUUID();
    var resolution = "done by hand " + marker;
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerByStep(
                marker,
                List.of(calling(LONG, longRunning(60, 2)), answering("The operation is done.")));
    var api = Api.inServer();
    String agentId = null;
    try {
      ClosedCircuit.await(gateway);
      agentId = agents.create(ThinkingAgents.thinking("Operator", marker)).agent().getId();
      var id = agentId;
      Poll.until(Duration.ofSeconds(30), () -> stdioServer().isPresent());
      var woken = api.post("/api/agents/" + agentId + "/wakes", "");
      assertEquals(202, woken.status(), woken::toString);
      var runKey = woken.json().getString("runKey");
      Poll.until(
          Duration.ofSeconds(60),
          () -> ledger(api, id).map(row -> row.getString("status")).orElse("").equals("running"),
          () ->
              "ledger "
                  + api.get("/api/agents/" + id + "/tool-calls").body()
                  + ", run "
                  + run(runKey));
      var server = stdioServer().orElseThrow();
      server.destroyForcibly();
      awaitStatus(runKey, "waiting");
      var row = ledger(api, agentId).orElseThrow();
      assertTrue(row.getBoolean("inDoubt"), row::toString);
      assertEquals(runKey, row.getString("runKey"), row::toString);
      assertEquals(0, model.requestsMentioning(resolution), "the model has not read it yet");

      var resolved =
          api.post(
              "/api/agents/"
                  + agentId
                  + "/tool-calls/"
                  + row.getString("idempotencyKey")
                  + "/resolution",
              "{\"applied\":true,\"result\":{\"text\":\""
                  + resolution
                  + "\",\"content\":[]},\"note\":\"the operation finished on the other side\"}");
      assertEquals(200, resolved.status(), resolved::toString);
      assertEquals("succeeded", resolved.json().getString("status"));
      var resumed = api.post("/api/runs/" + runKey + "/resume", "");
      assertTrue(resumed.status() < 300, resumed::toString);
      awaitStatus(runKey, "completed");
      assertTrue(model.requestsMentioning(resolution) > 0, "the model read the resolution");
      Poll.until(
          Duration.ofSeconds(60),
          () -> stdioServer().filter(p -> p.pid() != server.pid()).isPresent());
    } finally {
      model.forget(marker);
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  /** The port of the Streamable HTTP server the test server's MCP servers document names. */
  private static int httpServerPort() throws java.io.IOException {
    var document =
        java.nio.file.Files.readString(
            java.nio.file.Path.of(
                ConfigProvider.getConfig().getValue("reveille.mcp.servers.file", String.class)));
    var matcher =
        java.util.regex.Pattern.compile("http://127[.]0[.]0[.]1:([0-9]+)/mcp").matcher(document);
    if (!matcher.find()) {
      throw new IllegalStateException("no Streamable HTTP server in " + document);
    }
    return Integer.parseInt(matcher.group(1));
  }

  private static JsonObject longRunning(int seconds, int steps) {
    return Json.createObjectBuilder().add("duration", seconds).add("steps", steps).build();
  }

  private static JsonObject message(String text) {
    return Json.createObjectBuilder().add("message", text).build();
  }

  /** The stdio server the test server runs: its child process running the 'everything' server. */
  private static Optional<ProcessHandle> stdioServer() {
    return ProcessHandle.current()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .filter(
            p ->
                p.info()
                    .arguments()
                    .map(List::of)
                    .map(
                        args ->
                            args.contains("stdio")
                                && String.join(" ", args).contains("server-everything"))
                    .orElse(false))
        .findFirst();
  }

  private static Optional<JsonObject> ledger(Api api, String agentId) {
    return api.get("/api/agents/" + agentId + "/tool-calls").structure().asJsonArray().stream()
        .map(value -> value.asJsonObject())
        .filter(call -> call.getString("toolName").equals(LONG))
        .findFirst();
  }
}
