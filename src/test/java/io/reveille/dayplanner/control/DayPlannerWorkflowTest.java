package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.entity.AgentKind;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.control.WakeRun.TimerFirings;
import io.reveille.wake.entity.WakeReason;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DayPlannerWorkflowTest {

  private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");

  @Test
  void aTimerWakePlansTheDayOfItsLastFiringInTheZoneAManualWakeToday() {
    var workflow = new DayPlannerWorkflow();
    workflow.clock = Clock.fixed(Instant.parse("2026-11-20T16:00:00Z"), ZoneOffset.UTC);

    var manual = workflow.planDate(run(Optional.empty()), TOKYO);
    assertEquals(LocalDate.of(2026, 11, 21), manual, "01:00 on the 21st in Tokyo");

    var catchUp =
        new TimerFirings(
            "t", Instant.parse("2026-11-17T22:00:00Z"), Instant.parse("2026-11-19T22:00:00Z"), 3);
    assertEquals(LocalDate.of(2026, 11, 20), workflow.planDate(run(Optional.of(catchUp)), TOKYO));
  }

  private static WakeRun run(Optional<TimerFirings> firings) {
    return new WakeRun(
        "rk",
        "agent",
        AgentKind.DAY_PLANNER,
        firings.isPresent() ? WakeReason.TIMER : WakeReason.MANUAL,
        "agent:rk",
        List.of(),
        1,
        firings);
  }

  @Test
  void theNextReplanIsTheFirstMomentAfterNowAtThatLocalTime() {
    var berlin = java.time.ZoneId.of("Europe/Berlin");
    var time = java.time.LocalTime.of(7, 30);
    assertEquals(
        java.time.Instant.parse("2026-11-30T06:30:00Z"),
        DayPlannerWorkflow.nextOccurrence(
            time, berlin, java.time.Instant.parse("2026-11-30T05:00:00Z")));
    assertEquals(
        java.time.Instant.parse("2026-12-01T06:30:00Z"),
        DayPlannerWorkflow.nextOccurrence(
            time, berlin, java.time.Instant.parse("2026-11-30T06:30:00Z")),
        "not now: the next day");
  }
}
