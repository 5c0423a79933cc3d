package io.reveille.taskagent.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentKind;
import io.reveille.inference.control.ChatMessage;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentReport;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.taskagent.control.TaskAnalyst.Analysis;
import io.reveille.taskagent.control.TaskAnalyst.Memory;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.wake.control.AgentWorkflow;
import io.reveille.wake.control.RunPhases;
import io.reveille.wake.control.WakeOutcome;
import io.reveille.wake.control.WakeOutcome.ReportDraft;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.entity.WakeReason;
import io.reveille.workflow.control.AgentConversation;
import io.reveille.workflow.control.AgentConversation.Brief;
import io.reveille.workflow.control.CustomAgentWorkflow;
import io.reveille.workflow.control.Engine;
import io.reveille.workflow.control.WakeMemory;
import io.reveille.workflow.control.WakeOpener;
import io.reveille.workingstate.control.Expectation;
import io.reveille.workingstate.control.WorkingStates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The task agent's wake (seed 003 §5.3): load its report and observations, read the task, follow
 * the task's current checklists and items, work out what changed since the last wake, think — with
 * the deterministic {@link TaskAnalyst} or a model through {@link AgentConversation} — record new
 * observations through {@code record_observations}, and hand the new report to the runner, which
 * writes it with its head and the run's completion in one transaction. A task that no longer exists
 * sends the agent to sleep (dormant), keeping everything.
 */
@ApplicationScoped
public class TaskAgentWorkflow implements AgentWorkflow {

  private static final Logger LOG = Logger.getLogger(TaskAgentWorkflow.class.getName());

  /** The tools a model may call as the task agent (seed 003 §5.2), where its profile allows. */
  static final Set<String> TOOLS =
      Set.of(
          "set_task_title",
          "update_task_estimate",
          "update_task_due_date",
          "update_task_priority",
          "set_task_status",
          "add_multiple_checklist_items",
          "update_checklist_items",
          "migrate_checklist_items",
          "link_task",
          "get_related_task_details",
          "request_attention",
          "resolve_attention_request",
          "record_observations");

  @Inject WakeOpener opener;
  @Inject AgentService agents;
  @Inject TaskAgents taskAgents;
  @Inject TaskContextReader reader;
  @Inject WakeMemory wakeMemory;
  @Inject AgentConversation conversation;
  @Inject ToolExecutor tools;
  @Inject WorkingStates workingStates;
  @Inject RunPhases runPhases;
  @Inject Clock clock;

  @Override
  public AgentKind kind() {
    return AgentKind.TASK_AGENT;
  }

  @Override
  public WakeOutcome execute(WakeRun run) {
    var agent = opener.agent(run);
    var taskId = agents.state(run.agentId()).getSlots().getActiveTaskId();
    if (taskId.isEmpty()) {
      return WakeOutcome.dormant(
          "This task agent has no task (slots.activeTaskId is empty); it sleeps until one is set"
              + " and it is resumed.");
    }
    var context = reader.read(taskId.get());
    if (context.isEmpty()) {
      return WakeOutcome.dormant(
          "Task "
              + taskId.get()
              + " no longer exists (deleted in the journal). This agent sleeps; its report and"
              + " observations are kept.");
    }
    var category = context.get().snapshot().categoryId();
    if (category.isEmpty() || !agent.getAllowedCategoryIds().contains(category.get())) {
      // Its scope decides what it may see: a task outside it (moved to another category, or a
      // slot pointing elsewhere) is not read into a report or sent to a model.
      return WakeOutcome.dormant(
          "Task "
              + taskId.get()
              + " is outside this agent's categories (it moved, or slots.activeTaskId names a task"
              + " of another category). This agent sleeps; widen allowedCategoryIds or point it at"
              + " a task in scope, then resume it.");
    }
    taskAgents.follow(run.agentId(), context.get().followedIds(TaskAgents.MAX_FOLLOWED_IDS));
    var previous = wakeMemory.report(run.agentId());
    var memory = Memory.fromProvenance(previous.map(AgentReport::getProvenance).orElse(null));
    var analysis = TaskAnalyst.analyse(memory, context.get().snapshot(), LocalDate.now(clock));
    var engine = opener.engineFor(agent);
    if (run.reason() == WakeReason.USER_INITIATED) {
      return answer(run, agent, engine, previous, context.get(), analysis);
    }
    if (engine.isDeterministic()) {
      runPhases
          .of(run)
          .next(
              "observe",
              1,
              List.of(),
              () -> {
                observe(run, analysis.observations());
                return null;
              });
      return report(run, analysis.report(), analysis, engine.provenance(run));
    }
    var outcome =
        conversation.talk(
            new Brief(
                run,
                engine.model().orElseThrow(),
                systemPrompt(agent),
                List.of(
                    ChatMessage.user(
                        userMessage(
                            run,
                            previous,
                            wakeMemory.observations(run.agentId()),
                            context.get(),
                            analysis))),
                true,
                conversation.toolsFor(agent, run, TOOLS)));
    return report(run, outcome.report(), analysis, engine.provenance(run, outcome));
  }

