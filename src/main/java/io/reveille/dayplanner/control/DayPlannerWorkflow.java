package io.reveille.dayplanner.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentKind;
import io.reveille.dayplanner.control.DayPlanner.Busy;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.dayplanner.control.DayPlanner.OpenTask;
import io.reveille.dayplanner.control.DayPlanner.Plan;
import io.reveille.inference.control.ChatMessage;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentReport;
import io.reveille.platform.error.NotFoundException;
import io.reveille.schedule.control.AgentTimerService;
import io.reveille.schedule.entity.AgentTimer;
import io.reveille.schedule.entity.ScheduleKind;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolResult;
import io.reveille.wake.control.WakeExecutor;
import io.reveille.wake.control.WakeOutcome;
import io.reveille.wake.control.WakeOutcome.ReportDraft;
import io.reveille.wake.control.WakeRun;
import io.reveille.workflow.control.AgentConversation;
import io.reveille.workflow.control.AgentConversation.Brief;
import io.reveille.workflow.control.ModelChoice;
import io.reveille.workflow.control.WakeMemory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The day planner's wake (issue 6): work out which day to plan, read the open tasks of its
 * categories, read (or create) that day's plan, lay the tasks out as blocks — with the
 * deterministic {@link DayPlanner} or a model through {@link AgentConversation} — write them with
 * one {@code upsert_day_plan_blocks} call, and hand a report of the day to the runner.
 *
 * <p>A later wake on the same day revises: the planner's own blocks (those its ledger says it
 * created, see {@link PlannerLedger}) are moved, kept or deleted; everyone else's are planned
 * around, and a task someone else already gave a block is not planned twice.
 *
 * <p>Every tool call goes through the {@link ToolExecutor} with an ordinal in the run, so a re-run
 * of the wake replays the plan it wrote instead of writing it again.
 */
@ApplicationScoped
public class DayPlannerWorkflow implements WakeExecutor {

  private static final Logger LOG = Logger.getLogger(DayPlannerWorkflow.class.getName());

  /** The tools a model may call as the day planner, where its profile allows. */
  static final Set<String> TOOLS =
      Set.of(
          "list_tasks_in_scope",
          "get_or_create_day_plan",
          "upsert_day_plan_blocks",
          "record_observations");

  /** A slot preference naming the planner's zone, for agents without a zoned timer. */
  static final String ZONE_PREFERENCE = "timeZone";

  static final String ENGINE_DETERMINISTIC = "deterministic";

  /** The most open tasks one wake reads (the tool's own maximum). */
  static final int MAX_TASKS = 200;

  private static final int LIST_TASKS = 0;
  private static final int GET_PLAN = 1;
  private static final int UPSERT_BLOCKS = 2;

  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject DayPlanService dayPlans;
  @Inject PlannerLedger ledger;
  @Inject DayPlannerConfig config;
  @Inject WakeMemory wakeMemory;
  @Inject ModelChoice models;
  @Inject AgentConversation conversation;
  @Inject ToolExecutor tools;
  @Inject Clock clock;

  @Override
  public AgentKind kind() {
    return AgentKind.DAY_PLANNER;
  }

  @Override
  public WakeOutcome execute(WakeRun run) {
    var agent = agents.get(run.agentId());
    var zone = zone(run);
    var day = new Day(planDate(run, zone), zone, config.dayStart(), config.dayEnd());
    var model = models.modelFor(agent);
    if (model.isEmpty()) {
      return deterministic(run, day);
    }
    return withModel(run, agent, day, model.get());
  }

  // ---- the deterministic engine --------------------------------------------------------------

