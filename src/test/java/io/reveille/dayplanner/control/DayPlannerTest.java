package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.dayplanner.control.DayPlanner.Busy;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.dayplanner.control.DayPlanner.OpenTask;
import io.reveille.dayplanner.control.DayPlanner.Plan;
import io.reveille.dayplanner.control.DayPlanner.Slot;
import io.reveille.journal.entity.TaskPriority;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DayPlannerTest {

  private static final LocalDate DATE = LocalDate.of(2026, 11, 20);
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final Day DAY = new Day(DATE, BERLIN, LocalTime.of(9, 0), LocalTime.of(18, 0));

  @Test
  void mostUrgentFirstByPriorityThenDueDateThenTitle() {
    var tasks =
        List.of(
            task("later", "Zebra", TaskPriority.P1, 30, DATE.plusDays(3)),
            task("none", "Alpha", TaskPriority.P1, 30, null),
            task("p2", "Aardvark", TaskPriority.P2, 30, DATE),
            task("soon", "Yak", TaskPriority.P1, 30, DATE.plusDays(1)),
            task("p0", "Mole", TaskPriority.P0, 30, null),
            task("none2", "Beta", TaskPriority.P1, 30, null));

    var plan = plan(tasks);

    assertEquals(List.of("p0", "soon", "later", "none", "none2", "p2"), ids(plan));
  }

  @Test
  void blocksAreBackToBackFromTheDayStartInTheZone() {
    var plan =
        plan(
            List.of(
                task("a", "A", TaskPriority.P0, 90, null),
                task("b", "B", TaskPriority.P1, 45, null)));

    assertEquals(at(9, 0), plan.slots().get(0).start());
    assertEquals(at(10, 30), plan.slots().get(0).end());
    assertEquals(at(10, 30), plan.slots().get(1).start());
    assertEquals(at(11, 15), plan.slots().get(1).end());
    assertEquals(Instant.parse("2026-11-20T08:00:00Z"), plan.slots().get(0).start(), "CET");
  }

  @Test
  void noEstimateIsAnHourAndALargeOneIsCappedAtThreeHours() {
    var plan =
        plan(
            List.of(
                task("none", "A", TaskPriority.P0, null, null),
                task("zero", "B", TaskPriority.P1, 0, null),
                task("huge", "C", TaskPriority.P2, 600, null)));

    assertEquals(
        List.of(Duration.ofMinutes(60), Duration.ofMinutes(60), Duration.ofMinutes(180)),
        plan.slots().stream().map(DayPlannerTest::length).toList());
  }

  @Test
  void aTaskThatWouldEndAfterTheDayEndIsLeftOutAndAShorterOneAfterItStillFits() {
    var plan =
        plan(
            List.of(
                task("a", "A", TaskPriority.P0, 180, null),
                task("b", "B", TaskPriority.P0, 180, null),
                task("c", "C", TaskPriority.P1, 150, null),
                task("d", "D", TaskPriority.P2, 120, null),
                task("e", "E", TaskPriority.P3, 30, null)));

    assertEquals(List.of("a", "b", "c", "e"), ids(plan));
    assertEquals(at(17, 30), plan.slots().get(2).end());
    assertEquals(at(18, 0), plan.slots().get(3).end(), "ends exactly at the day's end");
    assertEquals(List.of("d"), plan.notFitted().stream().map(OpenTask::id).toList());
  }

  @Test
  void otherBlocksArePlannedAroundAndTheirTasksAreNotPlannedAgain() {
    var busy = List.of(new Busy(at(9, 30), at(10, 0)), new Busy(at(11, 0), at(12, 0)));
    var plan =
        DayPlanner.plan(
            DAY,
            List.of(
                task("a", "A", TaskPriority.P0, 30, null),
                task("b", "B", TaskPriority.P0, 60, null),
                task("c", "C", TaskPriority.P1, 60, null),
                task("taken", "T", TaskPriority.P0, 60, null)),
            busy,
            Set.of("taken"));

    assertEquals(List.of("a", "b", "c"), ids(plan));
    assertEquals(List.of(at(9, 0), at(10, 0), at(12, 0)), starts(plan));
    assertEquals(List.of("taken"), plan.plannedElsewhere().stream().map(OpenTask::id).toList());
  }

  @Test
  void nothingToPlanGivesAnEmptyPlanAndASayingReport() {
    var plan = plan(List.of());

    assertTrue(plan.isEmpty());
    var report = PlanReport.markdown(plan, 0, Optional.empty());
    assertTrue(report.startsWith("# Day plan for 2026-11-20"), report);
    assertTrue(report.contains("No open tasks in scope"), report);
  }

  @Test
  void theReportListsTheBlocksWithLocalTimesAndWhatDidNotFit() {
    var plan =
        plan(
            List.of(
                task("a", "Write | release notes", TaskPriority.P0, 540, DATE),
                task("b", "Review", TaskPriority.P1, 120, null),
                task("c", "Too long", TaskPriority.P2, 180, null),
                task("d", "Also long", TaskPriority.P2, 180, null),
                task("e", "Yet another", TaskPriority.P3, 60, null)));

    var report = PlanReport.markdown(plan, 5, Optional.empty());

    assertTrue(
        report.contains("| 09:00–12:00 | Write \\| release notes | P0 | 2026-11-20 |"), report);
    assertTrue(report.contains("| 12:00–14:00 | Review | P1 | — |"), report);
    assertTrue(report.contains("4 blocks, 9 h planned from 5 open tasks."), report);
    assertTrue(report.contains("## Did not fit before 18:00\n\n- Too long (P2, 3 h)"), report);
  }

  @Test
  void aRequestForTimeComesFirstForTheMinutesItAsksTheMorePressingFirst() {
    var plan =
        plan(
            List.of(
                task("p0", "Urgent", TaskPriority.P0, 60, DATE),
                asked(task("mild", "Mild", TaskPriority.P3, 30, null), 45, 2, null, null),
                asked(task("hot", "Hot", TaskPriority.P3, 30, null), 90, 20, null, null)));

    assertEquals(List.of("hot", "mild", "p0"), ids(plan));
    assertEquals(
        List.of(Duration.ofMinutes(90), Duration.ofMinutes(45), Duration.ofMinutes(60)),
        plan.slots().stream().map(DayPlannerTest::length).toList());
    assertEquals(at(9, 0), plan.slots().get(0).start());
  }

  @Test
  void aRequestForTimeFallsInItsWindowAndTheOthersPlanAroundIt() {
    var plan =
        plan(
            List.of(
                task("a", "A", TaskPriority.P0, 60, null),
                asked(task("asked", "Asked", TaskPriority.P3, 30, null), 60, 9, at(14, 0), null),
                task("b", "B", TaskPriority.P1, 60, null)));

    assertEquals(List.of("a", "b", "asked"), ids(plan), "in the order of the day");
    assertEquals(List.of(at(9, 0), at(10, 0), at(14, 0)), starts(plan));
  }

  @Test
  void aRequestWhoseWindowTheDayCannotHoldIsNotFitted() {
    var plan =
        plan(
            List.of(
                task("a", "A", TaskPriority.P0, 120, null),
                asked(
                    task("asked", "Asked", TaskPriority.P3, 30, null),
                    60,
                    9,
                    at(10, 0),
                    at(10, 30))));

    assertEquals(List.of("a"), ids(plan));
    assertEquals(List.of("asked"), plan.notFitted().stream().map(OpenTask::id).toList());
  }

  @Test
  void aDayMustEndAfterItStarts() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new Day(DATE, BERLIN, LocalTime.of(18, 0), LocalTime.of(9, 0)));
  }

  private static Plan plan(List<OpenTask> tasks) {
    return DayPlanner.plan(DAY, tasks, List.of(), Set.of());
  }

  static OpenTask task(
      String id, String title, TaskPriority priority, Integer estimate, LocalDate due) {
    return new OpenTask(
        id,
        title,
        "cat",
        priority,
        Optional.ofNullable(due),
        estimate == null ? OptionalInt.empty() : OptionalInt.of(estimate));
  }

  private static OpenTask asked(
      OpenTask task, int minutes, int pressure, Instant earliest, Instant latest) {
    return new OpenTask(
        task.id(),
        task.title(),
        task.categoryId(),
        task.priority(),
        task.dueDate(),
        task.estimateMinutes(),
        Optional.of(
            new DayPlanner.Attention(
                "request-" + task.id(),
                minutes,
                pressure,
                Optional.ofNullable(earliest),
                Optional.ofNullable(latest))));
  }

  private static Instant at(int hour, int minute) {
    return DATE.atTime(hour, minute).atZone(BERLIN).toInstant();
  }

  private static List<String> ids(Plan plan) {
    return plan.slots().stream().map(slot -> slot.task().id()).toList();
  }

  private static List<Instant> starts(Plan plan) {
    return plan.slots().stream().map(Slot::start).toList();
  }

  private static Duration length(Slot slot) {
    return Duration.between(slot.start(), slot.end());
  }
}
