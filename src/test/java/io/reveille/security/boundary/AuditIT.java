package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import io.reveille.testing.TestIdentities;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The audit trail through the real server: every state-changing request of a signed-in caller,
 * allowed or refused, is recorded with its principal, roles, request ids and outcome; refusals of
 * anonymous ones are summed per client and window; administrators alone read it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditIT {

  private final Api admin = new Api();
  private final Agents agents = new Agents(admin);

  @Test
  void changesAndRefusalsAreRecordedWithTheirPrincipalAndOnlyAdministratorsReadThem() {
    var agentId = agents.createCustom("Audited");
    var operator = admin.as(Role.OPERATOR);

    var paused = operator.post("/api/agents/" + agentId + "/pause", "");
    assertEquals(200, paused.status(), paused::toString);
    var pauseRequest = paused.header(AuditFilter.REQUEST_ID);
    var refused = admin.as(Role.VIEWER).post("/api/agents/" + agentId + "/resume", "");
    assertEquals(403, refused.status(), refused::toString);

    var resumed = operator.post("/api/agents/" + agentId + "/resume", "");
    assertEquals(200, resumed.status(), resumed::toString);
    var woken = operator.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, woken.status(), woken::toString);
    var runKey = woken.json().getString("runKey");
    var operation = "op-" + UUID.randomUUID();
    var called =
        admin.post(
            "/api/agents/" + agentId + "/tools/record_observations",
            "{\"operationId\":\""
                + operation
                + "\",\"arguments\":{\"observations\":[{\"text\":\"Audited.\"}]}}");
    assertEquals(200, called.status(), called::toString);
    var replayed =
        admin.post(
            "/api/agents/" + agentId + "/tools/record_observations",
            "{\"operationId\":\""
                + operation
                + "\",\"arguments\":{\"observations\":[{\"text\":\"Audited.\"}]}}");
    assertEquals(200, replayed.status(), replayed::toString);
    assertTrue(replayed.json().getBoolean("replayed"), replayed::toString);
    var failed =
        admin.post(
            "/api/agents/" + agentId + "/tools/update_task_priority",
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"arguments\":{\"taskId\":\"no-such-task\",\"priority\":\"p0\"}}");
    assertTrue(failed.status() >= 400, failed::toString);
    var notes =
        admin
            .get(
                "/api/agents/"
                    + agentId
                    + "/messages?threadId="
                    + agentId
                    + ":operator&content=true")
            .json()
            .getJsonArray("items")
            .getValuesAs(JsonObject.class);
    assertEquals(4, notes.size(), notes::toString);
    var operatorName = TestIdentities.userName(Role.OPERATOR);
    assertEquals(
        List.of(
            "Tool record_observations (operation "
                + operation
                + ") run on behalf of the agent by "
                + TestIdentities.ADMIN,
            "Manual wake " + runKey + " asked by " + operatorName,
            "dormant → active, asked by " + operatorName,
            "active → dormant, asked by " + operatorName),
        notes.stream().map(n -> n.getString("content", "")).toList(),
        "the agent's own log names who moved it, newest first; a replayed operation is not"
            + " noted again");

    var trail = admin.getAll("/api/audit?agentId=" + agentId);
    var creation = only(trail, "POST", "/api/agents", TestIdentities.ADMIN);
    assertEquals(TestIdentities.ADMIN, creation.getString("principal"));
    assertEquals("succeeded", creation.getString("outcome"));
    var pause = only(trail, "POST", "/api/agents/" + agentId + "/pause", operatorName);
    assertEquals(TestIdentities.userName(Role.OPERATOR), pause.getString("principal"));
    assertEquals("operator,viewer", pause.getString("roles"));
    assertEquals("basic", pause.getString("mechanism"));
    assertEquals(pauseRequest, pause.getString("requestId"));
    assertEquals(200, pause.getInt("status"));
    assertTrue(pause.getString("targetIds").contains("id=" + agentId), pause::toString);
    var resume =
        only(
            trail,
            "POST",
            "/api/agents/" + agentId + "/resume",
            TestIdentities.userName(Role.VIEWER));
    assertEquals(TestIdentities.userName(Role.VIEWER), resume.getString("principal"));
    assertEquals("refused", resume.getString("outcome"));
    assertEquals(403, resume.getInt("status"));

    // A call writes its request's row in its own transaction (or, rolled back, in the one that
    // records its failure), a replay after the answer: one row each, with the answer's status.
    for (var answer : List.of(called, replayed, failed)) {
      var rows =
          trail.stream()
              .filter(e -> answer.header(AuditFilter.REQUEST_ID).equals(e.getString("requestId")))
              .toList();
      assertEquals(1, rows.size(), answer + " in " + trail);
      assertEquals(answer.status(), rows.get(0).getInt("status"), rows::toString);
    }

    var byOperator =
        admin.getAll(
            "/api/audit?principal="
                + TestIdentities.userName(Role.OPERATOR)
                + "&agentId="
                + agentId);
    assertEquals(3, byOperator.size(), "pause, resume, wake: " + byOperator);

    var forbidden = admin.as(Role.OPERATOR).get("/api/audit");
    assertEquals(403, forbidden.status(), forbidden::toString);
    var badTime = admin.get("/api/audit?from=yesterday");
    assertEquals(400, badTime.status(), badTime::toString);
    assertTrue(badTime.body().contains("from"), badTime::toString);
  }

  @Test
  void theServerNamesEveryRequestAndKeepsTheClientsIdBeside() {
    var clientId = "audit-it-" + UUID.randomUUID();
    var agentId = agents.createCustom("Named by the server");

    var paused =
        admin
            .as(Role.OPERATOR)
            .send("POST", "/api/agents/" + agentId + "/pause", "", "X-Request-Id", clientId);
    assertEquals(200, paused.status(), paused::toString);
    var serverId = paused.header(AuditFilter.REQUEST_ID);
    assertNotEquals(clientId, serverId, "the request id is the server's own");
    assertEquals(clientId, paused.header(AuditFilter.CLIENT_REQUEST_ID));
    var malformed =
        admin.send("POST", "/api/agents/" + agentId + "/resume", "", "X-Request-Id", "a b<c>");
    assertEquals(200, malformed.status(), malformed::toString);
    assertNull(malformed.header(AuditFilter.CLIENT_REQUEST_ID), "a malformed id is not kept");

    var trail = admin.getAll("/api/audit?agentId=" + agentId);
    var pause = only(trail, "POST", "/api/agents/" + agentId + "/pause", operatorName());
    assertEquals(serverId, pause.getString("requestId"));
    assertEquals(clientId, pause.getString("clientRequestId"));
    assertEquals("127.0.0.1", pause.getString("clientAddress"));
    assertEquals(1, pause.getInt("count"));
    var resume = only(trail, "POST", "/api/agents/" + agentId + "/resume", TestIdentities.ADMIN);
    assertFalse(resume.containsKey("clientRequestId"), resume::toString);
  }

  /**
   * Refusals of requests without a signed-in caller are summed per client address and window (the
   * test server's is {@code reveille.it.auditRefusalWindowSeconds}), while the changes of signed-in
   * callers among them are recorded one by one.
   */
  @Test
  void tenThousandAnonymousChangesLeaveOneSummaryPerWindowAndRealEventsStayFindable()
      throws Exception {
    var window = Duration.ofSeconds(Long.getLong("reveille.it.auditRefusalWindowSeconds", 60));
    var agentId = agents.createCustom("Flooded");
    var operator = admin.as(Role.OPERATOR);
    var base = URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
    // Keep-alive HTTP/1.1 connections, a few requests in flight at once.
    var client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    var requests = 10_000;
    var inFlight = 8;
    var statuses = new ConcurrentHashMap<Integer, LongAdder>();
    var next = new AtomicInteger();
    var started = Instant.now();
    var clock = System.nanoTime();
    var senders = Executors.newFixedThreadPool(inFlight);
    var flooding = new ArrayList<Future<?>>();
    try {
      for (var sender = 0; sender < inFlight; sender++) {
        flooding.add(
            senders.submit(
                () -> {
                  for (var n = next.getAndIncrement(); n < requests; n = next.getAndIncrement()) {
                    var request =
                        HttpRequest.newBuilder(base.resolve("/api/agents/" + agentId + "/pause"))
                            .timeout(Duration.ofSeconds(30))
                            .header("X-Request-Id", "flood-" + n)
                            .POST(BodyPublishers.noBody())
                            .build();
                    statuses
                        .computeIfAbsent(
                            sendOnLiveConnection(client, request), s -> new LongAdder())
                        .increment();
                  }
                  return null;
                }));
      }
      // Real events in the middle of the flood.
      assertEquals(200, operator.post("/api/agents/" + agentId + "/pause", "").status());
      assertEquals(200, operator.post("/api/agents/" + agentId + "/resume", "").status());
      for (var f : flooding) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      senders.shutdownNow();
    }
    var took = Duration.ofNanos(System.nanoTime() - clock);
    System.out.printf(
        "AuditIT: %,d anonymous POSTs, %d in flight, took %d ms (%.0f/s)%n",
        requests, inFlight, took.toMillis(), requests * 1000.0 / Math.max(1, took.toMillis()));
    assertEquals(Map.of(401, (long) requests), sums(statuses), "every one refused");
    // A few refusals of the edge, before authentication: bodies over the limit, foreign hosts.
    var oversized = 5;
    var misdirected = 3;
    for (var n = 0; n < misdirected; n++) {
      try (var socket = new Socket(base.getHost(), base.getPort())) {
        socket.setSoTimeout(30_000);
        socket
            .getOutputStream()
            .write(
                ("POST /api/agents HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 0\r\n"
                        + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
        var answer =
            new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(answer.startsWith("HTTP/1.1 421"), answer);
      }
    }
    for (var n = 0; n < oversized; n++) {
      var tooLarge =
          client.send(
              HttpRequest.newBuilder(base.resolve("/api/agents"))
                  .timeout(Duration.ofSeconds(30))
                  .header("Content-Type", "application/json")
                  .POST(BodyPublishers.ofByteArray(new byte[1024 * 1024 + 1024]))
                  .build(),
              BodyHandlers.discarding());
      assertEquals(413, tooLarge.statusCode());
    }
    var ended = Instant.now();

    // Summaries of windows that opened before the flood ended; read once all are written.
    var since = URLEncoder.encode(started.minus(window).toString(), StandardCharsets.UTF_8);
    var until = URLEncoder.encode(ended.plusSeconds(1).toString(), StandardCharsets.UTF_8);
    var summaries = new AtomicReference<List<JsonObject>>(List.of());
    Poll.until(
        window.plusSeconds(60),
        () -> {
          summaries.set(
              admin
                  .getAll(
                      "/api/audit?clientAddress=127.0.0.1&principal=anonymous&from="
                          + since
                          + "&until="
                          + until)
                  .stream()
                  .filter(e -> e.containsKey("lastAt"))
                  .filter(e -> !Instant.parse(e.getString("lastAt")).isBefore(started))
                  .toList());
          return summaries.get().stream().mapToInt(e -> e.getInt("count")).sum()
              >= requests + oversized + misdirected;
        });
    var rows = summaries.get();
    System.out.printf(
        "AuditIT: %d summary rows for client 127.0.0.1, windows of %s: %s%n",
        rows.size(),
        window,
        rows.stream().map(r -> r.getInt("count") + " " + r.getString("refusals")).toList());
    var lasted = Duration.between(started, ended);
    var windows = lasted.toMillis() / window.toMillis() + 2;
    assertTrue(
        rows.size() <= Math.min(10, windows),
        rows.size() + " rows for " + lasted + " of refusals in windows of " + window + ": " + rows);
    for (var row : rows) {
      assertEquals("refused", row.getString("outcome"), row::toString);
      assertEquals("anonymous", row.getString("principal"), row::toString);
      assertFalse(
          Instant.parse(row.getString("lastAt"))
              .isBefore(Instant.parse(row.getString("occurredAt"))),
          row::toString);
    }

    var refused = new java.util.TreeMap<Integer, Long>();
    rows.forEach(
        row -> {
          for (var kind : row.getString("refusals").split(",")) {
            var statusAndCount = kind.split(":");
            refused.merge(
                Integer.valueOf(statusAndCount[0]), Long.valueOf(statusAndCount[1]), Long::sum);
          }
        });
    // At least this test's own: another test's refusals from this address (a foreign Host the
    // MCP conformance suite sends) may share the window that was open when this one began.
    assertTrue(
        refused.getOrDefault(413, 0L) >= oversized, "the edge's refusals are counted: " + refused);
    assertTrue(refused.getOrDefault(421, 0L) >= misdirected, "and misdirected ones: " + refused);
    assertTrue(refused.get(401) >= requests, "every anonymous POST is counted: " + refused);

    var real = admin.getAll("/api/audit?agentId=" + agentId);
    assertEquals(
        1,
        real.stream()
            .filter(e -> "POST".equals(e.getString("method")))
            .filter(e -> e.getString("path").endsWith("/resume"))
            .count(),
        real::toString);
    var pause = only(real, "POST", "/api/agents/" + agentId + "/pause", operatorName());
    assertEquals(200, pause.getInt("status"));
    assertEquals(1, pause.getInt("count"));
  }

  /**
   * Sends a request, again on a fresh connection when the server closed the kept-alive one just as
   * the request went out (the server's keep-alive limit: the client then reads no bytes at all).
   * The server counts a refusal only for a request it read, and the test asserts at least its own.
   */
  private static int sendOnLiveConnection(HttpClient client, HttpRequest request)
      throws IOException, InterruptedException {
    for (var attempt = 1; ; attempt++) {
      try {
        return client.send(request, BodyHandlers.discarding()).statusCode();
      } catch (IOException closed) {
        if (attempt == 3) {
          throw closed;
        }
      }
    }
  }

  private static Map<Integer, Long> sums(Map<Integer, LongAdder> counts) {
    var sums = new java.util.TreeMap<Integer, Long>();
    counts.forEach((status, count) -> sums.put(status, count.sum()));
    return sums;
  }

  private static String operatorName() {
    return TestIdentities.userName(Role.OPERATOR);
  }

  private static JsonObject only(
      List<JsonObject> trail, String method, String path, String principal) {
    var matching =
        trail.stream()
            .filter(e -> method.equals(e.getString("method")) && path.equals(e.getString("path")))
            .filter(e -> principal.equals(e.getString("principal")))
            .toList();
    assertEquals(1, matching.size(), method + " " + path + " in " + trail);
    return matching.get(0);
  }
}
