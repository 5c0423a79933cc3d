package io.reveille.wake.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A wake job the broker dead-letters does not silence its agent: the run shows {@code failed} with
 * the reason, and the agent's next match wakes it. The job is forced to the dead-letter queue the
 * way an operator's console does it (the queue's {@code sendMessagesToDeadLetterAddress}), with the
 * wakes queue paused so that the job is still there to move.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class WakeDeadLetterIT {

  private static final Duration WAKE = Duration.ofSeconds(60);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void aDeadLetteredJobFailsItsRunAndTheNextMatchWakesTheAgent() {
    var agentId = agents.createCustom("Dead-lettered once");
    var entity = "dlq-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    // A second watcher of the same entity: a batch that wakes two agents leaves both jobs on the
    // wake queue (a batch waking one custom agent would run it inside the intake).
    var bystander = agents.createCustom("Watches the same entity");
    agents.subscribe(bystander, "{\"entityIds\":[\"" + entity + "\"]}");

    String runKey;
    Broker.manageQueue("reveille.wakes", "pause");
    try {
      Broker.sendNotification(Broker.batch(entity));
      runKey = await().atMost(WAKE).until(() -> queuedRun(agentId), Optional::isPresent).get();
      var moved =
          Broker.manageQueue(
              "reveille.wakes",
              "sendMessagesToDeadLetterAddress",
              "reveilleRunKey = '" + runKey + "'");
      assertEquals(1, ((Number) moved).intValue(), "the job went to the dead-letter queue");
    } finally {
      Broker.manageQueue("reveille.wakes", "resume");
    }

    var failed =
        await().atMost(WAKE).until(() -> run(agentId, runKey), run -> isFailed(run)).orElseThrow();
    assertTrue(failed.getString("error", "").startsWith("dead-lettered: "), failed.toString());

    // The failure counts for back-off (reveille.wake.failure-backoff-seconds; 5 s for the test
    // server): the next subscription wake waits that long.
    Broker.sendNotification(Broker.batch(entity));
    await()
        .atMost(WAKE.plusSeconds(30))
        .until(
            () ->
                agents.completedRuns(agentId, "subscription").stream()
                    .anyMatch(run -> !run.getString("runKey").equals(runKey)));
  }

  private static boolean isFailed(Optional<JsonObject> run) {
    return run.isPresent() && run.get().getString("status").equals("failed");
  }

  private Optional<String> queuedRun(String agentId) {
    return agents.runs(agentId, "subscription").stream()
        .filter(run -> run.getString("status").equals("queued"))
        .map(run -> run.getString("runKey"))
        .findFirst();
  }

  private Optional<JsonObject> run(String agentId, String runKey) {
    return agents.runs(agentId).stream()
        .map(JsonValue::asJsonObject)
        .filter(run -> run.getString("runKey").equals(runKey))
        .findFirst();
  }
}
