package io.reveille.agent.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The agent lifecycle over HTTP, as a user drives it with curl. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AgentsResourceIT {

  private final Api api = new Api();

  @Test
  void agentGoesThroughItsWholeLifecycleAndEachStepIsVisible() {
    var created =
        api.post(
            "/api/agents",
            """
        {"kind":"custom","displayName":"Lifecycle","mode":"hybrid",
         "allowedCategoryIds":["work","gym"],
         "config":{"instructions":"Report changes.","extension":{"acme.color":"blue"}},
         "slots":{"primaryGoal":"stay informed"}}""");
    assertEquals(201, created.status(), created::toString);
    var agent = created.json();
    var id = agent.getString("id");
    assertEquals("active", agent.getString("lifecycle"));
    assertEquals("hybrid", agent.getString("mode"));
    assertTrue(created.header("Location").endsWith("/api/agents/" + id));
    assertEquals("\"" + agent.getJsonNumber("version").longValue() + "\"", created.header("ETag"));
    assertEquals("Report changes.", agent.getJsonObject("config").getString("instructions"));
    assertEquals("stay informed", agent.getJsonObject("slots").getString("primaryGoal"));

    assertLifecycle(id, "active");
    assertEquals(200, api.post("/api/agents/" + id + "/pause", "").status());
    assertLifecycle(id, "dormant");
    assertEquals(200, api.post("/api/agents/" + id + "/resume", "").status());
    assertLifecycle(id, "active");
    var destroyed = api.post("/api/agents/" + id + "/destroy", "");
    assertEquals(200, destroyed.status());
    assertNotNull(destroyed.json().getString("destroyedAt"));
    assertLifecycle(id, "destroyed");

    assertEquals(204, api.delete("/api/agents/" + id).status());
    var gone = api.get("/api/agents/" + id);
    assertProblem(gone, 404);
  }

  @Test
  void agentCanStartInCreatedAndIsListedByLifecycleAndKind() {
    var id =
        create(
                """
        {"kind":"custom","displayName":"Waiting","lifecycle":"created"}""")
            .getString("id");
    assertLifecycle(id, "created");
    assertTrue(
        api.getAll("/api/agents?lifecycle=created&kind=custom").stream()
            .anyMatch(v -> v.getString("id").equals(id)));
    assertTrue(
        api.getAll("/api/agents?lifecycle=active&limit=500").stream()
            .noneMatch(v -> v.getString("id").equals(id)));
  }

  @Test
  void patchWithStaleIfMatchIsRefusedAndChangesNothing() {
    var agent =
        create(
            """
        {"kind":"custom","displayName":"Original"}""");
    var id = agent.getString("id");
    var etag = "\"" + agent.getJsonNumber("version").longValue() + "\"";

    var first =
        api.patch(
            "/api/agents/" + id,
            """
        {"displayName":"First"}""",
            etag);
    assertEquals(200, first.status(), first::toString);
    assertEquals("First", first.json().getString("displayName"));
    var newEtag = first.header("ETag");
    assertTrue(!etag.equals(newEtag), "the version moves on every change");

    var stale =
        api.patch(
            "/api/agents/" + id,
            """
        {"displayName":"Second"}""",
            etag);
    assertProblem(stale, 412);

    var now = api.get("/api/agents/" + id);
    assertEquals("First", now.json().getString("displayName"));
    assertEquals(newEtag, now.header("ETag"));
  }

  @Test
  void slotsChangeMovesTheAgentVersionAndIsShownInState() {
    var id =
        create(
                """
        {"kind":"custom","displayName":"Slots"}""")
            .getString("id");
    var before = api.get("/api/agents/" + id).header("ETag");
    var patched =
        api.patch(
            "/api/agents/" + id,
            """
        {"slots":{"activeTaskId":"task-1","openLoopIds":["a","b"]}}""",
            before);
    assertEquals(200, patched.status(), patched::toString);
    assertTrue(!before.equals(patched.header("ETag")));
    var state = api.get("/api/agents/" + id + "/state");
    assertEquals(200, state.status());
    assertEquals("task-1", state.json().getJsonObject("slots").getString("activeTaskId"));
    assertEquals(id, state.json().getString("agentId"));
  }

  @Test
  void illegalTransitionsAreConflictsAndChangeNothing() {
    var id =
        create(
                """
        {"kind":"custom","displayName":"Strict"}""")
            .getString("id");
    assertProblem(api.post("/api/agents/" + id + "/resume", ""), 409);
    assertProblem(api.delete("/api/agents/" + id), 409);
    assertLifecycle(id, "active");
    api.post("/api/agents/" + id + "/destroy", "");
    assertProblem(api.post("/api/agents/" + id + "/resume", ""), 409);
    assertProblem(api.patch("/api/agents/" + id, "{\"displayName\":\"x\"}", null), 409);
    assertLifecycle(id, "destroyed");
  }

  @Test
  void badInputIsRejectedWithProblemDetailsNamingTheProblemAndWritesNothing() {
    // Every rejected body that names an agent names it uniquely, so that no agent of that name may
    // exist afterwards, whatever other tests created meanwhile.
    var marker = "rejected-" + UUID.randomUUID();

    var malformed = api.post("/api/agents", "{\"kind\":\"custom\",");
    assertProblem(malformed, 400);

    var unknownKind =
        api.post(
            "/api/agents",
            """
        {"kind":"wizard","displayName":"%s"}"""
                .formatted(marker));
    assertProblem(unknownKind, 400);
    assertTrue(unknownKind.body().contains("kind"), unknownKind::toString);

    var tooLong =
        api.post(
            "/api/agents",
            """
        {"kind":"custom","displayName":"%s"}"""
                .formatted("x".repeat(201)));
    assertProblem(tooLong, 400);
    assertTrue(tooLong.body().contains("displayName"), tooLong::toString);

    var missingName =
        api.post(
            "/api/agents",
            """
        {"kind":"custom"}""");
    assertProblem(missingName, 400);
    assertTrue(missingName.body().contains("displayName"), missingName::toString);

    var badConfig =
        api.post(
            "/api/agents",
            """
        {"kind":"custom","displayName":"%s","config":{"modelId":42}}"""
                .formatted(marker));
    assertProblem(badConfig, 400);
    assertTrue(badConfig.body().contains("config.modelId"), badConfig::toString);

    var badMode =
        api.post(
            "/api/agents",
            """
        {"kind":"custom","displayName":"%s","mode":"sometimes"}"""
                .formatted(marker));
    assertProblem(badMode, 400);
    assertTrue(badMode.body().contains("mode"), badMode::toString);

    var badLifecycle = api.get("/api/agents?lifecycle=asleep");
    assertProblem(badLifecycle, 400);
    assertTrue(badLifecycle.body().contains("lifecycle"), badLifecycle::toString);

    assertProblem(api.get("/api/agents/no-such-agent"), 404);
    assertProblem(api.post("/api/agents/no-such-agent/pause", ""), 404);
    assertProblem(api.patch("/api/agents/no-such-agent", "{\"displayName\":\"x\"}", null), 404);

    var named =
        api.getAll("/api/agents?kind=custom&limit=500").stream()
            .filter(agent -> agent.getString("displayName").equals(marker))
            .toList();
    assertEquals(List.of(), named, "rejected requests must not create agents");
  }

  @Test
  void theListFindsAgentsByAPartOfTheirNameAndShowsTheirActivity() {
    var marker = UUID.randomUUID().toString().substring(0, 8);
    var owl = create("{\"kind\":\"custom\",\"displayName\":\"Night 50%_Owl " + marker + "\"}");
    var bird = create("{\"kind\":\"custom\",\"displayName\":\"Day bird " + marker + "\"}");
    var owlId = owl.getString("id");
    var fresh = owl.getJsonObject("activity");
    assertEquals(0, fresh.getJsonNumber("runCount").longValue(), owl::toString);
    assertEquals(0, fresh.getInt("consecutiveFailureCount"), owl::toString);

    assertEquals(List.of(owlId), named("50%_owl " + marker), "ignoring case, % and _ literally");
    assertEquals(List.of(bird.getString("id"), owlId), named(marker), "both, newest first");
    assertEquals(List.of(), named("%" + marker), "% matches only itself");
    assertEquals(List.of(), named("_" + marker), "_ matches only itself");

    new Agents(api).awaitManualWake(owlId);
    var listed =
        api.getAll("/api/agents?name=" + encode("Owl " + marker)).get(0).getJsonObject("activity");
    assertEquals(1, listed.getJsonNumber("runCount").longValue(), listed::toString);
    assertNotNull(listed.getString("lastWakeAt"), listed::toString);
    assertEquals(listed, api.get("/api/agents/" + owlId).json().getJsonObject("activity"));

    var tooLong = api.get("/api/agents?name=" + "x".repeat(201));
    assertProblem(tooLong, 400);
  }

  private List<String> named(String part) {
    return api.getAll("/api/agents?name=" + encode(part)).stream()
        .map(agent -> agent.getString("id"))
        .toList();
  }

  private static String encode(String text) {
    return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
  }

  private JsonObject create(String body) {
    var response = api.post("/api/agents", body);
    assertEquals(201, response.status(), response::toString);
    return response.json();
  }

  private void assertLifecycle(String id, String lifecycle) {
    var response = api.get("/api/agents/" + id);
    assertEquals(200, response.status(), response::toString);
    assertEquals(lifecycle, response.json().getString("lifecycle"));
  }

  static void assertProblem(Api.Response response, int status) {
    assertEquals(status, response.status(), response::toString);
    assertTrue(response.contentType().startsWith("application/problem+json"), response::toString);
    assertEquals(status, response.json().getInt("status"), response::toString);
    assertNotNull(response.json().getString("title"), response::toString);
  }
}
