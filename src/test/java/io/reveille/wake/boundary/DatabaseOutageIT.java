package io.reveille.wake.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.DatabaseControl;
import io.reveille.testing.Poll;
import io.reveille.testing.suite.BesideTheChain;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The database goes away for 20 s — stopped for real, then started again by the test — while
 * producers keep sending: afterwards every batch sent meanwhile is recorded, the agent it matched
 * has woken with nothing left queued or started, and its next match wakes it again, all without a
 * restart of the server. Runs where the test may stop the database (the second CI pass, on
 * PostgreSQL: {@code it.database.stop} / {@code it.database.start}); skipped elsewhere.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
// The database goes down: no class beside the chain may run meanwhile.
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ_WRITE)
class DatabaseOutageIT {

  private static final Duration OUTAGE = Duration.ofSeconds(20);
  private static final Duration RECOVERY = Duration.ofMinutes(5);
  private static final Set<String> UNFINISHED = Set.of("queued", "started");

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void batchesSentWhileTheDatabaseIsAwayAreNotLostAndTheAgentWakesAgain() {
    var database =
        DatabaseControl.of("reveille.it.databaseStop", "reveille.it.databaseStart").orElse(null);
    Assumptions.assumeTrue(database != null, "no database this test may stop (it.database.stop)");
    var agentId = agents.createCustom("Outlives an outage");
    var entity = "outage-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");

    var batchIds = new ArrayList<String>();
    database.stop();
    try {
      for (var i = 0; i < 5; i++) {
        var batchId = "outage-" + UUID.randomUUID();
        batchIds.add(batchId);
        Broker.sendNotification(
            "{\"schemaVersion\":1,\"batchId\":\""
                + batchId
                + "\",\"tokens\":[\""
                + entity
                + "\"]}");
      }
      // The outage is the fault under test: it lasts its time whatever happens meanwhile.
      Poll.pause(OUTAGE);
    } finally {
      database.start();
    }

    for (var batchId : batchIds) {
      await()
          .atMost(RECOVERY)
          .until(() -> api.get("/api/notifications/" + batchId).status() == 200);
    }
    await()
        .atMost(RECOVERY)
        .until(
            () ->
                !agents.completedRuns(agentId, "subscription").isEmpty()
                    && unfinishedRuns(agentId) == 0);

    var before = agents.completedRuns(agentId, "subscription").size();
    Broker.sendNotification(Broker.batch(entity));
    await()
        .atMost(Duration.ofSeconds(120))
        .until(() -> agents.completedRuns(agentId, "subscription").size() > before);
    assertEquals(0, unfinishedRuns(agentId), "nothing stuck after the outage");
  }

  private long unfinishedRuns(String agentId) {
    return agents.runs(agentId).stream()
        .map(JsonValue::asJsonObject)
        .filter(run -> UNFINISHED.contains(run.getString("status")))
        .count();
  }
}
