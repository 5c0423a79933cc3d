package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.control.WakeRun.TimerFirings;
import io.reveille.wake.entity.WakeReason;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DayPlannerWorkflowTest {

  private static final LocalDate DATE = LocalDate.of(2026, 11, 20);
  private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
  private static final Day DAY = new Day(DATE, TOKYO, LocalTime.of(9, 0), LocalTime.of(18, 0));

  @Test
  void theSystemPromptNamesTheDayItsHoursInUtcTheRulesAndTheUsersInstructions() {
    var prompt = DayPlannerWorkflow.systemPrompt(Optional.of("Keep Friday afternoons free."), DAY);

    assertTrue(prompt.contains("Plan date: 2026-11-20"), prompt);
    assertTrue(prompt.contains("Time zone: Asia/Tokyo"), prompt);
    assertTrue(prompt.contains("09:00 to 18:00 local time"), prompt);
    assertTrue(prompt.contains("2026-11-20T00:00:00Z to 2026-11-20T09:00:00Z"), prompt);
    assertTrue(prompt.contains("ONE upsert_day_plan_blocks call"), prompt);
    assertTrue(prompt.contains("Instructions from the user:\nKeep Friday afternoons free."));
    assertFalse(DayPlannerWorkflow.systemPrompt(Optional.empty(), DAY).contains("Instructions"));
  }

  @Test
  void theUserMessageListsThePlannersOwnBlocksToReviseAndItsLastReport() {
    var first =
        DayPlannerWorkflow.userMessage(run(Optional.empty()), DAY, Optional.empty(), List.of());
    assertTrue(first.contains("Woken: manual"), first);
    assertTrue(first.contains("Plan the day 2026-11-20."), first);
    assertTrue(first.contains("(none: plan the day from scratch)"), first);
    assertTrue(first.contains("(none yet: this is your first wake)"), first);

    var again =
        DayPlannerWorkflow.userMessage(
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
        DayPlannerWorkflow.TOOLS);
  }

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

  @Test
  void openTasksAreReadFromTheToolAnswerSkippingTasksWithoutCategory() {
    var tasks =
        Json.createArrayBuilder()
            .add(
                Json.createObjectBuilder()
                    .add("id", "t1")
                    .add("title", "Ship")
                    .add("status", "OPEN")
                    .add("priority", "P0")
                    .add("categoryId", "c")
                    .add("estimateMinutes", 45)
                    .add("dueDate", "2026-11-22"))
            .add(
                Json.createObjectBuilder()
                    .add("id", "t2")
                    .add("title", "Loose")
                    .add("status", "OPEN")
                    .add("priority", "P1")
                    .addNull("categoryId")
                    .addNull("estimateMinutes")
                    .addNull("dueDate"))
            .build();

    var open = DayPlannerWorkflow.openTasks(tasks);

    assertEquals(1, open.size());
    assertEquals(TaskPriority.P0, open.get(0).priority());
    assertEquals(OptionalInt.of(45), open.get(0).estimateMinutes());
    assertEquals(Optional.of(LocalDate.of(2026, 11, 22)), open.get(0).dueDate());
  }

  @Test
  void aRevisionKeepsOneBlockPerTaskMovesItByIdAndDeletesTheRest() {
    var plan =
        DayPlanner.plan(
            DAY,
            List.of(
                DayPlannerTest.task("a", "A", TaskPriority.P0, 60, null),
                DayPlannerTest.task("b", "B", TaskPriority.P1, 60, null)),
            List.of(),
            Set.of());
    var mine = List.of(block("old-a", "a"), block("dup-a", "a"), block("old-gone", "gone"));

    var revision = DayPlannerWorkflow.Revision.of(plan, mine);

    assertEquals(2, revision.upserts().size());
    assertEquals("old-a", revision.upserts().get(0).getString("id"));
    assertEquals("a", revision.upserts().get(0).getString("taskId"));
    assertEquals("Work on: A", revision.upserts().get(0).getString("note"));
    assertFalse(revision.upserts().get(1).containsKey("id"), "b is new");
    assertEquals(List.of("dup-a", "old-gone"), revision.deletes());
    var arguments = revision.arguments(DATE);
    assertEquals("2026-11-20", arguments.getString("planDate"));
    assertEquals(2, arguments.getJsonArray("deletes").size());
  }

  @Test
  void theBlockIdsOfAWriteAreThePlannersReusedAndCreatedBlocksOfPlannedTasks() {
    var plan =
        DayPlanner.plan(
            DAY,
            List.of(
                DayPlannerTest.task("a", "A", TaskPriority.P0, 60, null),
                DayPlannerTest.task("b", "B", TaskPriority.P1, 60, null)),
            List.of(),
            Set.of());
    var revision = DayPlannerWorkflow.Revision.of(plan, List.of(block("old-a", "a")));
    var payload =
        Json.createObjectBuilder()
            .add("created", Json.createArrayBuilder().add(block("new-b", "b")))
            .add(
                "blocks",
                Json.createArrayBuilder()
                    .add(block("old-a", "a"))
                    .add(block("someone-elses", "x"))
                    .add(block("new-b", "b")))
            .build();

    assertEquals(List.of("old-a", "new-b"), revision.blockIds(payload));
  }

  @Test
  void nothingToWriteWhenNothingIsPlannedAndNothingIsTheirs() {
    var plan = DayPlanner.plan(DAY, List.of(), List.of(), Set.of());
    assertTrue(DayPlannerWorkflow.Revision.of(plan, List.of()).isEmpty());
    assertFalse(DayPlannerWorkflow.Revision.of(plan, List.of(block("x", "t"))).isEmpty());
  }

  private static JsonObject block(String id, String taskId) {
    return Json.createObjectBuilder()
        .add("id", id)
        .add("categoryId", "cat")
        .add("taskId", taskId)
        .add("startTime", "2026-11-20T00:00:00Z")
        .add("endTime", "2026-11-20T01:00:00Z")
        .addNull("note")
        .build();
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
