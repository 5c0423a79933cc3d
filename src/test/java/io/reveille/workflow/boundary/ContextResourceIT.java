package io.reveille.workflow.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /api/agents/{id}/context}: what the agent's next wake reads. For a session thread its
 * newest turns within the hot budget (the test server allows {@code reveille.it.hotMaxMessages}),
 * oldest first, saying older ones were left out; its observations; and a clear refusal of another
 * agent's thread.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ContextResourceIT {

  private final Api api = new Api();
  private final Agents agents = new Agents(api);
  private final int hotMax = Integer.getInteger("reveille.it.hotMaxMessages", 4);

  @Test
  void aSessionThreadsContextIsItsNewestTurnsWithinTheBudget() {
    var agentId = agents.createCustom("Context " + UUID.randomUUID(), "interactive");
    var opened = api.post("/api/agents/" + agentId + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    var session = opened.json();
    var turns = hotMax + 2;
    for (var i = 1; i <= turns; i++) {
      var turn =
          api.post(
              "/api/agents/" + agentId + "/sessions/" + session.getString("id") + "/turns",
              "{\"text\":\"turn " + i + "\",\"turnId\":\"t-" + i + "\"}");
      assertEquals(202, turn.status(), turn::toString);
    }

    // Every turn answered: the agent's replies are turns of the thread too.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> agents.completedRuns(agentId, "userInitiated").size() == turns);

    var threadId = session.getString("threadId");
    var context =
        api.as(Role.VIEWER).get("/api/agents/" + agentId + "/context?threadId=" + threadId);
    assertEquals(200, context.status(), context::toString);
    var body = context.json();
    assertEquals(threadId, body.getString("threadId"));
    var hot = body.getJsonArray("turns").getValuesAs(JsonObject.class);
    assertEquals(hotMax, hot.size(), body::toString);
    var times = hot.stream().map(turn -> Instant.parse(turn.getString("createdAt"))).toList();
    assertEquals(times.stream().sorted().toList(), times, "oldest first");
    // Exactly the thread's newest conversational messages, whichever of them are replies.
    var newestFirst =
        api
            .get(
                "/api/agents/"
                    + agentId
                    + "/messages?limit=100&threadId="
                    + java.net.URLEncoder.encode(threadId, java.nio.charset.StandardCharsets.UTF_8))
            .json()
            .getJsonArray("items")
            .getValuesAs(JsonObject.class)
            .stream()
            .filter(m -> List.of("user", "assistant").contains(m.getString("kind")))
            .map(m -> m.getString("id"))
            .limit(hotMax)
            .toList();
    var expected = new java.util.ArrayList<>(newestFirst);
    java.util.Collections.reverse(expected);
    assertEquals(
        expected, hot.stream().map(turn -> turn.getString("messageId")).toList(), body::toString);
    assertTrue(body.getBoolean("olderTurnsLeftOut"), body::toString);
    assertEquals(hotMax, body.getJsonObject("budgets").getInt("hotMaxMessages"));
    assertTrue(body.getInt("turnTokens") > 0, body::toString);

    var noThread = api.get("/api/agents/" + agentId + "/context").json();
    assertEquals(List.of(), noThread.getJsonArray("turns"));
    assertTrue(
        !noThread.containsKey("threadId") || noThread.isNull("threadId"), noThread::toString);

    var other = agents.createCustom("Other " + UUID.randomUUID());
    var foreign = api.get("/api/agents/" + other + "/context?threadId=" + threadId);
    assertEquals(400, foreign.status(), foreign::toString);
    assertTrue(foreign.body().contains("threadId"), foreign::toString);
    assertEquals(404, api.get("/api/agents/no-such-agent/context").status());
  }

  @Test
  void compactionJobsAreListedAndOnlyAnAdministratorRetriesOne() {
    var agentId = agents.createCustom("Compacted " + UUID.randomUUID());
    var jobs = api.as(Role.VIEWER).get("/api/agents/" + agentId + "/compaction-jobs");
    assertEquals(200, jobs.status(), jobs::toString);
    assertEquals("[]", jobs.body().strip());
    assertEquals(404, api.get("/api/agents/no-such-agent/compaction-jobs").status());
    var path = "/api/agents/" + agentId + "/compaction-jobs/cj-none/retry";
    assertEquals(403, api.as(Role.OPERATOR).post(path, "").status());
    var unknown = api.post(path, "");
    assertEquals(404, unknown.status(), unknown::toString);
  }
}
