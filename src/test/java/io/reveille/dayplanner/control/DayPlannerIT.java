package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.schedule.control.AgentTimerService;
import io.reveille.testing.Poll;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A day planner with a timer a few seconds ahead plans that day from the open tasks of its category
 * — most urgent first, nothing of another category — through the day plan tools, and reports it; a
 * second wake the same day revises its own blocks instead of adding more.
 */
@ExtendWith(ArquillianExtension.class)
class DayPlannerIT {

  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject JournalService journal;
  @Inject DayPlanService dayPlans;
  @Inject MemoryService memory;
  @Inject WakeScheduler scheduler;
  @Inject DayPlannerFixture fixture;
  @Inject io.reveille.wake.control.RunLogFixture runLog;

  @Test
  void aTimerWakePlansTheDayMostUrgentFirstAndASecondWakeRevisesItsOwnBlocks() {
    var suffix = UUID.randomUUID().toString().substring(0, 8);
    var category = journal.createCategory("Planned " + suffix, ChangeOrigin.NONE).getId();
    var foreignCategory =
        journal.createCategory("Not planned " + suffix, ChangeOrigin.NONE).getId();
    var today = LocalDate.now(ZoneOffset.UTC);
    var tidy = task("Tidy the notes " + suffix, category, TaskPriority.P1, 30, null);
    var review =
        task("Review the budget " + suffix, category, TaskPriority.P1, null, today.plusDays(2));
    var ship = task("Ship the release " + suffix, category, TaskPriority.P0, 90, today.plusDays(5));
    var foreign = task("Foreign errand " + suffix, foreignCategory, TaskPriority.P0, 30, today);

    var agentId =
        agents
            .create(
                new NewAgent(
                    AgentKind.DAY_PLANNER,
                    "Planner " + suffix,
                    AgentMode.AUTONOMOUS,
                    AgentLifecycle.ACTIVE,
                    Set.of(category),
                    AgentConfig.empty(),
                    AgentSlots.empty()))
            .agent()
            .getId();
    var firesAt = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.SECONDS);
    timers.create(
        agentId,
        Json.createObjectBuilder()
            .add(
                "schedule",
                Json.createObjectBuilder()
                    .add("kind", "interval")
                    .add("everySeconds", 3600)
                    .add("anchor", firesAt.toString()))
            .build());
    var planDate = LocalDate.ofInstant(firesAt, ZoneOffset.UTC);

    Poll.until(Duration.ofSeconds(60), () -> completedRuns(agentId) == 1);
    var timerRun = fixture.runs(agentId).get(0);
    assertEquals(WakeReason.TIMER, timerRun.getReason());

    var first = ownBlocks(planDate, category);
    assertEquals(
        List.of(ship, review, tidy), taskIds(first), "P0 first, then the earlier due date");
    first.forEach(block -> assertEquals(category, block.getCategoryId()));
    assertEquals(Duration.ofMinutes(90), length(first.get(0)), "the estimate");
    assertEquals(Duration.ofMinutes(60), length(first.get(1)), "no estimate: an hour");
    assertEquals(Duration.ofMinutes(30), length(first.get(2)));
    assertTrue(
        first
                .get(0)
                .getStartTime()
                .atZone(ZoneOffset.UTC)
                .toLocalTime()
                .compareTo(java.time.LocalTime.of(9, 0))
            >= 0,
        "not before the day's start");
    assertNoOverlaps(first);
    assertTrue(
        dayPlans.dayPlan(planDate).orElseThrow().blocks().stream()
            .noneMatch(block -> foreign.equals(block.getTaskId())),
        "the task of another category is not planned");

