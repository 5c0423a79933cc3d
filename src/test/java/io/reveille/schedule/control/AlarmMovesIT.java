package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.persistence.OptimisticLockException;
import java.io.StringReader;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A slice's alarm moves, written as one JDBC batch: each alarm goes to its next firing, and an
 * alarm another writer changed after the slice read it fails the batch and moves none of them.
 */
@ExtendWith(ArquillianExtension.class)
class AlarmMovesIT {

  private static final String DAILY =
      "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Berlin\"}}";

  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject TimerAlarms alarms;
  @Inject TimerFixture fixture;

  /** A firing a day ahead, which no clock takes during the test, and the one after it. */
  private final Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS).plus(1, ChronoUnit.DAYS);

  private final Instant next = at.plus(1, ChronoUnit.DAYS);

  @Test
  void aSliceOfMovesTakesEachAlarmToItsNextFiring() {
    var first = dueTimer();
    var second = dueTimer();

    fixture.move(List.of(first, second), at, next, false);

    assertEquals(List.of(next), pending(first));
    assertEquals(List.of(next), pending(second));
  }

  @Test
  void anAlarmChangedAfterTheReadFailsTheBatchAndNothingMoves() {
    var changed = dueTimer();
    var other = dueTimer();

    assertThrows(
        OptimisticLockException.class, () -> fixture.move(List.of(changed, other), at, next, true));

    assertEquals(List.of(at), pending(changed), "rolled back with the batch");
    assertEquals(List.of(at), pending(other), "rolled back with the batch");
  }

  private String dueTimer() {
    var agentId = agents.create(NewAgent.custom("Moved alarms")).agent().getId();
    var timer = timers.create(agentId, Json.createReader(new StringReader(DAILY)).readObject());
    fixture.makeDue(timer.getId(), at);
    return timer.getId();
  }

  private List<Instant> pending(String timerId) {
    return alarms.pending().getOrDefault(timerId, List.of());
  }
}
