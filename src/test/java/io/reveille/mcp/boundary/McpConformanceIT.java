package io.reveille.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.TestIdentities;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance}, pinned with its
 * lockfile in {@code src/test/mcp}) against one agent's endpoint on the running server: the server
 * scenarios that apply to a server of tools and resources. The suite cannot send credentials, so it
 * talks to a forwarding proxy ({@code proxy.mjs}) that adds an administrator's and passes {@code
 * Host} and {@code Origin} through unchanged — the DNS-rebinding scenario's foreign host reaches
 * Reveille as the suite sent it. Needs Node.js and npm: the CI run sets {@code
 * REVEILLE_IT_REQUIRE_NODE}, so there a missing Node fails; elsewhere the test is skipped.
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
    var work = install();
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
        new ProcessBuilder("node", "proxy.mjs", base, TestIdentities.basic(Role.ADMIN))
            .directory(work.toFile())
            .redirectErrorStream(true)
            .start();
    try {
      var port = port(proxy);
      var url = "http://localhost:" + port + "/api/agents/" + agent + "/mcp";
      var failed = new ArrayList<String>();
      for (var scenario : SCENARIOS) {
        var run =
            run(
                work,
                List.of(
                    "node",
                    "node_modules/@modelcontextprotocol/conformance/dist/index.js",
                    "server",
                    "--url",
                    url,
                    "--scenario",
                    scenario));
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

  /** Installs the pinned packages into a work directory under {@code target}. */
  private static Path install() throws IOException, InterruptedException {
    var node = probe(List.of("node", "--version")) && probe(List.of("npm", "--version"));
    if (!node) {
      if (System.getenv("REVEILLE_IT_REQUIRE_NODE") != null) {
        fail("Node.js and npm are required here but node or npm does not run");
      }
      Assumptions.abort("the MCP conformance test needs Node.js and npm on PATH");
    }
    var sources = Path.of("src", "test", "mcp");
    var work = Path.of("target", "mcp-node");
    Files.createDirectories(work);
    for (var file : List.of("package.json", "package-lock.json", "proxy.mjs")) {
      Files.copy(sources.resolve(file), work.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    if (!Files.isDirectory(work.resolve("node_modules/@modelcontextprotocol/conformance"))) {
      var installed =
          run(work, List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"));
      assertEquals(0, installed.exit(), installed::output);
    }
    return work;
  }

  private static boolean probe(List<String> command) {
    try {
      return new ProcessBuilder(command).redirectErrorStream(true).start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /** The port the proxy prints once it listens. */
  private static int port(Process proxy) throws IOException {
    var reader =
        new BufferedReader(new InputStreamReader(proxy.getInputStream(), StandardCharsets.UTF_8));
    var line = reader.readLine();
    assertTrue(line != null && line.startsWith("listening "), "the proxy said: " + line);
    return Integer.parseInt(line.substring("listening ".length()).strip());
  }

  private record Run(int exit, String output) {}

  private static Run run(Path directory, List<String> command)
      throws IOException, InterruptedException {
    var log = Files.createTempFile("mcp-node", ".log");
    try {
      var process =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!process.waitFor(5, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return new Run(-1, "timed out: " + Files.readString(log));
      }
      return new Run(process.exitValue(), Files.readString(log));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