  private WakeOutcome deterministic(WakeRun run, Day day) {
    var listed =
        call(
            run,
            LIST_TASKS,
            "list_tasks_in_scope",
            Json.createObjectBuilder()
                .add("statuses", Json.createArrayBuilder().add("OPEN").add("IN_PROGRESS"))
                .add("limit", MAX_TASKS)
                .build());
    var tasks = openTasks(required(listed).getJsonArray("tasks"));
    var read =
        call(
            run,
            GET_PLAN,
            "get_or_create_day_plan",
            Json.createObjectBuilder().add("planDate", day.date().toString()).build());
    var visible = required(read).getJsonObject("plan").getJsonArray("blocks");
    // A re-run of this run (after a crash) plans as the first attempt did, around the plan as it
    // was: the blocks that attempt created are left out, and its write is not repeated.
    var earlierWrite = ledger.writtenBy(run.agentId(), run.runKey());
    var ownEarlier = new HashSet<String>();
    earlierWrite.ifPresent(receipt -> PlannerLedger.createdIds(receipt, ownEarlier));
    var authored = new HashSet<>(ledger.authoredBlockIds(run.agentId()));
    authored.removeAll(ownEarlier);
    var mine = new ArrayList<JsonObject>();
    for (var block : visible.getValuesAs(JsonObject.class)) {
      if (authored.contains(block.getString("id"))) {
        mine.add(block);
      }
    }
    var mineIds = new HashSet<String>();
    mine.forEach(block -> mineIds.add(block.getString("id")));
    // The plan is shared by every category and its blocks must not overlap across categories, so
    // the engine plans around every other block, including those the tool does not show it. Only
    // their times are used; nothing of another category reaches the report or a model.
    var busy = new ArrayList<Busy>();
    var plannedByOthers = new HashSet<String>();
    for (var block : dayPlans.dayPlan(day.date()).map(view -> view.blocks()).orElse(List.of())) {
      if (!mineIds.contains(block.getId()) && !ownEarlier.contains(block.getId())) {
        busy.add(new Busy(block.getStartTime(), block.getEndTime()));
        if (block.getTaskId() != null) {
          plannedByOthers.add(block.getTaskId());
        }
      }
    }
    var plan = DayPlanner.plan(day, tasks, busy, plannedByOthers);
    var change = Revision.of(plan, mine);
    var blockIds = new ArrayList<String>();
    Optional<String> failure = Optional.empty();
    if (earlierWrite.isPresent()) {
      blockIds.addAll(change.blockIds(earlierWrite.get().getJsonObject("payload")));
    } else if (!change.isEmpty()) {
      var written = call(run, UPSERT_BLOCKS, PlannerLedger.UPSERT, change.arguments(day.date()));
      if (written.isSuccess()) {
        blockIds.addAll(change.blockIds(written.payload()));
      } else {
        failure = written.errorMessage();
        LOG.log(
            Level.WARNING,
            "Day planner {0} (run {1}) could not write the plan of {2}: {3}",
            new Object[] {run.agentId(), run.runKey(), day.date(), failure.orElse("?")});
      }
    }
    var provenance = provenance(ENGINE_DETERMINISTIC, run, day, blockIds);
    if (failure.isPresent()) {
      provenance.add("failure", failure.get());
    }
    return report(PlanReport.markdown(plan, tasks.size(), failure), provenance);
  }

  /**
   * The planner's own blocks against the new plan: a task that keeps a block keeps its id (moved if
   * need be), the rest of its blocks are deleted, new tasks get new blocks.
   */
  record Revision(List<JsonObject> upserts, List<String> deletes, List<String> plannedTaskIds) {

    static Revision of(Plan plan, List<JsonObject> mine) {
      var byTask = new LinkedHashMap<String, String>();
      var deletes = new ArrayList<String>();
      for (var block : mine) {
        var taskId = text(block, "taskId");
        if (taskId.isPresent() && !byTask.containsKey(taskId.get())) {
          byTask.put(taskId.get(), block.getString("id"));
        } else {
          deletes.add(block.getString("id"));
        }
      }
      var upserts = new ArrayList<JsonObject>();
      var planned = new ArrayList<String>();
      for (var slot : plan.slots()) {
        var task = slot.task();
        var upsert =
            Json.createObjectBuilder()
                .add("categoryId", task.categoryId())
                .add("startTime", slot.start().toString())
                .add("endTime", slot.end().toString())
                .add("taskId", task.id())
                .add("note", note(task));
        var reused = byTask.remove(task.id());
        if (reused != null) {
          upsert.add("id", reused);
        }
        upserts.add(upsert.build());
        planned.add(task.id());
      }
      deletes.addAll(byTask.values());
      return new Revision(upserts, deletes, planned);
    }

