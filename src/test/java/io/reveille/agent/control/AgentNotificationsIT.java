package io.reveille.agent.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Agent-domain batches through the real broker: another agent's log, lifecycle and tool calls wake
 * the agents that subscribed to them, and an agent's own changes never wake it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AgentNotificationsIT {

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void aMessageInAnotherAgentsLogWakesItsListenerButNeverTheAgentItself() {
    var announcer = agents.createCustom("announcer-" + UUID.randomUUID());
    var listener = agents.createCustom("listener-" + UUID.randomUUID());
    agents.subscribe(
        listener, "{\"semanticKeys\":[\"AGENT_MESSAGE\"],\"entityIds\":[\"" + announcer + "\"]}");
    agents.subscribe(announcer, "{\"entityIds\":[\"" + announcer + "\"]}");

    // The custom workflow appends a system message to the announcer's log.
    assertEquals(202, api.post("/api/agents/" + announcer + "/wakes", "").status());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> agents.completedRuns(announcer, "manual").size() == 1);
    newestMessage(announcer, "system");

    // A run's tokens are those its subscription matched: the key and the announcer's id.
    var run =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    agents.completedRuns(listener, "subscription").stream()
                        .filter(r -> tokens(r).contains(announcer))
                        .findFirst(),
                found -> found.isPresent())
            .orElseThrow();
    // (A run's tokens are a set; their order is not part of the contract.)
    assertEquals(
        java.util.Set.of("AGENT_MESSAGE", announcer),
        java.util.Set.copyOf(tokens(run)),
        run::toString);

    // The listener's own wake appended to its log too: that batch names the listener as its
    // origin, so it does not wake the listener again. That batch went out when the listener's run
    // completed, before the sentinel.
    agents.passThroughTheNotificationQueue();
    assertEquals(
        List.of("manual"),
        agents.runs(announcer).stream().map(r -> r.asJsonObject().getString("reason")).toList(),
        "its own message never wakes the announcer, though it watches its own id");
    assertEquals(
        1,
        agents.runs(listener, "subscription").stream()
            .filter(r -> tokens(r).contains(announcer))
            .count(),
        "one message of the announcer, one wake of the listener");

    destroy(listener);
    destroy(announcer);
  }

  @Test
  void aLifecycleMoveWakesAgentsWatchingItsSubtypeToken() {
    var watched = agents.createCustom("watched-" + UUID.randomUUID());
    var watcher = agents.createCustom("lifecycle-watcher-" + UUID.randomUUID());
    agents.subscribe(
        watcher,
        "{\"subtypeTokens\":[\"agent.lifecycle:dormant\"],\"predicate\":\"id == \\\""
            + watched
            + "\\\"\"}");

    assertEquals(200, api.post("/api/agents/" + watched + "/pause", "").status());

    var run =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> agents.completedRuns(watcher, "subscription"), runs -> runs.size() == 1)
            .get(0);
    assertEquals(List.of("agent.lifecycle:dormant"), tokens(run), run::toString);

    destroy(watcher);
    destroy(watched);
  }

  @Test
  void aToolCallOverTheApiWakesAgentsFilteringTheLogByPredicate() {
    var observer = agents.createCustom("observer-" + UUID.randomUUID());
    var follower = agents.createCustom("follower-" + UUID.randomUUID());
    agents.subscribe(
        follower,
        "{\"semanticKeys\":[\"AGENT_MESSAGE\"],\"predicate\":\"agentId == \\\""
            + observer
            + "\\\" && kind == \\\"toolResult\\\"\"}");
    agents.subscribe(observer, "{\"entityIds\":[\"" + observer + "\"]}");

    var call =
        api.post(
            "/api/agents/" + observer + "/tools/record_observations",
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"arguments\":{\"observations\":[{\"text\":\"The gym opens at six.\"}]}}");
    assertEquals(200, call.status(), call::toString);
    newestMessage(observer, "toolResult");

    // The call appended an action, an observation and a result; only the result passes the
    // predicate, and no other agent's message can.
    var run =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> agents.completedRuns(follower, "subscription"), runs -> !runs.isEmpty())
            .get(0);
    assertEquals(List.of("AGENT_MESSAGE"), tokens(run), run::toString);

    // The call's batches were sent before the sentinel: a second wake would be in the log now.
    agents.passThroughTheNotificationQueue();
    assertEquals(1, agents.runs(follower, "subscription").size(), "one call, one wake");
    assertEquals(0, agents.runs(observer).size(), "its own tool call never wakes the observer");

    destroy(follower);
    destroy(observer);
  }

  private String newestMessage(String agentId, String kind) {
    var page = api.get("/api/agents/" + agentId + "/messages?kind=" + kind + "&limit=1");
    assertEquals(200, page.status(), page::toString);
    return page.json().getJsonArray("items").getJsonObject(0).getString("id");
  }

  private void destroy(String agentId) {
    var response = api.post("/api/agents/" + agentId + "/destroy", "");
    assertEquals(200, response.status(), response::toString);
  }

  private static List<String> tokens(JsonObject run) {
    return Agents.strings(run.getJsonArray("tokens"));
  }
}
