package io.reveille.dayplanner.control;

import io.reveille.agent.entity.Agent;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.dayplanner.control.DayPlannerWorkflow.Planned;
import io.reveille.inference.control.ChatMessage;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.memory.entity.AgentReport;
import io.reveille.wake.control.WakeRun;
import io.reveille.workflow.control.AgentConversation;
import io.reveille.workflow.control.AgentConversation.Brief;
import io.reveille.workflow.control.Engine;
import io.reveille.workflow.control.WakeMemory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The day planner's model-driven planning: a model, told the day, its working hours and the
 * planner's own blocks, plans the day itself through the planning {@link #TOOLS} in one {@link
 * AgentConversation}, and its final answer is the report. Its tool calls go through the tool
 * executor like the deterministic engine's, so a re-run replays them.
 */
@ApplicationScoped
public class ModelDayPlanning {

  /** The tools a model may call as the day planner, where its profile allows. */
  static final Set<String> TOOLS =
      Set.of(
          "list_tasks_in_scope",
          "get_or_create_day_plan",
          "upsert_day_plan_blocks",
          "record_observations");

  @Inject DayPlanService dayPlans;
  @Inject PlannerLedger ledger;
  @Inject WakeMemory wakeMemory;
  @Inject AgentConversation conversation;

  /** Has {@code engine}'s model plan {@code day} on {@code run}'s wake. */
  Planned plan(WakeRun run, Agent agent, Day day, Engine engine) {
    var mineBefore = blocksOfPlanner(run.agentId(), day.date());
    var outcome =
        conversation.talk(
            new Brief(
                run,
                engine.model().orElseThrow(),
                systemPrompt(agent.getConfig().getInstructions(), day),
                List.of(
                    ChatMessage.user(
                        userMessage(run, day, wakeMemory.report(run.agentId()), mineBefore))),
                true,
                conversation.toolsFor(agent, run, TOOLS)));
    return new Planned(
        outcome.report(),
        blocksOfPlanner(run.agentId(), day.date()),
        engine.provenance(run, outcome).build());
  }

  /** The ids of the planner's own blocks on the date's plan, by start time. */
  private List<String> blocksOfPlanner(String agentId, LocalDate date) {
    var authored = ledger.authoredBlockIds(agentId);
    return dayPlans.dayPlan(date).map(view -> view.blocks()).orElse(List.of()).stream()
        .filter(block -> authored.contains(block.getId()))
        .sorted(Comparator.comparing(DayPlanBlock::getStartTime))
        .map(DayPlanBlock::getId)
        .toList();
  }

  static String systemPrompt(Optional<String> instructions, Day day) {
    var prompt =
        new StringBuilder(
            """
            You are the day planner of a personal task journal. Once a day you lay the user's open
            tasks out as time blocks on the day's plan, and report what you planned.

            On each wake:
            - Call list_tasks_in_scope for the open tasks (statuses open and inProgress).
            - Call get_or_create_day_plan for the plan date. Blocks on it that are not yours
              belong to the user or another agent: leave them alone, do not overlap them, and do
              not plan a task that already has one.
            - Decide the day: most urgent first (priority p0 before p3, then the earliest due
              date), one block per task as long as its estimate (an hour when it has none, at
              most three hours), back to back within the working hours, never past their end.
            - Write the day with ONE upsert_day_plan_blocks call: each block with the task's
              categoryId and taskId, and a short note naming the task. Revise your own earlier
              blocks by their id (or delete them) instead of adding duplicates.
            - Call record_observations only for something worth remembering across days (a task
              that never fits, a recurring overload).
            - Finish with the report as your final answer: markdown starting with "# Day plan for
              <date>", the blocks with their times (in the planner's zone) and task titles, then
              the tasks that did not fit. The final answer is the report and nothing else.
            """);
    prompt
        .append("\nPlan date: ")
        .append(day.date())
        .append("\nTime zone: ")
        .append(day.zone().getId())
        .append("\nWorking hours: ")
        .append(day.start())
        .append(" to ")
        .append(day.end())
        .append(" local time (blocks are written as UTC instants: ")
        .append(day.startInstant())
        .append(" to ")
        .append(day.endInstant())
        .append(").\n");
    instructions.ifPresent(text -> prompt.append("\nInstructions from the user:\n").append(text));
    return prompt.toString();
  }

  static String userMessage(
      WakeRun run, Day day, Optional<AgentReport> previous, Collection<String> myBlockIds) {
    var text = new StringBuilder();
    text.append("Woken: ").append(run.reason().wire()).append("\n");
    text.append("Plan the day ").append(day.date()).append(".\n\n");
    text.append("## Your blocks already on this plan\n");
    if (myBlockIds.isEmpty()) {
      text.append("(none: plan the day from scratch)\n");
    } else {
      text.append("Revise these (by id); every other block is someone else's:\n");
      myBlockIds.forEach(id -> text.append("- ").append(id).append('\n'));
    }
    text.append("\n## Your last report\n")
        .append(previous.map(AgentReport::getContent).orElse("(none yet: this is your first wake)"))
        .append('\n');
    return text.toString();
  }
}