    boolean isEmpty() {
      return upserts.isEmpty() && deletes.isEmpty();
    }

    JsonObject arguments(LocalDate date) {
      var upsertList = Json.createArrayBuilder();
      upserts.forEach(upsertList::add);
      var deleteList = Json.createArrayBuilder();
      deletes.forEach(deleteList::add);
      return Json.createObjectBuilder()
          .add("planDate", date.toString())
          .add("upserts", upsertList)
          .add("deletes", deleteList)
          .build();
    }

    /** The ids of the planner's blocks after the write, in the plan's order. */
    List<String> blockIds(JsonObject payload) {
      var ids = new ArrayList<String>();
      var wanted = new HashSet<>(plannedTaskIds);
      var reused = new HashSet<String>();
      upserts.forEach(upsert -> text(upsert, "id").ifPresent(reused::add));
      var created = new HashSet<String>();
      PlannerLedger.createdIds(Json.createObjectBuilder().add("payload", payload).build(), created);
      for (var block : payload.getJsonArray("blocks").getValuesAs(JsonObject.class)) {
        var id = text(block, "id").orElse("");
        if ((reused.contains(id) || created.contains(id))
            && text(block, "taskId").filter(wanted::contains).isPresent()) {
          ids.add(id);
        }
      }
      return ids;
    }
  }

  static String note(OpenTask task) {
    var note = "Work on: " + task.title().strip();
    return note.length() > DayPlanBlock.MAX_NOTE_LENGTH
        ? note.substring(0, DayPlanBlock.MAX_NOTE_LENGTH)
        : note;
  }

  /**
   * The open tasks of a {@code list_tasks_in_scope} answer (a task without category is skipped).
   */
  static List<OpenTask> openTasks(JsonArray tasks) {
    var open = new ArrayList<OpenTask>();
    for (var task : tasks.getValuesAs(JsonObject.class)) {
      var categoryId = text(task, "categoryId");
      if (categoryId.isEmpty()) {
        continue;
      }
      open.add(
          new OpenTask(
              task.getString("id"),
              task.getString("title"),
              categoryId.get(),
              TaskPriority.valueOf(task.getString("priority")),
              text(task, "dueDate").map(LocalDate::parse),
              task.containsKey("estimateMinutes") && !task.isNull("estimateMinutes")
                  ? OptionalInt.of(task.getInt("estimateMinutes"))
                  : OptionalInt.empty()));
    }
    return open;
  }

  // ---- with a model --------------------------------------------------------------------------

