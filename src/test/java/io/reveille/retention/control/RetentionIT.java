package io.reveille.retention.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.retention.control.RetentionSteps.Kind;
import io.reveille.testing.Poll;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Retention purges finished runs older than its cutoff in small batches, keeps unfinished ones, and
 * wakes go on meanwhile. The cutoff is "now": every finished run of the suite so far is old enough,
 * which harms no other test (each reads only what it made, and test classes run one after another).
 */
@ExtendWith(ArquillianExtension.class)
class RetentionIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject Retention retention;

  @Test
  void oldFinishedRunsArePurgedInBatchesWhileUnfinishedOnesStayAndWakesGoOn() {
    var agentId = agents.create(NewAgent.custom("Forgetful")).agent().getId();
    var finished = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(finished).getStatus() == WakeStatus.COMPLETED);
    var busy = agents.create(NewAgent.custom("Still at it")).agent().getId();
    var unfinished =
        runLog.insertStartedRun(
            busy, "wk-live-" + UUID.randomUUID(), "other-node/boot-1", Instant.now());

    var cutoff = Instant.now().plusMillis(1);
    // Batches of 2, a round at most MAX_BATCHES_PER_ROUND of them: rounds until nothing is left
    // (the suite's other finished runs are old enough too).
    var purged = 0;
    for (var round = retention.purge(Kind.RUN_LOG, cutoff, 2);
        round > 0;
        round = retention.purge(Kind.RUN_LOG, cutoff, 2)) {
      purged += round;
    }

    assertTrue(purged >= 1, "purged " + purged);
    assertNull(runLog.find(finished), "the finished run is gone");
    assertEquals(WakeStatus.STARTED, runLog.find(unfinished).getStatus(), "a started run stays");
    var next = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(next).getStatus() == WakeStatus.COMPLETED);
  }
}
