package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.control.WakeRun.TimerFirings;
import io.reveille.wake.entity.WakeReason;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ModelDayPlanningTest {

  private static final LocalDate DATE = LocalDate.of(2026, 11, 20);
  private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
  private static final Day DAY = new Day(DATE, TOKYO, LocalTime.of(9, 0), LocalTime.of(18, 0));

  @Test
  void theSystemPromptNamesTheDayItsHoursInUtcTheRulesAndTheUsersInstructions() {
    var prompt = ModelDayPlanning.systemPrompt(Optional.of("Keep Friday afternoons free."), DAY);

    assertTrue(prompt.contains("Plan date: 2026-11-20"), prompt);
    assertTrue(prompt.contains("Time zone: Asia/Tokyo"), prompt);
    assertTrue(prompt.contains("09:00 to 18:00 local time"), prompt);
    assertTrue(prompt.contains("2026-11-20T00:00:00Z to 2026-11-20T09:00:00Z"), prompt);
    assertTrue(prompt.contains("ONE upsert_day_plan_blocks call"), prompt);
    assertTrue(prompt.contains("Instructions from the user:\nKeep Friday afternoons free."));
    assertFalse(ModelDayPlanning.systemPrompt(Optional.empty(), DAY).contains("Instructions"));
  }

  @Test
  void theUserMessageListsThePlannersOwnBlocksToReviseAndItsLastReport() {
    var first =
        ModelDayPlanning.userMessage(run(Optional.empty()), DAY, Optional.empty(), List.of());
    assertTrue(first.contains("Woken: manual"), first);
    assertTrue(first.contains("Plan the day 2026-11-20."), first);
    assertTrue(first.contains("(none: plan the day from scratch)"), first);
    assertTrue(first.contains("(none yet: this is your first wake)"), first);

    var again =
        ModelDayPlanning.userMessage(
            run(Optional.empty()), DAY, Optional.empty(), List.of("b-1", "b-2"));
    assertTrue(again.contains("Revise these (by id)"), again);
    assertTrue(again.contains("- b-1\n- b-2\n"), again);
  }

  @Test
  void theModelIsOfferedOnlyThePlanningTools() {
    assertEquals(
        Set.of(
            "list_tasks_in_scope",
            "get_or_create_day_plan",
            "upsert_day_plan_blocks",
            "record_observations"),
        ModelDayPlanning.TOOLS);
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
}
