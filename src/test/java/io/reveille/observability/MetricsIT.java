package io.reveille.observability;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import java.time.Duration;
import java.util.Arrays;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code /metrics} in Prometheus' text format, for viewers: the counters and histograms move when
 * this test wakes an agent, sends it a batch and calls a tool (read as lower bounds: other tests'
 * work may move them too), the queue depths are there, and callers without credentials or the role
 * are refused.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class MetricsIT {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void wakesBatchesAndToolCallsMoveTheMetrics() {
    var before = scrape();
    var manualWakes =
        value(before, "reveille_wakes_total", "reason=\"manual\"", "outcome=\"completed\"");
    var runs = value(before, "reveille_wake_run_seconds_count", "reason=\"manual\"");
    var batches = value(before, "reveille_notification_batches_total", "outcome=\"accepted\"");
    var decisions = value(before, "reveille_wake_decisions_total");
    var lateness = value(before, "reveille_timer_lateness_seconds_count");
    var created =
        value(before, "reveille_tool_calls_total", "tool=\"create_task\"", "outcome=\"succeeded\"");

    var category =
        api.post("/api/categories", "{\"name\":\"metrics-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var agentId =
        api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"Measured\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"]}")
            .json()
            .getString("id");
    var at =
        java.time.LocalTime.now(java.time.ZoneOffset.UTC)
            .plusSeconds(3)
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    var timer =
        api.post(
            "/api/agents/" + agentId + "/timers",
            "{\"schedule\":{\"kind\":\"daily\",\"time\":\"" + at + "\",\"zone\":\"UTC\"}}");
    assertEquals(201, timer.status(), timer::toString);
    agents.awaitManualWake(agentId);
    var entity = "metrics-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    Broker.sendNotification(Broker.batch(entity));
    await().atMost(WAIT).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
    var call =
        api.post(
            "/api/agents/" + agentId + "/tools/create_task",
            "{\"operationId\":\"metrics-1\",\"arguments\":{\"title\":\"Counted\",\"categoryId\":\""
                + category
                + "\"}}");
    assertEquals(200, call.status(), call::toString);

    await().atMost(WAIT).until(() -> !agents.completedRuns(agentId, "timer").isEmpty());

    var after = scrape();
    assertTrue(
        value(after, "reveille_timer_lateness_seconds_count") >= lateness + 1,
        "the timer's lateness in its histogram");
    assertTrue(
        value(after, "reveille_wakes_total", "reason=\"manual\"", "outcome=\"completed\"")
            >= manualWakes + 1,
        "a completed manual wake counted");
    assertTrue(
        value(after, "reveille_wake_run_seconds_count", "reason=\"manual\"") >= runs + 1,
        "its duration in the histogram");
    assertTrue(
        value(after, "reveille_wake_start_latency_seconds_count", "reason=\"subscription\"") >= 1,
        "the batch's wake latency in its histogram");
    assertTrue(
        value(after, "reveille_notification_batches_total", "outcome=\"accepted\"") >= batches + 1,
        "an accepted batch counted");
    assertTrue(
        value(after, "reveille_tool_calls_total", "tool=\"create_task\"", "outcome=\"succeeded\"")
            >= created + 1,
        "a tool call counted");
    assertTrue(
        value(after, "reveille_wake_decisions_total") >= decisions + 1,
        "the subscription match's fate counted");
    for (var queue : new String[] {"reveille.notifications", "reveille.wakes.DLQ"}) {
      assertTrue(
          after.contains("reveille_queue_depth{queue=\"" + queue + "\"}"), "the depth of " + queue);
    }
  }

  @Test
  void onlyViewersReadTheMetrics() {
    assertEquals(401, api.as((String) null).get("/metrics").status());
    assertEquals(403, api.as(Role.PRODUCER).get("/metrics").status());
    var viewer = api.as(Role.VIEWER).get("/metrics", "text/plain");
    assertEquals(200, viewer.status(), viewer::toString);
    assertTrue(viewer.header("Content-Type").startsWith("text/plain"), viewer::toString);
  }

  private String scrape() {
    var response = api.get("/metrics", "text/plain");
    assertEquals(200, response.status(), response::toString);
    return response.body();
  }

  /** The sum of the samples of {@code name} whose labels include every one of {@code labels}. */
  private static double value(String text, String name, String... labels) {
    return text.lines()
        .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
        .filter(line -> Arrays.stream(labels).allMatch(line::contains))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }
}
