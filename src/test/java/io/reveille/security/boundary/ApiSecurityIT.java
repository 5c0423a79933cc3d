package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.TestIdentities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole API, operation by operation, as the published OpenAPI document lists it: every
 * operation appears in the role table of docs/operations.md, and answers exactly as the table says
 * — 401 without credentials, 403 to every role below the one the table names, neither to the roles
 * it admits.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ApiSecurityIT {

  private static final Pattern ROW =
      Pattern.compile("^\\| (GET|POST|PUT|PATCH|DELETE) \\| `(/api/[^`]*)` \\| (\\w+)[^|]* \\|$");
  private static final Set<String> VERBS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
  private static final Pattern PARAMETER = Pattern.compile("\\{[^}]+}");

  private final Api admin = new Api();

  @Test
  void everyOperationIsInTheRoleTableAndAnswersEachRoleAsTheTableSays() throws IOException {
    var table = roleTable();
    var published = publishedOperations();
    assertEquals(
        new TreeSet<>(published),
        new TreeSet<>(table.keySet()),
        "the role table of docs/operations.md and the OpenAPI document list the same operations");

    var failures = new ArrayList<String>();
    table.forEach(
        (operation, required) -> {
          var method = operation.substring(0, operation.indexOf(' '));
          var path =
              PARAMETER
                  .matcher(operation.substring(operation.indexOf(' ') + 1))
                  .replaceAll("no-such-id");
          var anonymous = send(admin.as((String) null), method, path);
          if (anonymous.status() != 401
              || anonymous.raw().headers().allValues("WWW-Authenticate").isEmpty()) {
            failures.add(operation + " without credentials: " + anonymous);
          }
          for (var role : Role.values()) {
            var answer = send(admin.as(role), method, path);
            var admitted = role.implied().contains(required);
            if (admitted && (answer.status() == 401 || answer.status() == 403)) {
              failures.add(operation + " as " + role.wire() + " (admitted): " + answer);
            }
            if (!admitted
                && !(answer.status() == 403
                    && answer.body().contains("needs role " + required.wire()))) {
              failures.add(operation + " as " + role.wire() + " (not admitted): " + answer);
            }
          }
        });
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  @Test
  void anOperatorMayPreviewAToolCallButOnlyAnAdministratorAppliesOne() {
    var path = "/api/agents/no-such-agent/tools/create_task";
    var apply = admin.as(Role.OPERATOR).post(path, "{\"arguments\":{}}");
    assertEquals(403, apply.status(), apply::toString);
    assertTrue(apply.json().getString("detail").contains("applies its effects"), apply::toString);
    assertTrue(apply.json().getString("detail").contains("needs role admin"), apply::toString);
    var preview = admin.as(Role.OPERATOR).post(path, "{\"previewOnly\":true}");
    assertEquals(404, preview.status(), "past the role check, the agent is unknown: " + preview);
    var asAdmin = admin.post(path, "{\"arguments\":{}}");
    assertEquals(404, asAdmin.status(), asAdmin::toString);
  }

  @Test
  void theApiDocumentIsForReadersOfTheApiOnly() {
    var anonymous = admin.as((String) null).get("/openapi", "application/json");
    assertEquals(401, anonymous.status(), anonymous::toString);
    assertFalse(anonymous.raw().headers().allValues("WWW-Authenticate").isEmpty());
    var producer = admin.as(Role.PRODUCER).get("/openapi", "application/json");
    assertEquals(403, producer.status(), producer::toString);
    assertTrue(producer.body().contains("needs role viewer"), producer::toString);
    var viewer = admin.as(Role.VIEWER).get("/openapi", "application/yaml");
    assertEquals(200, viewer.status(), viewer::toString);
    assertTrue(viewer.contentType().startsWith("application/yaml"), viewer::toString);
    assertTrue(viewer.body().contains("/api/agents"), "the document lists the API");
    assertEquals("nosniff", viewer.header("X-Content-Type-Options"));
  }

  @Test
  void aProducerCannotClaimThatReveilleOrOneOfItsAgentsWroteABatch() {
    var producer = admin.as(Role.PRODUCER);
    var batchId = "b-origin-" + java.util.UUID.randomUUID();
    var spoofed =
        producer.post(
            "/api/notifications",
            "{\"schemaVersion\":1,\"batchId\":\""
                + batchId
                + "\",\"tokens\":[\"TASK\"],\"origin\":\"local\",\"originAgentId\":\"a-1\"}");
    assertEquals(403, spoofed.status(), spoofed::toString);
    assertTrue(
        spoofed.json().getString("detail").startsWith("origin, originAgentId may be set only"),
        spoofed::toString);
    var plain =
        producer.post(
            "/api/notifications",
            "{\"schemaVersion\":1,\"batchId\":\"" + batchId + "\",\"tokens\":[\"TASK\"]}");
    assertEquals(202, plain.status(), plain::toString);
  }

  @Test
  void onlyTheListedOriginPrincipalInItsExactCaseMayClaimReveillesAuthorship() {
    var claiming =
        "{\"schemaVersion\":1,\"batchId\":\"b-relay-"
            + java.util.UUID.randomUUID()
            + "\",\"tokens\":[\"TASK\"],\"originAgentId\":\"a-relay\"}";
    var listed = TestIdentities.token(TestIdentities.ORIGIN_RELAY, "producer");
    var accepted = admin.as(listed.bearer()).post("/api/notifications", claiming);
    assertEquals(202, accepted.status(), accepted::toString);
    var sameNameOtherCase =
        TestIdentities.token(TestIdentities.ORIGIN_RELAY.toUpperCase(Locale.ROOT), "producer");
    var nameOnlyAsUsername =
        TestIdentities.token("someone-else", "producer")
            .claim("upn", TestIdentities.ORIGIN_RELAY)
            .claim("preferred_username", TestIdentities.ORIGIN_RELAY);
    for (var other : List.of(sameNameOtherCase, nameOnlyAsUsername)) {
      var refused = admin.as(other.bearer()).post("/api/notifications", claiming);
      assertEquals(403, refused.status(), refused::toString);
    }
  }

  @Test
  void wrongCredentialsAreA401ThatSaysWhyAndTheServerSetsNoCookie() {
    var wrong =
        admin.as(TestIdentities.basic(TestIdentities.ADMIN, "not-the-password")).get("/api/agents");
    assertEquals(401, wrong.status(), wrong::toString);
    assertTrue(
        wrong
            .raw()
            .headers()
            .firstValue("Content-Type")
            .orElse("")
            .startsWith("application/problem+json"));
    assertTrue(
        wrong.json().getString("detail").contains("user name or password is wrong"),
        wrong::toString);
    assertFalse(wrong.body().contains("not-the-password"));
    var challenges = wrong.raw().headers().allValues("WWW-Authenticate");
    assertTrue(
        challenges.stream().anyMatch(c -> c.startsWith("Basic realm=\"reveille\"")),
        challenges::toString);
    assertTrue(
        challenges.stream().anyMatch(c -> c.startsWith("Bearer realm=\"reveille\"")),
        challenges::toString);

    var malformed = admin.as("Digest abc").get("/api/agents");
    assertEquals(401, malformed.status(), malformed::toString);
    assertTrue(
        malformed.json().getString("detail").contains("Basic or Bearer"), malformed::toString);

    var unknownPath = admin.as((String) null).get("/api/no-such-resource");
    assertEquals(401, unknownPath.status(), "an anonymous client learns nothing about paths");

    var ok = admin.as(Role.VIEWER).get("/api/agents?limit=1");
    assertEquals(200, ok.status(), ok::toString);
    assertTrue(ok.raw().headers().allValues("Set-Cookie").isEmpty(), "no session cookie");

    // Open, and UP once the start-up work (wake recovery, timer reconciliation) has finished.
    var health =
        org.awaitility.Awaitility.await()
            .atMost(java.time.Duration.ofSeconds(60))
            .until(() -> admin.as((String) null).get("/health/ready"), h -> h.status() == 200);
    for (var check : health.json().getJsonArray("checks")) {
      var data = check.asJsonObject().getJsonObject("data");
      assertTrue(
          data == null || data.isEmpty(),
          "health says UP or DOWN per check and nothing else: " + health);
    }
  }

  @Test
  void bearerTokensSignInWithTheirGroupsAndEveryDefectIsA401() {
    var operator = admin.as(TestIdentities.token("olivia", "operator", "staff").bearer());
    assertEquals(200, operator.get("/api/agents?limit=1").status());
    var tooLow =
        admin.as(TestIdentities.token("victor", "viewer").bearer()).post("/api/agents", "{}");
    assertEquals(403, tooLow.status(), tooLow::toString);
    assertTrue(tooLow.json().getString("detail").contains("needs role admin"), tooLow::toString);
    var noRole = admin.as(TestIdentities.token("nobody", "staff").bearer()).get("/api/agents");
    assertEquals(403, noRole.status(), noRole::toString);

    for (var spoiled :
        Map.of(
                "expired",
                TestIdentities.token("olivia", "admin")
                    .expiredAt(java.time.Instant.now().minusSeconds(600)),
                "issuer",
                TestIdentities.token("olivia", "admin").issuer("https://evil.example"),
                "audience",
                TestIdentities.token("olivia", "admin").audience("another-service"),
                "signature",
                TestIdentities.token("olivia", "admin").signedByStranger(),
                "names no audience",
                TestIdentities.token("olivia", "admin").without("aud"))
            .entrySet()) {
      var refused = admin.as(spoiled.getValue().bearer()).get("/api/agents");
      assertEquals(401, refused.status(), spoiled.getKey() + ": " + refused);
      assertTrue(
          refused.json().getString("detail").contains(spoiled.getKey()),
          spoiled.getKey() + ": " + refused);
      assertTrue(
          refused.raw().headers().allValues("WWW-Authenticate").stream()
              .anyMatch(c -> c.contains("error=\"invalid_token\"")),
          refused::toString);
    }
  }

  private static Api.Response send(Api api, String method, String path) {
    return switch (method) {
      // An event stream stays open: a Last-Event-ID it never wrote makes an admitted caller's
      // answer a 400 at once; every other GET ignores the header.
      case "GET" ->
          api.send("GET", path, null, Map.of("Accept", "*/*", "Last-Event-ID", "security-walk"));
      case "DELETE" -> api.delete(path);
      // A body no operation accepts as a change; a tool call that only previews is what the
      // table's least role (operator) may make. Admitted callers get 400 or 404, never a change.
      default ->
          api.send(method, path, "{\"previewOnly\":true}", "X-Reveille-Test", "security-walk");
    };
  }

  /** "METHOD /api/path" to the least role, from the table in docs/operations.md. */
  private static Map<String, Role> roleTable() throws IOException {
    var table = new TreeMap<String, Role>();
    for (var line : Files.readAllLines(Path.of("docs", "operations.md"))) {
      var row = ROW.matcher(line.strip());
      if (row.matches()) {
        var previous =
            table.put(
                row.group(1) + " " + row.group(2),
                WireEnum.find(Role.class, row.group(3))
                    .orElseThrow(() -> new AssertionError("role in " + line)));
        assertEquals(null, previous, "listed twice: " + line);
      }
    }
    assertFalse(table.isEmpty(), "docs/operations.md has a role table");
    return table;
  }

  private List<String> publishedOperations() {
    var document = admin.get("/openapi", "application/json");
    assertEquals(200, document.status(), document::toString);
    JsonObject paths;
    try (var reader = Json.createReader(new StringReader(document.body()))) {
      paths = reader.readObject().getJsonObject("paths");
    }
    var operations = new ArrayList<String>();
    paths.forEach(
        (path, item) ->
            item.asJsonObject()
                .keySet()
                .forEach(
                    key -> {
                      var method = key.toUpperCase(Locale.ROOT);
                      if (VERBS.contains(method)) {
                        operations.add(method + " " + path);
                      }
                    }));
    return operations;
  }
}
