package io.reveille.taskagent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.ChecklistService.ItemUpdate;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.JournalService.TaskChanges;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.taskagent.control.TaskAgents.Options;
import io.reveille.testing.ClassOrder;
import io.reveille.testing.Poll;
import io.reveille.workflow.control.WakeMemory;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The task agent with the deterministic engine (no model configured), end to end through the real
 * broker: journal changes publish batches, the agent's entity-id subscription matches them, the
 * wake runs its workflow, and the report and observations reflect the change within seconds.
 */
@ExtendWith(ArquillianExtension.class)
@Order(ClassOrder.MOSTLY_WAITING)
class TaskAgentIT {

  private static final Duration WAKE = Duration.ofSeconds(45);

  @Inject JournalService journal;
  @Inject ChecklistService checklists;
  @Inject TaskAgents taskAgents;
  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject WakeMemory wakeMemory;

  private String newTask(String categoryId, LocalDate due) {
    return journal
        .createTask(
            new NewTask(
                "Ship the report " + UUID.randomUUID().toString().substring(0, 8),
                Optional.of("The quarterly report"),
                Optional.of(categoryId),
                Optional.empty(),
                Optional.of(TaskPriority.P2),
                Optional.of(120),
                Optional.of(due),
                Optional.empty()),
            ChangeOrigin.NONE)
        .getId();
  }

  private String report(String agentId) {
    return memory
        .currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE)
        .map(r -> r.getContent())
        .orElse("");
  }

  private void moveDue(String taskId, LocalDate date) {
    journal.updateTask(
        taskId,
        OptionalLong.empty(),
        new TaskChanges(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.of(Optional.of(date)),
            Optional.empty()),
        ChangeOrigin.NONE);
  }

  @Test
  void theReportAndObservationsFollowTheTasksEdits() {
    var category = journal.createCategory("Work " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var taskId = newTask(category, LocalDate.parse("2026-12-01"));
    var items =
        checklists
            .createChecklist(taskId, "Steps", List.of("Draft", "Review"), ChangeOrigin.NONE)
            .items();

    var view = taskAgents.create(taskId, Options.defaults());
    var agentId = view.agent().getId();
    assertEquals(AgentKind.TASK_AGENT, view.agent().getKind());
    assertEquals(java.util.Set.of(category), view.agent().getAllowedCategoryIds());
    assertEquals(Optional.of(taskId), view.state().getSlots().getActiveTaskId());
    assertEquals(view.agent().getId(), taskAgents.get(taskId).agent().getId());

    // The first wake (queued by the creation) writes the first report.
    Poll.until(WAKE, () -> report(agentId).contains("Checklist: 0 of 2 done"));
    assertTrue(report(agentId).contains("**Due:** 2026-12-01"), report(agentId));
    assertTrue(
        wakeMemory.observations(agentId).stream()
            .anyMatch(o -> o.startsWith("Started following the task")),
        wakeMemory.observations(agentId).toString());

    // Checking an item: the batch wakes the agent, the report shows the progress.
    checklists.updateChecklistItems(
        List.of(new ItemUpdate(items.get(0).getId(), Optional.empty(), Optional.of(true))),
        ChangeOrigin.NONE);
    Poll.until(WAKE, () -> report(agentId).contains("Checklist: 1 of 2 done"));
    assertTrue(report(agentId).contains("## Achieved\n- Draft"), report(agentId));
    assertTrue(
        wakeMemory.observations(agentId).contains("Checked \"Draft\": 1 of 2 checklist items done"),
        wakeMemory.observations(agentId).toString());

    // Moving the due date twice: the second move is observed as such.
    moveDue(taskId, LocalDate.parse("2026-12-05"));
    Poll.until(WAKE, () -> report(agentId).contains("**Due:** 2026-12-05"));
    moveDue(taskId, LocalDate.parse("2026-12-09"));
    Poll.until(WAKE, () -> report(agentId).contains("**Due:** 2026-12-09 (moved twice)"));
    assertTrue(
        wakeMemory
            .observations(agentId)
            .contains("Due date moved for the 2nd time (2026-12-01 → 2026-12-05 → 2026-12-09)"),
        wakeMemory.observations(agentId).toString());
    assertEquals(0, agents.state(agentId).getConsecutiveFailureCount());
    // The observations were recorded through the tool executor: each is an action with a result.
    assertTrue(
        memory
                .messages(
                    agentId,
                    Optional.of(AgentMessageKind.ACTION),
                    Optional.empty(),
                    50,
                    Optional.empty())
                .messages()
                .size()
            >= 4);

    // Deleting the task sends the agent to sleep, keeping its report.
    journal.deleteTask(taskId, OptionalLong.empty(), ChangeOrigin.NONE);
    Poll.until(WAKE, () -> agents.get(agentId).getLifecycle() == AgentLifecycle.DORMANT);
    assertTrue(report(agentId).contains("2026-12-09"), "the report is kept");
    var system =
        memory.messages(
            agentId, Optional.of(AgentMessageKind.SYSTEM), Optional.empty(), 5, Optional.empty());
    assertEquals(1, system.messages().size(), "one system message says why it sleeps");
  }

  @Test
  void aTaskHasOneTaskAgent() {
    var category = journal.createCategory("Solo " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var taskId = newTask(category, LocalDate.parse("2026-12-01"));
    taskAgents.create(taskId, Options.defaults());

    var second =
        assertThrows(ConflictException.class, () -> taskAgents.create(taskId, Options.defaults()));
    assertTrue(second.getMessage().contains("already has task agent"), second.getMessage());
  }

  @Test
  void aTaskWithoutCategoryHasNoAgent() {
    var taskId =
        journal
            .createTask(
                new NewTask(
                    "Loose task",
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()),
                ChangeOrigin.NONE)
            .getId();

    assertThrows(InvalidInputException.class, () -> taskAgents.create(taskId, Options.defaults()));
  }
}
