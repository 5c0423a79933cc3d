package io.reveille.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.NodeTools;
import io.reveille.testing.TestIdentities;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance}, pinned with its
 * lockfile in {@code src/test/mcp}) against one agent's endpoint on the running server: the server
 * scenarios that apply to a server of tools and resources. The suite cannot send credentials, so it
 * talks to a forwarding proxy ({@code proxy.mjs}) that adds an administrator's and passes {@code
 * Host} and {@code Origin} through unchanged — the DNS-rebinding scenario's foreign host reaches
 * Reveille as the suite sent it. Needs Node.js and npm ({@link NodeTools}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class McpConformanceIT {

  /** The scenarios of the suite that apply to a server without the suite's own fixture tools. */
  static final List<String> SCENARIOS =
      List.of(
          "server-initialize",
          "ping",
          "tools-list",
          "logging-set-level",
          "resources-list",
          "dns-rebinding-protection",
          "server-sse-multiple-streams");

  private final Api api = new Api();

  @Test
  void theServerScenariosThatApplyPass() throws Exception {
    NodeTools.install();
    var category =
        created(api.post("/api/categories", "{\"name\":\"mcp-conf-" + UUID.randomUUID() + "\"}"));
    var agent =
        created(
            api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"conformance\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"]}"));
    var base = System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181");
    var proxy =
        NodeTools.start(List.of("node", "proxy.mjs", base, TestIdentities.basic(Role.ADMIN)));
    try {
      var port = port(proxy);
      var url = "http://localhost:" + port + "/api/agents/" + agent + "/mcp";
      var failed = new ArrayList<String>();
      for (var scenario : SCENARIOS) {
        var run =
            NodeTools.run(
                List.of(
                    "node",
                    "node_modules/@modelcontextprotocol/conformance/dist/index.js",
                    "server",
                    "--url",
                    url,
                    "--scenario",
                    scenario),
                Duration.ofMinutes(2));
        if (run.exit() != 0) {
          failed.add(scenario + " (exit " + run.exit() + "):\n" + run.output());
        }
      }
      assertEquals(List.of(), failed, "conformance scenarios that failed");
    } finally {
      proxy.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static String created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  /** The port the proxy prints once it listens. */
  private static int port(Process proxy) throws IOException {
    var reader =
        new BufferedReader(new InputStreamReader(proxy.getInputStream(), StandardCharsets.UTF_8));
    var line = reader.readLine();
    assertTrue(line != null && line.startsWith("listening "), "the proxy said: " + line);
    return Integer.parseInt(line.substring("listening ".length()).strip());
  }
}
