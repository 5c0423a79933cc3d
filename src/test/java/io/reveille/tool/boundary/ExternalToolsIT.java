package io.reveille.tool.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import io.reveille.testing.HttpSink;
import io.reveille.testing.ServerLogs;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * External HTTP tools against the running server: the test server declares tools (pom: {@code
 * REVEILLE_TOOLS_EXTERNAL_FILE}) pointing at an {@link HttpSink} in this JVM that counts requests
 * and applications per {@code Idempotency-Key}. Every call goes over REST for an agent of this
 * test's own category; every synchronous answer comes after the sink counted, so no wait is needed
 * to assert what was sent.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ExternalToolsIT {

  private static HttpSink sink;
  private final Api api = new Api();

  @BeforeAll
  static void startSink() {
    sink = HttpSink.start();
  }

  @AfterAll
  static void stopSink() {
    sink.close();
  }

  private String agent() {
    var category =
        api.post("/api/categories", "{\"name\":\"external-tools-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    return api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"external-tools\",\"allowedCategoryIds\":[\""
                + category
                + "\"]}")
        .json()
        .getString("id");
  }

  private Api.Response call(String agent, String tool, String operationId, String note) {
    return api.post(
        "/api/agents/" + agent + "/tools/" + tool,
        "{\"operationId\":\"" + operationId + "\",\"arguments\":{\"note\":\"" + note + "\"}}");
  }

  private JsonObject ledgerRow(String agent) {
    var rows = api.get("/api/agents/" + agent + "/tool-calls").structure().asJsonArray();
    assertEquals(1, rows.size(), rows.toString());
    return rows.getJsonObject(0);
  }

  @Test
  void aCallAppliesOnceAndItsReplayReturnsTheReceiptWithoutASecondRequest() {
    var agent = agent();
    var note = "apply-" + UUID.randomUUID();
    var operation = "op-" + UUID.randomUUID();

    var first = call(agent, "send_it_receipt", operation, note);
    var again = call(agent, "send_it_receipt", operation, note);

    assertEquals(200, first.status(), first.body());
    var key = sink.keyOf(note);
    assertNotNull(key, "the request carried an Idempotency-Key");
    assertEquals(
        "rcpt-" + key.substring(0, 12),
        first.json().getJsonObject("payload").getString("receiptId"));
    assertEquals("applied", first.json().getJsonObject("payload").getString("state"));
    assertEquals(200, again.status(), again.body());
    assertTrue(again.json().getBoolean("replayed"));
    assertEquals(first.json().getJsonObject("payload"), again.json().getJsonObject("payload"));
    assertEquals(1, sink.requests(key), "the replay sent nothing");
    assertEquals(1, sink.applications(key));

    var row = ledgerRow(agent);
    assertEquals("succeeded", row.getString("status"));
    assertEquals(key, row.getString("externalIdempotencyKey"));
    assertEquals("req-" + key.substring(0, 8), row.getString("externalCorrelationId"));
    assertEquals("external", row.getString("sideEffect"));
    assertEquals(1, row.getInt("attempts"));
  }

  @Test
  void aToolCalledOnAWakeReasonItDoesNotAllowIsRefusedAndSendsNothing() {
    var agent = agent();
    var note = "on-request-" + UUID.randomUUID();

    var manual =
        api.post(
            "/api/agents/" + agent + "/tools/send_it_on_request",
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"wakeReason\":\"manual\",\"arguments\":{\"note\":\""
                + note
                + "\"}}");

    assertEquals(403, manual.status(), manual.body());
    assertEquals("wake_reason_denied", manual.json().getString("errorCode"), manual.body());
    assertNull(sink.keyOf(note), "nothing was sent");
    var session = call(agent, "send_it_on_request", "op-" + UUID.randomUUID(), note);
    assertEquals(200, session.status(), session.body());
    assertEquals(1, sink.applications(sink.keyOf(note)), "a person's turn may call it");
  }

  @Test
  void aRefusalByTheProviderFailsDefinitelyWithoutARetry() {
    var agent = agent();
    var note = "refuse-" + UUID.randomUUID();

    var refused = call(agent, "post_it_refused", "op-" + UUID.randomUUID(), note);

    assertEquals(502, refused.status(), refused.body());
    assertEquals("external_error", refused.json().getString("errorCode"));
    assertTrue(refused.json().getString("errorMessage").contains("HTTP 422"), refused.body());
    assertEquals(1, sink.requests(sink.keyOf(note)), "a 4xx is not retried");
    var row = ledgerRow(agent);
    assertEquals("failed", row.getString("status"));
    assertEquals("external_error", row.getString("errorCode"));
  }

  @Test
  void aProviderFailureOfAnIdempotentToolIsRetriedWithTheSameKey() {
    var agent = agent();
    var note = "flaky-" + UUID.randomUUID();

    var result = call(agent, "send_it_flaky", "op-" + UUID.randomUUID(), note);

    assertEquals(200, result.status(), result.body());
    var key = sink.keyOf(note);
    assertEquals(2, sink.requests(key), "503, then the same key again");
    assertEquals(1, sink.applications(key));
    assertEquals("succeeded", ledgerRow(agent).getString("status"));
  }

  @Test
  void aDroppedConnectionOfALookupToolIsReconciledByAskingTheProvider() {
    var agent = agent();
    var note = "lookup-" + UUID.randomUUID();

    var result = call(agent, "send_it_dropped_lookup", "op-" + UUID.randomUUID(), note);

    assertEquals(200, result.status(), result.body());
    var key = sink.keyOf(note);
    assertEquals(
        "rcpt-" + key.substring(0, 12),
        result.json().getJsonObject("payload").getString("receiptId"));
    assertEquals(1, sink.requests(key), "found by the lookup: not sent again");
    assertEquals(1, sink.lookups(key));
    assertEquals(1, sink.applications(key));
    assertEquals("succeeded", ledgerRow(agent).getString("status"));
  }

  @Test
  void aDroppedConnectionOfAnIdempotentToolIsSentAgainWithTheSameKeyAndAppliedOnce() {
    var agent = agent();
    var note = "resend-" + UUID.randomUUID();

    var result = call(agent, "send_it_dropped_idempotent", "op-" + UUID.randomUUID(), note);

    assertEquals(200, result.status(), result.body());
    var key = sink.keyOf(note);
    assertEquals(2, sink.requests(key));
    assertEquals(1, sink.applications(key));
    var row = ledgerRow(agent);
    assertEquals("succeeded", row.getString("status"));
    assertEquals(2, row.getInt("attempts"));
  }

  @Test
  void aDroppedConnectionNothingCanReconcileIsInDoubtUntilAPersonResolvesIt() {
    var agent = agent();
    var note = "doubt-" + UUID.randomUUID();
    var operation = "op-" + UUID.randomUUID();

    var doubt = call(agent, "send_it_dropped_plain", operation, note);

    assertEquals(502, doubt.status(), doubt.body());
    assertEquals("in_doubt", doubt.json().getString("errorCode"));
    var row = ledgerRow(agent);
    assertEquals("running", row.getString("status"));
    assertTrue(row.getBoolean("inDoubt"));
    var again = call(agent, "send_it_dropped_plain", operation, note);
    assertEquals("in_doubt", again.json().getString("errorCode"), again.body());
    var key = sink.keyOf(note);
    assertEquals(1, sink.requests(key), "a call in doubt is never sent again by itself");

    var resolution =
        api.post(
            "/api/agents/"
                + agent
                + "/tool-calls/"
                + row.getString("idempotencyKey")
                + "/resolution",
            "{\"applied\":true,\"result\":{\"receiptId\":\"seen-by-hand\",\"state\":\"applied\"},"
                + "\"note\":\"found it in the sink's log\"}");
    assertEquals(200, resolution.status(), resolution.body());
    assertEquals("succeeded", resolution.json().getString("status"));
    assertEquals("admin", resolution.json().getString("resolvedBy"));
    assertEquals("found it in the sink's log", resolution.json().getString("resolutionNote"));

    var replay = call(agent, "send_it_dropped_plain", operation, note);
    assertEquals(200, replay.status(), replay.body());
    assertTrue(replay.json().getBoolean("replayed"));
    assertEquals("seen-by-hand", replay.json().getJsonObject("payload").getString("receiptId"));
    assertEquals(1, sink.requests(key));

    var twice =
        api.post(
            "/api/agents/"
                + agent
                + "/tool-calls/"
                + row.getString("idempotencyKey")
                + "/resolution",
            "{\"applied\":false}");
    assertEquals(409, twice.status(), twice.body());
  }

  @Test
  void aCallStillInFlightIsNotInDoubtAndResolvingItIsA409() throws Exception {
    var agent = agent();
    var note = "in-flight-" + UUID.randomUUID();
    var operation = "op-" + UUID.randomUUID();
    var inFlight =
        CompletableFuture.supplyAsync(() -> call(agent, "send_it_held", operation, note));
    await().atMost(Duration.ofSeconds(30)).until(() -> sink.keyOf(note) != null);
    await().atMost(Duration.ofSeconds(30)).until(() -> sink.held() > 0);
    var row = ledgerRow(agent);
    assertEquals("running", row.getString("status"));
    assertFalse(row.getBoolean("inDoubt"), row::toString);
    var path = "/api/agents/" + agent + "/tool-calls/" + row.getString("idempotencyKey");

    var early =
        api.post(
            path + "/resolution",
            "{\"applied\":true,\"result\":{\"receiptId\":\"guessed\",\"state\":\"applied\"}}");

    assertEquals(409, early.status(), early.body());
    assertTrue(
        early.json().getString("detail").contains("is running and not in doubt"), early.body());
    assertEquals(row, ledgerRow(agent), "the refused resolution changed nothing");

    sink.release();
    var answered = inFlight.get(90, TimeUnit.SECONDS);
    assertEquals("in_doubt", answered.json().getString("errorCode"), answered.body());
    var resolution = api.post(path + "/resolution", "{\"applied\":true,\"result\":{}}");
    assertEquals(200, resolution.status(), resolution.body());
    assertEquals("succeeded", resolution.json().getString("status"));
    assertEquals(1, sink.requests(sink.keyOf(note)));
  }

  @Test
  void aCallResolvedAsNotAppliedIsSentAgainByTheNextCallUnderTheSameKey() {
    var agent = agent();
    var note = "not-applied-" + UUID.randomUUID();
    var operation = "op-" + UUID.randomUUID();
    assertEquals(
        "in_doubt",
        call(agent, "send_it_dropped_plain", operation, note).json().getString("errorCode"));
    var key = sink.keyOf(note);

    var resolution =
        api.post(
            "/api/agents/" + agent + "/tool-calls/" + key + "/resolution",
            "{\"applied\":false,\"note\":\"not in the provider's list\"}");
    assertEquals(200, resolution.status(), resolution.body());
    assertEquals("failed", resolution.json().getString("status"));

    var retry = call(agent, "send_it_dropped_plain", operation, note);
    assertEquals(200, retry.status(), retry.body());
    assertEquals(2, sink.requests(key), "sent again, under the same key");
    assertEquals(1, sink.applications(key), "which the provider applied once");
  }

  @Test
  void aResolutionNeedsAKnownCallAndABodySayingWhetherItApplied() {
    var agent = agent();
    assertEquals(
        404,
        api.post(
                "/api/agents/" + agent + "/tool-calls/no-such-call/resolution",
                "{\"applied\":true}")
            .status());
    assertEquals(
        400,
        api.post("/api/agents/" + agent + "/tool-calls/no-such-call/resolution", "{\"note\":\"x\"}")
            .status());
  }

  @Test
  void aReadOnlyExternalToolNeedsNoOperationIdAndLeavesNoLedgerRow() {
    var agent = agent();
    var note = "read-" + UUID.randomUUID();
    assertEquals(200, call(agent, "send_it_receipt", "op-" + UUID.randomUUID(), note).status());
    var key = sink.keyOf(note);

    var found =
        api.post(
            "/api/agents/" + agent + "/tools/get_it_receipt",
            "{\"arguments\":{\"key\":\"" + key + "\"}}");
    var missing =
        api.post(
            "/api/agents/" + agent + "/tools/get_it_receipt",
            "{\"arguments\":{\"key\":\"" + "0".repeat(64) + "\"}}");

    assertEquals(200, found.status(), found.body());
    assertEquals(
        "rcpt-" + key.substring(0, 12),
        found.json().getJsonObject("payload").getString("receiptId"));
    assertEquals(502, missing.status(), missing.body());
    assertEquals("external_error", missing.json().getString("errorCode"));
    assertEquals(
        1,
        api.get("/api/agents/" + agent + "/tool-calls").structure().asJsonArray().size(),
        "only the send is on the ledger");
    var tools = api.get("/api/tools").structure().asJsonArray().getValuesAs(JsonObject.class);
    assertEquals(
        "readOnly",
        tools.stream()
            .filter(tool -> tool.getString("name").equals("get_it_receipt"))
            .findFirst()
            .orElseThrow()
            .getString("sideEffectClass"),
        "classified by its name");
  }

  @Test
  void aValueThatWouldMakeADotSegmentOfTheUrlIsRefusedBeforeAnythingIsSent() {
    var agent = agent();

    var up =
        api.post(
            "/api/agents/" + agent + "/tools/get_it_lookup_by_name",
            "{\"arguments\":{\"name\":\"..\"}}");
    var dotted =
        api.post(
            "/api/agents/" + agent + "/tools/get_it_lookup_by_name",
            "{\"arguments\":{\"name\":\"report..v2\"}}");

    assertEquals(400, up.status(), up.body());
    assertEquals("invalid_arguments", up.json().getString("errorCode"));
    assertTrue(up.json().getString("errorMessage").contains("was not sent"), up.body());
    assertTrue(up.json().getString("errorMessage").contains("'..'"), up.body());
    assertEquals(502, dotted.status(), dotted.body());
    assertEquals(
        "external_error",
        dotted.json().getString("errorCode"),
        "dots inside a segment are text: the sink was asked and knows no such receipt");
  }

  @Test
  void externalToolsAreInTheCatalogAndContractWithSchemasAndNeverTheirSecret() {
    var contract = api.get("/api/tools/contract");
    assertEquals(200, contract.status());
    var entry =
        contract.json().getJsonArray("tools").getValuesAs(JsonObject.class).stream()
            .filter(tool -> tool.getString("name").equals("send_it_receipt"))
            .findFirst()
            .orElseThrow();
    assertEquals("external", entry.getString("sideEffectClass"));
    assertEquals("externalCall", entry.getJsonArray("capabilitiesRequired").getString(0));
    assertTrue(entry.getJsonObject("inputSchema").getJsonObject("properties").containsKey("note"));
    var yaml = api.get("/api/tools/contract", "application/yaml");
    var catalog = api.get("/api/tools");
    assertTrue(catalog.body().contains("send_it_dropped_plain"));

    var agent = agent();
    var note = "secret-" + UUID.randomUUID();
    var invalid =
        api.post(
            "/api/agents/" + agent + "/tools/send_it_receipt",
            "{\"operationId\":\"op-" + UUID.randomUUID() + "\",\"arguments\":{\"nope\":1}}");
    assertEquals(400, invalid.status(), invalid.body());
    assertEquals("invalid_arguments", invalid.json().getString("errorCode"));
    assertEquals(200, call(agent, "send_it_receipt", "op-" + UUID.randomUUID(), note).status());
    assertEquals(0, sink.unauthorised(), "the secret header was resolved and sent");

    var token = HttpSink.token();
    for (var body :
        java.util.List.of(
            contract.body(),
            yaml.body(),
            catalog.body(),
            api.get("/api/agents/" + agent + "/tool-calls").body(),
            api.get("/api/agents/" + agent + "/messages").body())) {
      assertFalse(body.contains(token));
      assertFalse(body.contains("127.0.0.1:" + Integer.getInteger("reveille.it.sinkPort", 9499)));
    }
    assertEquals(
        java.util.List.of(),
        ServerLogs.leaks(ServerLogs.ofTestServer(), Map.of("the sink's token", token)));
  }
}
