package io.reveille.workflow.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.entity.AgentKind;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.control.WakeRun.TimerFirings;
import io.reveille.wake.entity.WakeReason;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CustomAgentWorkflowTest {

  private static final Instant T0 = Instant.parse("2026-11-23T07:00:00Z");

  private static WakeRun timerRun(WakeReason reason, TimerFirings firings) {
    return new WakeRun(
        "rk", "a1", AgentKind.CUSTOM, reason, "a1:run:rk", List.of(), 1, Optional.of(firings));
  }

  @Test
  void aTimerWakeNamesItsTimerAndScheduledInstant() {
    assertEquals(
        "Woken (timer) by timer t1 scheduled for 2026-11-23T07:00:00Z.",
        new CustomAgentWorkflow()
            .describe(timerRun(WakeReason.TIMER, new TimerFirings("t1", T0, T0, 1))));
  }

  @Test
  void aCatchUpNamesHowManyFiringsItCoalescedAndTheirRange() {
    assertEquals(
        "Woken (timerCatchup) by timer t1 catching up 3 missed firings from"
            + " 2026-11-23T07:00:00Z to 2026-11-25T07:00:00Z.",
        new CustomAgentWorkflow()
            .describe(
                timerRun(
                    WakeReason.TIMER_CATCHUP,
                    new TimerFirings("t1", T0, T0.plusSeconds(2 * 86_400), 3))));
  }
}
