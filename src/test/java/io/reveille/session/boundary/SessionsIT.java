package io.reveille.session.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.SameOnEveryStack;
import io.reveille.testing.SseStream;
import io.reveille.testing.TestIdentities;
import io.reveille.testing.suite.BesideTheChain;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Interactive sessions against the running server: a user's turn becomes a user message and a
 * {@code userInitiated} wake in the session's thread, the custom workflow answers in that thread,
 * and the event stream shows both, in order, over real HTTP.
 */
@ExtendWith(BesideTheChain.class)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ)
class SessionsIT {

  private static final Duration WAIT = Duration.ofSeconds(90);

  private final URI base =
      URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
  private final Api api = new Api(base);
  private final Agents agents = new Agents(api);

  @Test
  void aTurnStreamsTheUserMessageThenTheWorkflowsAnswerAndLogsAUserInitiatedRun() throws Exception {
    var agent = agents.createCustom("Coach", "interactive");
    var opened = api.post("/api/agents/" + agent + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    var session = opened.json();
    var sessionId = session.getString("id");
    assertEquals(agent, session.getString("agentId"));
    assertEquals(agent + ":session:" + sessionId, session.getString("threadId"));
    assertEquals("open", session.getString("status"));
    assertNotNull(session.getString("createdAt"));
    assertEquals(0, session.getJsonNumber("version").longValue());
    var location = URI.create(opened.header("Location"));
    assertTrue(location.getPath().endsWith("/api/agents/" + agent + "/sessions/" + sessionId));
    assertEquals(200, api.get(location.getPath()).status());

    var turn = turn(agent, sessionId, "Start a pomodoro", "turn-1");
    assertEquals(202, turn.status(), turn::toString);
    var runKey = turn.json().getString("runKey");
    assertEquals("turn-1", turn.json().getString("turnId"));
    assertEquals(session.getString("threadId"), turn.json().getString("threadId"));

    var events = events(agent, sessionId, null, 2);
    assertEquals(List.of("user", "assistant"), events.stream().map(SseEvent::event).toList());
    var user = events.get(0).json();
    assertEquals(events.get(0).id(), user.getString("id"));
    assertEquals("Start a pomodoro", user.getString("content"));
    assertEquals(runKey, user.getString("triggerSourceId"));
    assertEquals(session.getString("threadId"), user.getString("threadId"));
    var answer = events.get(1).json();
    assertTrue(answer.getString("content").startsWith("Woken (userInitiated)"), answer::toString);
    assertEquals(runKey, answer.getString("triggerSourceId"));

    var runs = agents.runs(agent, "userInitiated");
    assertEquals(1, runs.size());
    assertEquals(runKey, runs.get(0).getString("runKey"));
    assertEquals(session.getString("threadId"), runs.get(0).getString("threadId"));
    await().atMost(WAIT).until(() -> agents.completedRuns(agent, "userInitiated").size() == 1);
    var after = api.get(location.getPath()).json();
    assertEquals(1, after.getJsonNumber("turnCount").longValue());
    assertNotNull(after.getString("lastTurnAt"));
  }

  @Test
  void theSameTurnIdTwiceMakesOneRunAndNoTurnIdMakesANewRunEachTime() throws Exception {
    var agent = agents.createCustom("Retrying client", "hybrid");
    var sessionId = open(agent);

    var first = turn(agent, sessionId, "Hello", "retry-1");
    var again = turn(agent, sessionId, "Hello", "retry-1");
    assertEquals(202, again.status(), again::toString);
    assertEquals(first.json().getString("runKey"), again.json().getString("runKey"));
    assertFalse(first.json().getBoolean("replayed"));
    assertTrue(again.json().getBoolean("replayed"));

    var a = turn(agent, sessionId, "Another", null);
    var b = turn(agent, sessionId, "Another", null);
    assertNotEquals(a.json().getString("runKey"), b.json().getString("runKey"));
    assertNotEquals(a.json().getString("turnId"), b.json().getString("turnId"));

    // Three runs, each carried out once: read when all have finished (a page read while one of
    // them was being written has, on the embedded database under a full suite's load, left it
    // out; see the pitfalls document), then exactly three.
    await().atMost(WAIT).until(() -> agents.completedRuns(agent, "userInitiated").size() >= 3);
    var runs = agents.runs(agent, "userInitiated");
    assertEquals(
        Set.of(
            first.json().getString("runKey"),
            a.json().getString("runKey"),
            b.json().getString("runKey")),
        runs.stream().map(run -> run.getString("runKey")).collect(Collectors.toSet()),
        () -> "turns " + List.of(first, again, a, b) + "; run log " + runs);
    assertEquals(3, runs.size(), () -> "run log " + runs);
    var thread = agent + ":session:" + sessionId;
    var userMessages =
        api.get("/api/agents/" + agent + "/messages?kind=user&threadId=" + thread)
            .json()
            .getJsonArray("items");
    assertEquals(3, userMessages.size());
    var notes =
        api.get("/api/agents/" + agent + "/messages?content=true&threadId=" + agent + ":operator")
            .json()
            .getJsonArray("items");
    assertEquals(3, notes.size(), "each new turn names who sent it; the replay names no one");
    assertEquals(
        "Turn retry-1 of session " + sessionId + " sent by " + TestIdentities.ADMIN,
        notes.getJsonObject(2).getString("content"));
  }

  @Test
  void aClosedSessionRefusesTurnsWith409() {
    var agent = agents.createCustom("Closer", "interactive");
    var sessionId = open(agent);

    var closed = api.post("/api/agents/" + agent + "/sessions/" + sessionId + "/close", "");
    assertEquals(200, closed.status(), closed::toString);
    assertEquals("closed", closed.json().getString("status"));

    var turn = turn(agent, sessionId, "Still there?", "late-1");
    assertEquals(409, turn.status(), turn::toString);
    assertTrue(turn.contentType().startsWith("application/problem+json"), turn.contentType());
    assertTrue(turn.json().getString("detail").contains("closed"), turn::toString);
    assertEquals(
        409, api.post("/api/agents/" + agent + "/sessions/" + sessionId + "/close", "").status());
    assertEquals(0, agents.runs(agent, "userInitiated").size());
  }

  @Test
  void onlyActiveInteractiveOrHybridAgentsOpenSessions() {
    var autonomous = agents.createCustom("Autonomous");
    var refused = api.post("/api/agents/" + autonomous + "/sessions", "");
    assertEquals(409, refused.status(), refused::toString);
    assertTrue(refused.contentType().startsWith("application/problem+json"));
    assertTrue(refused.json().getString("detail").contains("autonomous"), refused::toString);

    var dormant = agents.createCustom("Sleepy", "interactive");
    assertEquals(200, api.post("/api/agents/" + dormant + "/pause", "").status());
    var asleep = api.post("/api/agents/" + dormant + "/sessions", "");
    assertEquals(409, asleep.status(), asleep::toString);
    assertTrue(asleep.json().getString("detail").contains("dormant"), asleep::toString);

    var created =
        api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"New\",\"mode\":\"interactive\","
                    + "\"lifecycle\":\"created\"}")
            .json()
            .getString("id");
    assertEquals(409, api.post("/api/agents/" + created + "/sessions", "").status());
    assertEquals(404, api.post("/api/agents/no-such-agent/sessions", "").status());
  }