  private WakeOutcome withModel(WakeRun run, Agent agent, Day day, String model) {
    var mineBefore = blocksOfPlanner(run.agentId(), day.date());
    var outcome =
        conversation.talk(
            new Brief(
                run,
                model,
                systemPrompt(agent.getConfig().getInstructions(), day),
                List.of(
                    ChatMessage.user(
                        userMessage(run, day, wakeMemory.report(run.agentId()), mineBefore))),
                true,
                conversation.toolsFor(agent.getKind(), run, TOOLS)));
    if (outcome.finalText().isBlank()) {
      throw new IllegalStateException("the model ended the wake without a report");
    }
    var provenance =
        provenance(
                ModelChoice.OPENAI_COMPATIBLE, run, day, blocksOfPlanner(run.agentId(), day.date()))
            .add("model", model)
            .add("modelCalls", outcome.modelCalls())
            .add("toolCalls", outcome.toolCalls())
            .add("inputTokens", outcome.usage().promptTokens())
            .add("outputTokens", outcome.usage().completionTokens());
    return report(outcome.finalText(), provenance);
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
            - Call list_tasks_in_scope for the open tasks (statuses OPEN and IN_PROGRESS).
            - Call get_or_create_day_plan for the plan date. Blocks on it that are not yours
              belong to the user or another agent: leave them alone, do not overlap them, and do
              not plan a task that already has one.
            - Decide the day: most urgent first (priority P0 before P3, then the earliest due
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

  // ---- the day -------------------------------------------------------------------------------

  /**
   * The zone the day is planned in: the firing timer's (a daily, weekly or calendar schedule; an
   * interval has none), else the {@code timeZone} slot preference, else the zone of the agent's
   * first zoned timer (for manual wakes), else UTC.
   */
  private ZoneId zone(WakeRun run) {
    var firing =
        run.firings()
            .flatMap(f -> timer(run.agentId(), f.timerId()))
            .flatMap(DayPlannerWorkflow::zoneOf);
    if (firing.isPresent()) {
      return firing.get();
    }
    var preferred =
        agents.state(run.agentId()).getSlots().getPreferenceByKey().get(ZONE_PREFERENCE);
    if (preferred != null) {
      try {
        return ZoneId.of(preferred.strip());
      } catch (DateTimeException e) {
        LOG.log(
            Level.WARNING,
            "Day planner {0}: slot preference {1}=''{2}'' is not a time zone; ignored",
            new Object[] {run.agentId(), ZONE_PREFERENCE, preferred});
      }
    }
    return timers.list(run.agentId()).stream()
        .filter(AgentTimer::isActive)
        .map(DayPlannerWorkflow::zoneOf)
        .flatMap(Optional::stream)
        .findFirst()
        .orElse(ZoneOffset.UTC);
  }

  private Optional<AgentTimer> timer(String agentId, String timerId) {
    try {
      return Optional.of(timers.get(agentId, timerId));
    } catch (NotFoundException e) {
      return Optional.empty();
    }
  }

  private static Optional<ZoneId> zoneOf(AgentTimer timer) {
    return timer.getScheduleKind() == ScheduleKind.INTERVAL
        ? Optional.empty()
        : Optional.of(timer.getZoneId());
  }

  /**
   * The date to plan: a timer wake plans the day of its (last) nominal firing — a catch-up after
   * downtime plans the latest missed day, not days gone by; any other wake plans today.
   */
  LocalDate planDate(WakeRun run, ZoneId zone) {
    return run.firings()
        .map(firings -> LocalDate.ofInstant(firings.until(), zone))
        .orElseGet(() -> LocalDate.now(clock.withZone(zone)));
  }

  // ---- plumbing ------------------------------------------------------------------------------

  private ToolResult call(WakeRun run, int ordinal, String tool, JsonObject arguments) {
    return tools.execute(
        new ToolRequest(
            run.agentId(),
            tool,
            Optional.empty(),
            arguments,
            false,
            run.reason(),
            Optional.of(run.runKey()),
            OptionalInt.of(ordinal),
            Optional.of(run.threadId())));
  }

  /** The payload of a call the planner cannot do without; a refusal fails the run. */
  private static JsonObject required(ToolResult result) {
    if (!result.isSuccess()) {
      throw new IllegalStateException(
          result.toolName()
              + " failed ("
              + result.errorCode().map(code -> code.wire()).orElse("?")
              + "): "
              + result.errorMessage().orElse("?"));
    }
    return result.payload();
  }

  private static JsonObjectBuilder provenance(
      String engine, WakeRun run, Day day, List<String> blockIds) {
    var ids = Json.createArrayBuilder();
    blockIds.forEach(ids::add);
    return Json.createObjectBuilder()
        .add("engine", engine)
        .add("runKey", run.runKey())
        .add("reason", run.reason().wire())
        .add("planDate", day.date().toString())
        .add("zone", day.zone().getId())
        .add("blockIds", ids);
  }

  private static WakeOutcome report(String content, JsonObjectBuilder provenance) {
    return WakeOutcome.report(
        new ReportDraft(MemoryService.DEFAULT_REPORT_SCOPE, content, provenance.build()));
  }

  private static Optional<String> text(JsonObject json, String name) {
    var value = json.get(name);
    return value != null && value.getValueType() == JsonValue.ValueType.STRING
        ? Optional.of(json.getString(name))
        : Optional.empty();
  }
}