  /**
   * A turn of an interactive session: the user's message is already in the session thread. With a
   * model, the conversation so far goes to the model with the task's context, and its answer (and
   * any tool calls, scoped like any other) land in the thread as they happen. Without one, the
   * agent answers with where the task stands. The report is not rewritten by a session turn.
   */
  private WakeOutcome answer(
      WakeRun run,
      Agent agent,
      Engine engine,
      Optional<AgentReport> previous,
      TaskContext context,
      Analysis analysis) {
    if (engine.isDeterministic()) {
      var recalled = wakeMemory.recall(run.agentId(), run.threadId(), run.runKey());
      var reply =
          (recalled.isEmpty()
                  ? "No model is configured for me, so I can only tell you where the task stands."
                  : CustomAgentWorkflow.remembered(recalled))
              + "\n\n"
              + analysis.report();
      return WakeOutcome.reply(run, reply);
    }
    var system =
        systemPrompt(agent)
            + "\nYou are now in a conversation with the user. Answer their last message; call"
            + " tools only when they ask for a change. Your final answer is your reply.\n\n"
            + userMessage(run, previous, wakeMemory.observations(run.agentId()), context, analysis);
    conversation.talk(
        new Brief(
            run,
            engine.model().orElseThrow(),
            system,
            wakeMemory.sessionHistory(run.agentId(), run.threadId(), run.runKey()),
            false,
            conversation.toolsFor(agent, run, TOOLS)));
    return WakeOutcome.nothing();
  }

  /**
   * Records the deterministic engine's observations, replay-safe (ordinal 0 of the run), having
   * first declared in the run's working state that the call records that many, so that a short
   * write shows as a failed expectation.
   */
  private void observe(WakeRun run, List<String> observations) {
    if (observations.isEmpty()) {
      return;
    }
    var list = JsonDocuments.provider().createArrayBuilder();
    // The tool takes at most 20 per call; the engine rarely makes more than a handful.
    var recorded = Math.min(20, observations.size());
    expect(
        run,
        Expectation.pending(
            "observations-recorded",
            "record_observations",
            "records the wake's " + recorded + " observations",
            List.of(),
            Optional.empty(),
            OptionalInt.of(recorded)));
    observations.stream()
        .limit(20)
        .forEach(
            text ->
                list.add(
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add("text", text)
                        .add("tags", JsonDocuments.provider().createArrayBuilder().add("task"))));
    var result =
        tools.execute(
            new ToolRequest(
                    run.agentId(),
                    "record_observations",
                    Optional.empty(),
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add("observations", list)
                        .build(),
                    false,
                    run.reason(),
                    Optional.of(run.runKey()),
                    OptionalInt.of(0),
                    Optional.of(run.threadId()))
                .within(run.causedBy(), false));
    if (!result.isSuccess()) {
      LOG.log(
          Level.WARNING,
          "Agent {0} could not record its observations: {1}",
          new Object[] {run.agentId(), result.errorMessage().orElse("?")});
    }
  }

