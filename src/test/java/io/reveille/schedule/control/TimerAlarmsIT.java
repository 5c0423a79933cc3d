package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The alarm rows follow the timer rows and the agent's lifecycle, in the same transactions: one
 * pending alarm per active timer of an active agent, for its next firing; none left behind by a
 * delete, a pause or a destroy; resuming re-arms.
 */
@ExtendWith(ArquillianExtension.class)
class TimerAlarmsIT {

  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject TimerAlarms alarms;

  private static final String DAILY =
      "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Berlin\"}}";

  @Test
  void oneAlarmPerTimerAtItsNextFiringAndNoneLeftByADelete() {
    var agentId = newAgent();
    var timer = timers.create(agentId, json(DAILY));
    assertEquals(List.of(timer.getNextRunAt()), pending(timer.getId()));

    var moved =
        timers.update(
            agentId,
            timer.getId(),
            OptionalLong.of(timer.getVersion()),
            json("{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Asia/Tokyo\"}}"));
    assertEquals(List.of(moved.getNextRunAt()), pending(timer.getId()), "re-armed, not added");
    assertEquals(
        "07:00",
        moved.getNextRunAt().atZone(java.time.ZoneId.of("Asia/Tokyo")).toLocalTime().toString());

    timers.delete(agentId, timer.getId(), OptionalLong.empty());
    assertEquals(List.of(), pending(timer.getId()), "no orphan in the timer store");
  }

  @Test
  void pausingCancelsResumingReArmsAndDestroyingCancelsForGood() {
    var agentId = newAgent();
    var timer = timers.create(agentId, json(DAILY));
    var next = timer.getNextRunAt();

    agents.pause(agentId, OptionalLong.empty());
    assertEquals(List.of(), pending(timer.getId()));
    assertNull(agents.state(agentId).getScheduledWakeAt());

    agents.resume(agentId, OptionalLong.empty());
    assertEquals(List.of(next), pending(timer.getId()));
    assertEquals(next, agents.state(agentId).getScheduledWakeAt());

    agents.destroy(agentId, OptionalLong.empty());
    assertEquals(List.of(), pending(timer.getId()));
    assertFalse(timers.get(agentId, timer.getId()).isActive());
  }

  @Test
  void anInactiveTimerHasNoAlarmAndReconciliationLeavesTheStoreAsItShouldBe() {
    var agentId = newAgent();
    var inactive =
        timers.create(
            agentId,
            json(
                "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"UTC\"},"
                    + "\"active\":false}"));
    assertFalse(inactive.isActive());
    assertEquals(List.of(), pending(inactive.getId()));

    var active = timers.create(agentId, json(DAILY));
    var result = timers.reconcile();
    assertEquals(0, result.armed(), "nothing missing: " + result);
    assertTrue(result.activeTimers() >= 1);
    assertEquals(List.of(active.getNextRunAt()), pending(active.getId()));
  }

  private List<Instant> pending(String timerId) {
    return alarms.pending().getOrDefault(timerId, List.of());
  }

  private String newAgent() {
    return agents.create(NewAgent.custom("Timed")).agent().getId();
  }

  private static jakarta.json.JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }
}