    var report = memory.currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE).orElseThrow();
    assertTrue(report.getContent().startsWith("# Day plan for " + planDate), report.getContent());
    for (var title : List.of("Ship the release", "Review the budget", "Tidy the notes")) {
      assertTrue(report.getContent().contains(title + " " + suffix), report.getContent());
    }
    assertFalse(report.getContent().contains("Foreign errand"), report.getContent());
    var provenance = report.getProvenance();
    assertEquals("deterministic", provenance.getString("engine"));
    assertEquals(timerRun.getRunKey(), provenance.getString("runKey"));
    assertEquals(planDate.toString(), provenance.getString("planDate"));
    assertEquals(
        first.stream().map(DayPlanBlock::getId).toList(),
        provenance.getJsonArray("blockIds").getValuesAs(jakarta.json.JsonString.class).stream()
            .map(jakarta.json.JsonString::getString)
            .toList());

    var actions = texts(agentId, AgentMessageKind.ACTION);
    assertEquals(
        3, actions.size(), "list_tasks_in_scope, get_or_create_day_plan, upsert: " + actions);
    assertEquals(3, texts(agentId, AgentMessageKind.TOOL_RESULT).size());

    // The same day again, by hand: the planner's own blocks are revised, not duplicated.
    journal.updateTask(
        tidy,
        java.util.OptionalLong.empty(),
        new JournalService.TaskChanges(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.of(TaskPriority.P0),
            Optional.empty(),
            Optional.empty()),
        ChangeOrigin.NONE);
    var manual = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(
        Duration.ofSeconds(60), () -> fixture.run(manual).getStatus() == WakeStatus.COMPLETED);

    var second = ownBlocks(planDate, category);
    assertEquals(List.of(ship, tidy, review), taskIds(second), "tidy is P0 now");
    assertEquals(
        first.stream().map(DayPlanBlock::getId).sorted().toList(),
        second.stream().map(DayPlanBlock::getId).sorted().toList(),
        "one block per task, the same blocks moved");
    assertNoOverlaps(dayPlans.dayPlan(planDate).orElseThrow().blocks());
    var revised = memory.currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE).orElseThrow();
    assertEquals(manual, revised.getProvenance().getString("runKey"));

    // The server dies after the block write and before the run completed: the re-run does not
    // write again (its arguments would no longer match) and reports the plan it wrote.
    runLog.uncomplete(manual);
    scheduler.requeueUnfinished();
    Poll.until(
        Duration.ofSeconds(60),
        () ->
            fixture.run(manual).getStatus() == WakeStatus.COMPLETED
                && fixture.run(manual).getAttempts() == 2);
    var replayed = ownBlocks(planDate, category);
    assertEquals(taskIds(second), taskIds(replayed));
    assertEquals(
        second.stream().map(b -> b.getId() + "@" + b.getStartTime()).toList(),
        replayed.stream().map(b -> b.getId() + "@" + b.getStartTime()).toList(),
        "the plan is as the first attempt wrote it");
    var after = memory.currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE).orElseThrow();
    assertFalse(after.getProvenance().containsKey("failure"), after.getContent());
    assertEquals(
        second.stream().map(DayPlanBlock::getId).toList(),
        after
            .getProvenance()
            .getJsonArray("blockIds")
            .getValuesAs(jakarta.json.JsonString.class)
            .stream()
            .map(jakarta.json.JsonString::getString)
            .toList());
  }

  private String task(
      String title, String categoryId, TaskPriority priority, Integer estimate, LocalDate due) {
    return journal
        .createTask(
            new NewTask(
                title,
                Optional.empty(),
                Optional.of(categoryId),
                Optional.of(TaskStatus.OPEN),
                Optional.of(priority),
                Optional.ofNullable(estimate),
                Optional.ofNullable(due)),
            ChangeOrigin.NONE)
        .getId();
  }

  /**
   * A planner with the slot preference {@code replanAt} plans again at that time of day with no
   * timer: each wake's outcome sets the next one (a scheduled wake), which runs then and sets the
   * one after, a day later.
   */
  @Test
  void aPlannerThatSaysWhenToReplanWakesThenAndSetsTheNextDay() {
    var suffix = UUID.randomUUID().toString().substring(0, 8);
    var category = journal.createCategory("Replanned " + suffix, ChangeOrigin.NONE).getId();
    var replanAt = java.time.LocalTime.now(ZoneOffset.UTC).plusSeconds(12).withNano(0);
    var chosen = DayPlannerWorkflow.nextOccurrence(replanAt, ZoneOffset.UTC, Instant.now());
    var agentId =
        agents
            .create(
                new NewAgent(
                    AgentKind.DAY_PLANNER,
                    "Replanner " + suffix,
                    AgentMode.AUTONOMOUS,
                    AgentLifecycle.ACTIVE,
                    Set.of(category),
                    AgentConfig.empty(),
                    AgentSlots.empty()
                        .withPreference("timeZone", "UTC")
                        .withPreference("replanAt", replanAt.toString())))
            .agent()
            .getId();

    var manual = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(
        Duration.ofSeconds(60),
        () -> completedRuns(agentId) == 2,
        () -> "runs " + fixture.runs(agentId).stream().map(DayPlannerIT::shown).toList());

    var runs = fixture.runs(agentId);
    var replanned =
        runs.stream()
            .filter(run -> run.getReason() == WakeReason.SCHEDULED)
            .filter(run -> run.getStatus() == WakeStatus.COMPLETED)
            .findFirst()
            .orElseThrow(() -> new AssertionError(runs.stream().map(DayPlannerIT::shown).toList()));
    assertFalse(
        replanned.getStartedAt().isBefore(chosen),
        () -> shown(replanned) + " started before " + chosen);
    assertEquals(WakeStatus.COMPLETED, fixture.run(manual).getStatus());
    var next =
        runs.stream()
            .filter(run -> run.getReason() == WakeReason.SCHEDULED)
            .filter(run -> run.getStatus() == WakeStatus.QUEUED)
            .toList();
    assertEquals(1, next.size(), () -> runs.stream().map(DayPlannerIT::shown).toList().toString());
    assertEquals(chosen.plus(Duration.ofDays(1)), next.get(0).getNotBefore(), "a day later");
    agents.destroy(agentId, java.util.OptionalLong.empty());
  }

  private static String shown(WakeRunLogEntry run) {
    return run.getReason().wire()
        + " "
        + run.getStatus().wire()
        + " notBefore="
        + run.getNotBefore()
        + " startedAt="
        + run.getStartedAt();
  }

  private long completedRuns(String agentId) {
    return fixture.runs(agentId).stream()
        .filter(run -> run.getStatus() == WakeStatus.COMPLETED)
        .count();
  }

  private List<DayPlanBlock> ownBlocks(LocalDate date, String categoryId) {
    return dayPlans.dayPlan(date).orElseThrow().blocks().stream()
        .filter(block -> categoryId.equals(block.getCategoryId()))
        .sorted(Comparator.comparing(DayPlanBlock::getStartTime))
        .toList();
  }

  private List<String> texts(String agentId, AgentMessageKind kind) {
    return memory
        .messages(agentId, Optional.of(kind), Optional.empty(), 50, Optional.empty())
        .messages()
        .stream()
        .map(Object::toString)
        .toList();
  }

  private static List<String> taskIds(List<DayPlanBlock> blocks) {
    return blocks.stream().map(DayPlanBlock::getTaskId).toList();
  }

  private static Duration length(DayPlanBlock block) {
    return Duration.between(block.getStartTime(), block.getEndTime());
  }

  private static void assertNoOverlaps(List<DayPlanBlock> blocks) {
    var sorted = blocks.stream().sorted(Comparator.comparing(DayPlanBlock::getStartTime)).toList();
    for (int i = 1; i < sorted.size(); i++) {
      assertFalse(
          sorted.get(i).getStartTime().isBefore(sorted.get(i - 1).getEndTime()),
          "overlap: " + sorted.get(i - 1).getId() + " and " + sorted.get(i).getId());
    }
  }
}
