package io.reveille.schedule.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many timers due in the same second, more than one batch of alarms (the test server fires {@code
 * reveille.it.timerBatchSize} per transaction): every one fires once, for its second, and is armed
 * for its next firing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TimerBurstIT {

  private static final int BATCH = Integer.getInteger("reveille.it.timerBatchSize", 5);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void timersDueInTheSameSecondAcrossSeveralBatchesEachFireOnce() {
    var timers = 2 * BATCH + 2;
    var at = LocalTime.now(ZoneOffset.UTC).plusSeconds(8).truncatedTo(ChronoUnit.SECONDS);
    var timed = new ArrayList<String[]>();
    for (var i = 0; i < timers; i++) {
      var agentId = agents.createCustom("Burst " + i);
      var created =
          api.post(
              "/api/agents/" + agentId + "/timers",
              "{\"schedule\":{\"kind\":\"daily\",\"time\":\"" + at + "\",\"zone\":\"UTC\"}}");
      assertEquals(201, created.status(), created::toString);
      timed.add(new String[] {agentId, created.json().getString("id")});
    }
    var scheduled =
        Instant.parse(
            api.get("/api/agents/" + timed.get(0)[0] + "/timers/" + timed.get(0)[1])
                .json()
                .getString("nextFireAt"));

    for (var agentAndTimer : timed) {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> !agents.completedRuns(agentAndTimer[0], "timer").isEmpty());
    }

    for (var agentAndTimer : timed) {
      var agentId = agentAndTimer[0];
      // A second run of the firing would have been enqueued before this manual wake.
      agents.awaitManualWake(agentId);
      var runs = agents.runs(agentId, "timer");
      assertEquals(1, runs.size(), "one firing, one run: " + runs);
      assertEquals(scheduled, Instant.parse(runs.get(0).getString("scheduledAt")));
      var timer = api.get("/api/agents/" + agentId + "/timers/" + agentAndTimer[1]).json();
      assertEquals(scheduled.toString(), timer.getString("lastFiredAt"));
      assertEquals(scheduled.plus(Duration.ofDays(1)).toString(), timer.getString("nextFireAt"));
      assertTrue(timer.getBoolean("active"), timer::toString);
    }
  }
}
