package io.reveille.alertness.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.TestIdentities;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An agent's subscriptions over HTTP, as a user drives them with curl. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SubscriptionsResourceIT {

  private final Api api = new Api();

  @Test
  void subscriptionIsCreatedListedAndDeactivatedAndEachStepIsVisible() {
    var agentId = agent("Watcher");
    var path = "/api/agents/" + agentId + "/subscriptions";

    var created =
        api.post(
            path,
            """
        {"semanticKeys":["TASK"],"subtypeTokens":["workout.type:run"],
         "entityIds":["task-42","item-7"],"predicate":"  categoryId == \\"gym\\"  "}""");
    assertEquals(201, created.status(), created::toString);
    var subscription = created.json();
    var id = subscription.getString("id");
    assertEquals(agentId, subscription.getString("agentId"));
    assertTrue(created.header("Location").endsWith(path + "/" + id), created.header("Location"));
    assertEquals(
        "\"" + subscription.getJsonNumber("version").longValue() + "\"", created.header("ETag"));
    assertEquals(List.of("TASK"), strings(subscription, "semanticKeys"));
    assertEquals(List.of("workout.type:run"), strings(subscription, "subtypeTokens"));
    assertEquals(List.of("item-7", "task-42"), strings(subscription, "entityIds"));
    assertEquals("categoryId == \"gym\"", subscription.getString("predicate"));
    assertTrue(subscription.getBoolean("active"));
    assertNotNull(subscription.getString("createdAt"));
    assertNotNull(subscription.getString("updatedAt"));

    var listed = api.get(path);
    assertEquals(200, listed.status(), listed::toString);
    assertEquals(List.of(id), ids(listed));

    var one = api.get(created.header("Location"));
    assertEquals(200, one.status(), one::toString);
    assertEquals(created.header("ETag"), one.header("ETag"));

    assertEquals(204, api.delete(path + "/" + id).status());
    assertEquals(List.of(), ids(api.get(path)), "a deactivated subscription is not listed");
    var deactivated = api.get(path + "/" + id);
    assertEquals(200, deactivated.status(), deactivated::toString);
    assertFalse(deactivated.json().getBoolean("active"));
    assertProblem(api.delete(path + "/" + id), 404);

    assertEquals(
        200,
        api.get("/api/agents/" + agentId).status(),
        "the agents resource still answers for the agent itself");
  }

  @Test
  void anAgentHasAtMostItsCapOfSubscriptions() {
    var agentId = agent("Watches a lot");
    var cap = Integer.getInteger("reveille.it.capPerAgent", 8);
    for (var i = 0; i < cap; i++) {
      var created =
          api.post(
              "/api/agents/" + agentId + "/subscriptions",
              "{\"entityIds\":[\"cap-" + i + "-" + UUID.randomUUID() + "\"]}");
      assertEquals(201, created.status(), created::toString);
    }

    var refused =
        api.post("/api/agents/" + agentId + "/subscriptions", "{\"entityIds\":[\"one-more\"]}");

    assertEquals(409, refused.status(), refused::toString);
    assertTrue(
        refused.json().getString("detail").contains("reveille.subscriptions.max-per-agent"),
        refused::toString);
    assertEquals(
        201,
        api.post(
                "/api/agents/" + agent("Another") + "/subscriptions",
                "{\"entityIds\":[\"one-more\"]}")
            .status(),
        "per agent");
  }

  @Test
  void subscriptionWithoutPredicateAndOnlyEntityIdsIsFirstClass() {
    var agentId = agent("Task agent");
    var created =
        api.post(
            "/api/agents/" + agentId + "/subscriptions",
            """
        {"entityIds":["task-1"]}""");
    assertEquals(201, created.status(), created::toString);
    assertEquals(JsonValue.NULL, created.json().getOrDefault("predicate", JsonValue.NULL));
    assertEquals(List.of(), strings(created.json(), "semanticKeys"));
  }

  @Test
  void predicateThatDoesNotParseIsRejectedNamingPredicateAndThePosition() {
    var agentId = agent("Picky");
    var path = "/api/agents/" + agentId + "/subscriptions";

    var incomplete =
        api.post(
            path,
            """
        {"semanticKeys":["TASK"],"predicate":"categoryId =="}""");
    assertProblem(incomplete, 400);
    assertEquals(List.of("predicate"), fields(incomplete));
    assertTrue(
        Pattern.compile("\\d").matcher(message(incomplete)).find(),
        () -> "the message must point at the position: " + incomplete);

    var methodCall =
        api.post(
            path,
            """
        {"semanticKeys":["TASK"],"predicate":"categoryId.getClass() == \\"x\\""}""");
    assertProblem(methodCall, 400);
    assertEquals(List.of("predicate"), fields(methodCall));

    var tooLong =
        api.post(
            path,
            """
        {"semanticKeys":["TASK"],"predicate":"%s"}"""
                .formatted("a".repeat(2001)));
    assertProblem(tooLong, 400);
    assertEquals(List.of("predicate"), fields(tooLong));

    assertEquals(List.of(), ids(api.get(path)), "rejected requests must not subscribe");
  }

  @Test
  void badTokensAreRejectedNamingTheFieldAndWriteNothing() {
    var agentId = agent("Strict");
    var path = "/api/agents/" + agentId + "/subscriptions";

    var blank = api.post(path, "{\"semanticKeys\":[\"TASK\",\"DAY_PLAN\",\" \"]}");
    assertProblem(blank, 400);
    assertEquals(List.of("semanticKeys[2]"), fields(blank));

    var duplicate = api.post(path, "{\"entityIds\":[\"task-1\",\"task-2\",\"task-1\"]}");
    assertProblem(duplicate, 400);
    assertEquals(List.of("entityIds[2]"), fields(duplicate));

    var overlong = api.post(path, "{\"subtypeTokens\":[\"%s\"]}".formatted("x".repeat(257)));
    assertProblem(overlong, 400);
    assertEquals(List.of("subtypeTokens[0]"), fields(overlong));

    var tooMany =
        api.post(
            path,
            "{\"entityIds\":["
                + String.join(
                    ",",
                    java.util.stream.IntStream.range(0, 101)
                        .mapToObj(i -> "\"t" + i + "\"")
                        .toList())
                + "]}");
    assertProblem(tooMany, 400);
    assertEquals(List.of("entityIds"), fields(tooMany));

    var none = api.post(path, "{\"semanticKeys\":[],\"predicate\":\"status == \\\"OPEN\\\"\"}");
    assertProblem(none, 400);
    assertEquals(List.of("body"), fields(none));

    assertProblem(api.post(path, "{\"semanticKeys\":[\"TASK\"],"), 400);
    assertProblem(api.post(path, "{\"semanticKeys\":\"TASK\"}"), 400);

    assertEquals(List.of(), ids(api.get(path)), "rejected requests must not subscribe");
  }

  @Test
  void unknownAgentsAndOtherAgentsSubscriptionsAreNotFound() {
    assertProblem(
        api.post("/api/agents/no-such-agent/subscriptions", "{\"semanticKeys\":[\"TASK\"]}"), 404);
    assertProblem(api.get("/api/agents/no-such-agent/subscriptions"), 404);
    assertProblem(api.delete("/api/agents/no-such-agent/subscriptions/x"), 404);

    var owner = agent("Owner");
    var stranger = agent("Stranger");
    var created =
        api.post("/api/agents/" + owner + "/subscriptions", "{\"semanticKeys\":[\"TASK\"]}");
    assertEquals(201, created.status(), created::toString);
    var id = created.json().getString("id");
    assertProblem(api.delete("/api/agents/" + stranger + "/subscriptions/" + id), 404);
    assertProblem(api.get("/api/agents/" + stranger + "/subscriptions/" + id), 404);
    assertProblem(api.delete("/api/agents/" + owner + "/subscriptions/no-such-subscription"), 404);
    assertEquals(List.of(id), ids(api.get("/api/agents/" + owner + "/subscriptions")));
  }

  @Test
  void destroyedAgentCannotSubscribeButItsSubscriptionsCanStillBeRemoved() {
    var agentId = agent("Doomed");
    var path = "/api/agents/" + agentId + "/subscriptions";
    var before = api.post(path, "{\"semanticKeys\":[\"TASK\"]}");
    assertEquals(201, before.status(), before::toString);
    assertEquals(200, api.post("/api/agents/" + agentId + "/destroy", "").status());

    assertProblem(api.post(path, "{\"semanticKeys\":[\"DAY_PLAN\"]}"), 409);
    assertEquals(List.of(before.json().getString("id")), ids(api.get(path)));

    assertEquals(204, api.delete(path + "/" + before.json().getString("id")).status());
    assertEquals(List.of(), ids(api.get(path)));
  }

  @Test
  void deleteWithStaleIfMatchIsRefusedAndKeepsTheSubscription() {
    var agentId = agent("Careful");
    var path = "/api/agents/" + agentId + "/subscriptions";
    var created = api.post(path, "{\"semanticKeys\":[\"TASK\"]}");
    var id = created.json().getString("id");
    var stale = deleteIfMatch(path + "/" + id, "\"99\"");
    assertProblem(stale, 412);
    assertEquals(List.of(id), ids(api.get(path)));
    assertEquals(204, deleteIfMatch(path + "/" + id, created.header("ETag")).status());
    assertEquals(List.of(), ids(api.get(path)));
  }

  /** {@link Api} has no conditional DELETE; this is the one request it would need. */
  private static Api.Response deleteIfMatch(String path, String ifMatch) {
    var base = URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
    var request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(Duration.ofSeconds(30))
            .header("Accept", "application/json, application/problem+json")
            .header("If-Match", ifMatch)
            .header("Authorization", TestIdentities.basic(Role.OPERATOR))
            .DELETE()
            .build();
    try {
      return new Api.Response(
          HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private String agent(String name) {
    var response =
        api.post("/api/agents", "{\"kind\":\"custom\",\"displayName\":\"" + name + "\"}");
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  private static List<String> ids(Api.Response response) {
    assertEquals(200, response.status(), response::toString);
    return response.structure().asJsonArray().stream()
        .map(v -> v.asJsonObject().getString("id"))
        .toList();
  }

  private static List<String> strings(JsonObject json, String field) {
    return json.getJsonArray(field).getValuesAs(JsonString.class).stream()
        .map(JsonString::getString)
        .toList();
  }

  private static List<String> fields(Api.Response problem) {
    return problem.json().getJsonArray("errors").stream()
        .map(v -> v.asJsonObject().getString("field"))
        .toList();
  }

  private static String message(Api.Response problem) {
    return problem.json().getJsonArray("errors").getJsonObject(0).getString("message");
  }

  static void assertProblem(Api.Response response, int status) {
    assertEquals(status, response.status(), response::toString);
    assertTrue(response.contentType().startsWith("application/problem+json"), response::toString);
    assertEquals(status, response.json().getInt("status"), response::toString);
    assertNotNull(response.json().getString("title"), response::toString);
  }
}
