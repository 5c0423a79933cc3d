package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.transaction.UserTransaction;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A timer firing in a batch of the clock runs its wake's self-contained run (a custom agent on the
 * deterministic engine) inside the batch's transaction; a firing done alone, as after its batch
 * failed, leaves the run to the wake queue. Seen from inside the firing's transaction, before it
 * commits: there the queue cannot have run anything yet.
 */
@ExtendWith(ArquillianExtension.class)
class TimerFiringIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  private static final String DAILY =
      "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Berlin\"}}";

  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject TimerFiring firing;
  @Inject TimerAlarms alarms;
  @Inject TimerFixture timerFixture;
  @Inject JournalFixture fixture;
  @Inject UserTransaction transaction;

  @Test
  void aFiringInABatchRunsItsWakeWithinTheBatch() throws Exception {
    var fired = fireInOneTransaction(true);

    assertEquals(WakeStatus.COMPLETED, fired.inside(), "completed before the firing commits");
    assertEquals(WakeStatus.COMPLETED, onlyRun(fired.agentId()).getStatus());
    assertEquals(WakeReason.TIMER, onlyRun(fired.agentId()).getReason());
  }

  @Test
  void aFiringDoneAloneLeavesItsRunToTheQueue() throws Exception {
    var fired = fireInOneTransaction(false);

    assertEquals(WakeStatus.QUEUED, fired.inside(), "queued inside the firing's transaction");
    // The outcome is polled for, not asserted on each read: one CI run's first read after the
    // commit found no run at all, once in two dozen runs, and the run was not there to show why.
    // A lost run still fails here, with the run log as it was last read.
    Poll.until(
        WAKE,
        () ->
            fixture.runs(fired.agentId()).stream()
                .anyMatch(r -> r.getStatus() == WakeStatus.COMPLETED),
        () -> "runs " + fixture.runs(fired.agentId()));
    assertEquals(WakeStatus.COMPLETED, onlyRun(fired.agentId()).getStatus());
  }

  /** What one firing left: its agent, and its run's status before the firing committed. */
  private record Fired(String agentId, WakeStatus inside) {}

  /**
   * Creates a custom agent with a daily timer, makes the timer due a second ago and fires it, all
   * in one transaction of the test's own; the timer has moved on and its next alarm is armed.
   */
  private Fired fireInOneTransaction(boolean inBatch) throws Exception {
    var at = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(1);
    transaction.begin();
    try {
      var agentId = agents.create(NewAgent.custom("Timed inline")).agent().getId();
      var timer = timers.create(agentId, json(DAILY));
      timerFixture.makeDue(timer.getId(), at);
      firing.fire(agentId, timer.getId(), at, inBatch);
      var inside = onlyRun(agentId).getStatus();
      var next = timers.get(agentId, timer.getId()).getNextRunAt();
      assertEquals(
          java.util.List.of(next),
          alarms.pending().get(timer.getId()),
          "the next firing's alarm, and only it");
      transaction.commit();
      return new Fired(agentId, inside);
    } catch (Exception | Error e) {
      transaction.rollback();
      throw e;
    }
  }

  private WakeRunLogEntry onlyRun(String agentId) {
    var runs = fixture.runs(agentId);
    assertEquals(1, runs.size(), "one run: " + runs);
    return runs.get(0);
  }

  private static jakarta.json.JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }
}
