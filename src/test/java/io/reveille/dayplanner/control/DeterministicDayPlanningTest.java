package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.journal.entity.TaskPriority;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeterministicDayPlanningTest {

  private static final LocalDate DATE = LocalDate.of(2026, 11, 20);
  private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
  private static final Day DAY = new Day(DATE, TOKYO, LocalTime.of(9, 0), LocalTime.of(18, 0));

  @Test
  void openTasksAreReadFromTheToolAnswerSkippingTasksWithoutCategory() {
    var tasks =
        Json.createArrayBuilder()
            .add(
                Json.createObjectBuilder()
                    .add("id", "t1")
                    .add("title", "Ship")
                    .add("status", "open")
                    .add("priority", "p0")
                    .add("categoryId", "c")
                    .add("estimateMinutes", 45)
                    .add("dueDate", "2026-11-22"))
            .add(
                Json.createObjectBuilder()
                    .add("id", "t2")
                    .add("title", "Loose")
                    .add("status", "open")
                    .add("priority", "p1")
                    .addNull("categoryId")
                    .addNull("estimateMinutes")
                    .addNull("dueDate"))
            .build();

    var open = DeterministicDayPlanning.openTasks(tasks);

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

    var revision = DeterministicDayPlanning.Revision.of(plan, mine);

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
    var revision = DeterministicDayPlanning.Revision.of(plan, List.of(block("old-a", "a")));
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
    assertTrue(DeterministicDayPlanning.Revision.of(plan, List.of()).isEmpty());
    assertFalse(DeterministicDayPlanning.Revision.of(plan, List.of(block("x", "t"))).isEmpty());
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
}