  @Test
  void lastEventIdResumesAfterThatMessage() throws Exception {
    var agent = agents.createCustom("Reconnecting client", "interactive");
    var sessionId = open(agent);
    turn(agent, sessionId, "First", "r-1");
    var firstRound = events(agent, sessionId, null, 2);
    turn(agent, sessionId, "Second", "r-2");

    var resumed = events(agent, sessionId, firstRound.get(0).id(), 3);

    assertEquals(firstRound.get(1).id(), resumed.get(0).id(), "the message after the given one");
    assertEquals(
        List.of("assistant", "user", "assistant"), resumed.stream().map(SseEvent::event).toList());
    assertEquals("Second", resumed.get(1).json().getString("content"));
  }

  /**
   * Thirty seconds of silence test the servlet container's asynchronous timeout, the same on every
   * stack.
   */
  @Test
  @SameOnEveryStack
  void aQuietStreamIsKeptAliveAndStillDeliversLaterTurns() throws Exception {
    var agent = agents.createCustom("Quiet user", "interactive");
    var sessionId = open(agent);
    try (var stream = connect(agent, sessionId, null)) {
      // Two keep-alive comments: the stream has been quiet for over 30 s, longer than a servlet
      // container's default asynchronous timeout.
      await().atMost(Duration.ofSeconds(45)).until(() -> stream.comments() >= 2);

      turn(agent, sessionId, "Are you there?", "quiet-1");

      var events = stream.awaitEvents(2);
      assertEquals(List.of("user", "assistant"), events.stream().map(SseEvent::event).toList());
    }
  }

