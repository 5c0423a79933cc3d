package io.reveille.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.McpHttp;
import io.reveille.testing.NodeTools;
import io.reveille.testing.TestIdentities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent's MCP endpoint driven by the official TypeScript SDK's client ({@code
 * @modelcontextprotocol/sdk}, pinned in {@code src/test/mcp}; {@code sdk-client.mjs}) as an MCP
 * client application would: it lists the agent's tools, calls a mutating tool twice with one
 * operation id and causes one effect, is refused a category outside the agent's scope and a tool
 * outside its kind's capabilities, gets a result naming the role for an applying call with a
 * viewer's and an operator's credentials, and is refused without credentials with a 401 that names
 * the protected resource metadata. Needs Node.js and npm ({@link NodeTools}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class McpSdkClientIT {

  private final Api api = new Api();

  @Test
  void theOfficialClientSeesOneEffectPerOperationAndEveryRefusal() throws Exception {
    NodeTools.install();
    var tag = UUID.randomUUID().toString().substring(0, 8);
    var category = created(api.post("/api/categories", "{\"name\":\"sdk-" + tag + "\"}"));
    var other = created(api.post("/api/categories", "{\"name\":\"sdk-other-" + tag + "\"}"));
    var agent = agent("custom", category);
    var planner = agent("dayPlanner", category);
    var base = System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181");
    var settings =
        Json.createObjectBuilder()
            .add("url", base + McpHttp.path(agent))
            .add("plannerUrl", base + McpHttp.path(planner))
            .add("category", category)
            .add("otherCategory", other)
            .add("plannerCategory", category)
            .add("operationId", "sdk-" + tag)
            .add("admin", TestIdentities.basic(Role.ADMIN))
            .add("operator", TestIdentities.basic(Role.OPERATOR))
            .add("viewer", TestIdentities.basic(Role.VIEWER))
            .build();

    var run =
        NodeTools.run(
            List.of("node", "sdk-client.mjs", settings.toString()), Duration.ofMinutes(2));

    assertEquals(0, run.exit(), run::output);
    var lines = run.output().strip().lines().toList();
    var seen = Json.createReader(new StringReader(lines.get(lines.size() - 1))).readObject();
    assertEquals("reveille", seen.getString("serverName"), seen::toString);
    var tools = seen.getJsonArray("tools").getValuesAs(JsonObject.class);
    assertTrue(
        tools.stream()
            .anyMatch(t -> t.getString("name").equals("create_task") && !t.getBoolean("readOnly")),
        tools::toString);

    var first = seen.getJsonObject("first");
    var again = seen.getJsonObject("again");
    assertFalse(first.getBoolean("isError"), first::toString);
    assertFalse(first.getJsonObject("structured").getBoolean("replayed"));
    assertTrue(again.getJsonObject("structured").getBoolean("replayed"), again::toString);
    assertEquals(
        first.getJsonObject("structured").getString("toolActionId"),
        again.getJsonObject("structured").getString("toolActionId"));
    assertEquals(
        1,
        api.getAll("/api/tasks?limit=50&categoryId=" + category).size(),
        "one operation, one task");

    assertRefused(seen.getJsonObject("outOfScope"), "out_of_scope");
    assertRefused(seen.getJsonObject("outsideCapability"), "capability_denied");
    var viewer = seen.getJsonObject("viewer");
    assertTrue(viewer.getBoolean("isError"), viewer::toString);
    assertTrue(viewer.getString("text").contains("needs role operator"), viewer::toString);
    var operator = seen.getJsonObject("operator");
    assertTrue(operator.getBoolean("isError"), operator::toString);
    assertTrue(operator.getString("text").contains("needs role admin"), operator::toString);

    assertTrue(seen.getString("anonymous").contains("401"), seen::toString);
    var refused = seen.getJsonObject("unauthenticated");
    assertEquals(401, refused.getInt("status"));
    assertTrue(
        refused
            .getString("challenge")
            .contains(
                "resource_metadata=\""
                    + base.replace("localhost", "127.0.0.1")
                    + "/.well-known/oauth-protected-resource"
                    + McpHttp.path(agent)
                    + "\""),
        refused::toString);
    assertEquals(
        1,
        api.getAll("/api/tasks?limit=50&categoryId=" + category).size(),
        "no refused call made a task");
  }

  private static void assertRefused(JsonObject outcome, String code) {
    assertTrue(outcome.getBoolean("isError"), outcome::toString);
    assertEquals(
        code, outcome.getJsonObject("structured").getString("errorCode"), outcome::toString);
  }

  private String agent(String kind, String category) {
    return created(
        api.post(
            "/api/agents",
            "{\"kind\":\""
                + kind
                + "\",\"displayName\":\"sdk "
                + kind
                + "\",\"allowedCategoryIds\":[\""
                + category
                + "\"]}"));
  }

  private static String created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }
}