  /**
   * Declares an expectation in the run's working state. Declaring it again on a re-run is no
   * change; a refusal (the thread's expectations all pending at their bound) is logged, not fatal.
   */
  private void expect(WakeRun run, Expectation expectation) {
    try {
      workingStates.declare(run.agentId(), run.threadId(), List.of(expectation));
    } catch (InvalidInputException e) {
      LOG.log(
          Level.WARNING,
          "Agent {0} could not declare its expectation: {1}",
          new Object[] {run.agentId(), e.getMessage()});
    }
  }

  /**
   * The new report, its provenance being the engine's, the wake's reason and the analysis's memory
   * (the next wake's starting point).
   */
  private static WakeOutcome report(
      WakeRun run, String content, Analysis analysis, JsonObjectBuilder provenance) {
    provenance.add("reason", run.reason().wire());
    var memory = analysis.memory().toJson();
    memory.forEach(provenance::add);
    return WakeOutcome.report(
        new ReportDraft(MemoryService.DEFAULT_REPORT_SCOPE, content, provenance.build()));
  }

  static String systemPrompt(Agent agent) {
    var prompt =
        new StringBuilder(
            """
            You are the task agent of one task in a personal task journal. You keep a short,
            accurate report of where the task stands for the user, and private observations for
            yourself across wakes.

            On each wake you get your current report, your observations so far, what changed since
            your last wake, and the task as it is now. Then:
            - Call tools only when the task itself needs a change that is clearly warranted (for
              example a priority that no longer matches the due date). Never invent data.
            - Call record_observations for things worth remembering across wakes (patterns, moved
              dates, momentum, blockers). Do not repeat observations you already have.
            - Finish with the updated report as your final answer: free-form markdown starting
              with the task title as a heading, then status, priority, estimate and due date, what
              was achieved, what remains. The final answer is the report and nothing else.
            """);
    agent
        .getConfig()
        .getInstructions()
        .ifPresent(text -> prompt.append("\nInstructions from the user:\n").append(text));
    return prompt.toString();
  }

  static String userMessage(
      WakeRun run,
      Optional<AgentReport> previous,
      List<String> observations,
      TaskContext context,
      Analysis analysis) {
    var text = new StringBuilder();
    text.append("Woken: ").append(run.reason().wire()).append("\n\n");
    text.append("## Your current report\n")
        .append(previous.map(AgentReport::getContent).orElse("(none yet: this is your first wake)"))
        .append("\n\n## Your observations so far\n");
    if (observations.isEmpty()) {
      text.append("(none yet)\n");
    } else {
      observations.forEach(line -> text.append("- ").append(line).append('\n'));
    }
    text.append("\n## Changed since your last wake\n");
    if (analysis.changes().isEmpty()) {
      text.append(previous.isEmpty() ? "(first wake)" : "(nothing detected in the task's fields)");
    } else {
      analysis.changes().forEach(line -> text.append("- ").append(line).append('\n'));
    }
    if (!run.tokens().isEmpty()) {
      text.append("\nTrigger tokens: ").append(String.join(", ", run.tokens()));
    }
    text.append("\n\n## The task now (JSON)\n").append(taskJson(context)).append('\n');
    text.append(
        previous.isEmpty()
            ? "\nProduce an initial report and any observations worth remembering."
            : "\nUpdate the report based on what changed. Add observations if warranted. Call"
                + " tools if needed.");
    return text.toString();
  }

  static JsonObject taskJson(TaskContext context) {
    var json = JsonDocuments.provider().createObjectBuilder(context.snapshot().toJson());
    context.description().ifPresent(d -> json.add("description", d));
    context.language().ifPresent(l -> json.add("language", l));
    var labels = JsonDocuments.provider().createArrayBuilder();
    context.labelIds().forEach(labels::add);
    json.add("labelIds", labels);
    if (!context.related().isEmpty()) {
      var related = JsonDocuments.provider().createArrayBuilder();
      for (var task : context.related()) {
        related.add(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("relation", task.relation())
                .add("taskId", task.taskId())
                .add("title", task.title())
                .add("status", task.status()));
      }
      json.add("linkedTasks", related);
    }
    return json.build();
  }
}
