package io.reveille.events.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.SseStream;
import io.reveille.testing.TestIdentities;
import io.reveille.testing.suite.BesideTheChain;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code GET /api/events} on the real server: a viewer's stream carries an agent's runs as they
 * change; a stream resumed from its last event id gets what changed while it was away; one stream
 * more than a principal may hold is refused with 429, and an id the stream did not write with 400.
 * Each test signs in with a bearer token of a principal of its own, so that no other test's streams
 * count against it.
 */
@ExtendWith(BesideTheChain.class)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ)
class EventsIT {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final URI base =
      URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
  private final Api api = new Api(base);
  private final Agents agents = new Agents(api);

  @Test
  void aResumedStreamGetsTheRunsThatChangedWhileItWasAway() throws Exception {
    var viewer = viewer();
    var agentId = agents.createCustom("Watched " + UUID.randomUUID());
    var uri = base.resolve("/api/events?agentId=" + agentId);

    String lastEventId;
    try (var stream = SseStream.open(uri, Map.of("Authorization", viewer))) {
      stream.await(WAIT, event -> "ready".equals(event.name()));
      var first = wake(agentId);
      stream.await(WAIT, event -> isRun(event, first, "completed"));
      assertTrue(
          stream.events().stream()
              .filter(event -> "run".equals(event.name()))
              .allMatch(event -> event.data().contains("\"agentId\":\"" + agentId + "\"")),
          "only the agent asked for: " + stream.events());
      lastEventId = stream.lastEventId();
    }

    // Away: a run comes and goes.
    var missed = wake(agentId);
    org.awaitility.Awaitility.await()
        .atMost(WAIT)
        .until(
            () -> api.get("/api/runs/" + missed).json().getJsonObject("run").getString("status"),
            "completed"::equals);

    try (var resumed =
        SseStream.open(uri, Map.of("Authorization", viewer, "Last-Event-ID", lastEventId))) {
      resumed.await(WAIT, event -> isRun(event, missed, "completed"));
      var names = resumed.events().stream().map(SseStream.Event::name).toList();
      assertTrue(!names.contains("reset"), names::toString);
    }
  }

  @Test
  void oneStreamMoreThanAPrincipalMayHoldIsRefusedWith429() throws Exception {
    var viewer = viewer();
    var uri = base.resolve("/api/events");
    var perPrincipal = Integer.getInteger("reveille.it.eventsPerPrincipal", 4);
    var open = new ArrayList<SseStream>();
    try {
      for (var i = 0; i < perPrincipal; i++) {
        var stream = SseStream.open(uri, Map.of("Authorization", viewer));
        open.add(stream);
        stream.await(WAIT, event -> "ready".equals(event.name()));
      }
      var refused =
          assertThrows(
              SseStream.Refused.class, () -> SseStream.open(uri, Map.of("Authorization", viewer)));
      assertEquals(429, refused.status(), refused::getMessage);
      assertTrue(
          refused.getMessage().contains("reveille.events.max-streams-per-principal"),
          refused::getMessage);
      // Another principal is not refused for this one's streams.
      try (var other = SseStream.open(uri, Map.of("Authorization", viewer()))) {
        other.await(WAIT, event -> "ready".equals(event.name()));
      }
    } finally {
      open.forEach(SseStream::close);
    }
  }

  @Test
  void aLastEventIdTheStreamDidNotWriteIsRefused() {
    var refused =
        assertThrows(
            SseStream.Refused.class,
            () ->
                SseStream.open(
                    base.resolve("/api/events"),
                    Map.of("Authorization", viewer(), "Last-Event-ID", "not-an-id")));
    assertEquals(400, refused.status(), refused::getMessage);
    assertTrue(refused.getMessage().contains("Last-Event-ID"), refused::getMessage);
  }

  private String wake(String agentId) {
    var woken = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, woken.status(), woken::toString);
    return woken.json().getString("runKey");
  }

  private static boolean isRun(SseStream.Event event, String runKey, String status) {
    return "run".equals(event.name())
        && event.data().contains("\"runKey\":\"" + runKey + "\"")
        && event.data().contains("\"status\":\"" + status + "\"");
  }

  /** A viewer's bearer token for a principal of its own. */
  private static String viewer() {
    return TestIdentities.token("events-" + UUID.randomUUID(), "viewer").bearer();
  }
}
