package io.reveille.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** What the cluster tests create and check through a node's API. */
final class ClusterChecks {

  private ClusterChecks() {}

  /** The body creating a custom agent named {@code name}. */
  static String custom(String name) {
    return "{\"kind\":\"custom\",\"displayName\":\"" + name + "\"}";
  }

  /** Subscribes {@code agent} to one entity id. */
  static void subscribe(Api api, String agent, String entity) {
    var subscribed =
        api.post("/api/agents/" + agent + "/subscriptions", "{\"entityIds\":[\"" + entity + "\"]}");
    assertEquals(201, subscribed.status(), subscribed::toString);
  }

  /** The id of what a 201 created. */
  static String created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  /** The agent's wake run log (its newest 500 runs, every page). */
  static List<JsonObject> runs(Api api, String agent) {
    return api.getAll("/api/agents/" + agent + "/wakes?limit=500");
  }

  /** An interval timer every {@code interval}, its first firing {@code delay} from now. */
  static String createTimer(Api api, String agent, Duration interval, Duration delay) {
    var anchor = Instant.now().plus(delay).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    return created(
        api.post(
            "/api/agents/" + agent + "/timers",
            "{\"schedule\":{\"kind\":\"interval\",\"everySeconds\":"
                + interval.toSeconds()
                + ",\"anchor\":\""
                + anchor
                + "\"}}"));
  }

  /** The agent's completed timer and catch-up runs. */
  static List<JsonObject> firingRuns(Api api, String agent) {
    return runs(api, agent).stream()
        .filter(run -> Set.of("timer", "timerCatchup").contains(run.getString("reason")))
        .filter(run -> run.getString("status").equals("completed"))
        .toList();
  }

  /**
   * Every nominal firing of an interval timer the agent's completed timer and catch-up runs
   * covered, one entry per coverage, in time order.
   */
  static List<Instant> firingsCovered(Api api, String agent, Duration interval) {
    var covered = new ArrayList<Instant>();
    for (var run : firingRuns(api, agent)) {
      var first = Instant.parse(run.getString("scheduledAt"));
      var count = run.isNull("firings") ? 1 : run.getInt("firings", 1);
      for (var k = 0; k < count; k++) {
        covered.add(first.plus(interval.multipliedBy(k)));
      }
    }
    covered.sort(Comparator.naturalOrder());
    return covered;
  }

  /** One outcome per nominal firing: none covered twice, none missed between first and last. */
  static void assertEachFiringOnce(Api api, String agent, Duration interval) {
    var covered = firingsCovered(api, agent, interval);
    assertEquals(
        covered.size(), covered.stream().distinct().count(), () -> "a firing twice: " + covered);
    for (var i = 1; i < covered.size(); i++) {
      assertEquals(
          interval,
          Duration.between(covered.get(i - 1), covered.get(i)),
          "no firing missed: " + covered);
    }
  }
}