  @Test
  void badTurnsAndUnknownSessionsAreProblems() throws Exception {
    var agent = agents.createCustom("Validator", "interactive");
    var sessionId = open(agent);

    var blank = turn(agent, sessionId, "   ", "v-1");
    assertEquals(400, blank.status(), blank::toString);
    assertEquals("text", blank.json().getJsonArray("errors").getJsonObject(0).getString("field"));
    var tooLong = turn(agent, sessionId, "x".repeat(20_001), "v-2");
    assertEquals(400, tooLong.status());
    var badId = turn(agent, sessionId, "hi", "no spaces please");
    assertEquals(400, badId.status());
    assertEquals("turnId", badId.json().getJsonArray("errors").getJsonObject(0).getString("field"));

    assertEquals(404, api.get("/api/agents/" + agent + "/sessions/no-such-session").status());
    assertEquals(404, turn(agent, "no-such-session", "hi", "v-3").status());
    var stream = rawEvents(agent, "no-such-session", null);
    assertEquals(404, stream.statusCode());
    var badCursor = rawEvents(agent, sessionId, "no-such-message");
    assertEquals(400, badCursor.statusCode());
  }

  private String open(String agent) {
    var opened = api.post("/api/agents/" + agent + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    return opened.json().getString("id");
  }

  private Api.Response turn(String agent, String sessionId, String text, String turnId) {
    var body = Json.createObjectBuilder().add("text", text);
    if (turnId != null) {
      body.add("turnId", turnId);
    }
    return api.post(
        "/api/agents/" + agent + "/sessions/" + sessionId + "/turns", body.build().toString());
  }

  /** One server-sent event. */
  record SseEvent(String id, String event, String data) {
    JsonObject json() {
      try (var reader = Json.createReader(new StringReader(data))) {
        return reader.readObject();
      }
    }
  }

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  private HttpRequest eventsRequest(String agent, String sessionId, String lastEventId) {
    var request =
        HttpRequest.newBuilder(
                base.resolve("/api/agents/" + agent + "/sessions/" + sessionId + "/events"))
            .header("Accept", "text/event-stream")
            .header("Authorization", TestIdentities.basic(Role.OPERATOR));
    if (lastEventId != null) {
      request.header("Last-Event-ID", lastEventId);
    }
    return request.GET().build();
  }

  private java.net.http.HttpResponse<String> rawEvents(
      String agent, String sessionId, String lastEventId) throws Exception {
    return http.send(eventsRequest(agent, sessionId, lastEventId), BodyHandlers.ofString());
  }

  /** Reads the session's event stream until {@code count} events arrived, then hangs up. */
  private List<SseEvent> events(String agent, String sessionId, String lastEventId, int count)
      throws Exception {
    try (var stream = connect(agent, sessionId, lastEventId)) {
      return stream.awaitEvents(count);
    }
  }

  private EventStream connect(String agent, String sessionId, String lastEventId) throws Exception {
    var response =
        http.send(eventsRequest(agent, sessionId, lastEventId), BodyHandlers.ofInputStream());
    assertEquals(200, response.statusCode());
    assertTrue(
        response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
    return new EventStream(response.body());
  }

  /**
   * An open event stream, read on a thread of its own ({@link SseStream}): its message events, its
   * working state events and its comment lines.
   */
  static final class EventStream implements AutoCloseable {
    private final SseStream stream;

    EventStream(InputStream body) {
      this.stream = SseStream.reading(body);
    }

    /** The first {@code count} message events, once they arrived (working state events aside). */
    List<SseEvent> awaitEvents(int count) {
      await().atMost(WAIT).until(() -> messages().size() >= count);
      return List.copyOf(messages().subList(0, count));
    }

    /** The working state events ({@code agent_state_update}) that arrived so far. */
    List<SseEvent> stateEvents() {
      return events().stream()
          .filter(e -> SessionEventStreams.STATE_EVENT.equals(e.event()))
          .toList();
    }

    private List<SseEvent> messages() {
      return events().stream()
          .filter(e -> !SessionEventStreams.STATE_EVENT.equals(e.event()))
          .toList();
    }

    private List<SseEvent> events() {
      return stream.events().stream().map(e -> new SseEvent(e.id(), e.name(), e.data())).toList();
    }

    int comments() {
      return stream.comments();
    }

    @Override
    public void close() {
      stream.close();
    }
  }
}
