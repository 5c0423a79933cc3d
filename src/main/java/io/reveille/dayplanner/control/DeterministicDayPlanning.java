package io.reveille.dayplanner.control;

import io.reveille.dayplanner.control.DayPlanner.Busy;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.dayplanner.control.DayPlanner.OpenTask;
import io.reveille.dayplanner.control.DayPlanner.Plan;
import io.reveille.dayplanner.control.DayPlannerWorkflow.Planned;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolResult;
import io.reveille.wake.control.RunMeter;
import io.reveille.wake.control.RunPhases;
import io.reveille.wake.control.RunWaitingException;
import io.reveille.wake.control.WakeRun;
import io.reveille.workflow.control.Engine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The day planner's deterministic engine: it reads the open tasks in scope ({@code
 * list_tasks_in_scope}, ordinal 0) and the day's plan ({@code get_or_create_day_plan}, ordinal 1),
 * lays the tasks out around every block that is not the planner's with {@link DayPlanner}, revises
 * the planner's own blocks (those its {@link PlannerLedger} says it created) into that layout with
 * one {@code upsert_day_plan_blocks} call (ordinal 2), and reports the day with {@link PlanReport}.
 * A re-run of the wake plans as the first attempt did and does not write again.
 */
@ApplicationScoped
public class DeterministicDayPlanning {

  private static final Logger LOG = Logger.getLogger(DeterministicDayPlanning.class.getName());

  /** The most open tasks one wake reads (the tool's own maximum). */
  static final int MAX_TASKS = 200;

  private static final int LIST_TASKS = 0;
  private static final int GET_PLAN = 1;
  private static final int UPSERT_BLOCKS = 2;

  @Inject DayPlanService dayPlans;
  @Inject PlannerLedger ledger;
  @Inject ToolExecutor tools;
  @Inject RunPhases runPhases;

  /** Plans {@code day} on {@code run}'s wake. */
  Planned plan(WakeRun run, Day day) {
    var phases = runPhases.of(run);
    var meter = phases.meter();
    var listed =
        phases.next(
            "read_tasks",
            LIST_TASKS + 1,
            List.of("read_plan", "write_plan"),
            () ->
                call(
                    meter,
                    run,
                    LIST_TASKS,
                    "list_tasks_in_scope",
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add(
                            "statuses",
                            JsonDocuments.provider()
                                .createArrayBuilder()
                                .add(TaskStatus.OPEN.wire())
                                .add(TaskStatus.IN_PROGRESS.wire()))
                        .add("limit", MAX_TASKS)
                        .build()));
    var tasks = openTasks(required(listed).getJsonArray("tasks"));
    var read =
        phases.next(
            "read_plan",
            GET_PLAN + 1,
            List.of("write_plan"),
            () ->
                call(
                    meter,
                    run,
                    GET_PLAN,
                    "get_or_create_day_plan",
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add("planDate", day.date().toString())
                        .build()));
    var visible = required(read).getJsonObject("plan").getJsonArray("blocks");
    return phases.next(
        "write_plan", UPSERT_BLOCKS + 1, List.of(), () -> write(run, day, meter, tasks, visible));
  }

  /** Plans around the plan as read and writes the planner's blocks (once per run). */
  private Planned write(
      WakeRun run, Day day, RunMeter meter, List<OpenTask> tasks, JsonArray visible) {
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
      var written =
          call(meter, run, UPSERT_BLOCKS, PlannerLedger.UPSERT, change.arguments(day.date()));
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
    var provenance = Engine.deterministic().provenance(run);
    failure.ifPresent(why -> provenance.add("failure", why));
    return new Planned(
        PlanReport.markdown(plan, tasks.size(), failure), blockIds, provenance.build());
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
            JsonDocuments.provider()
                .createObjectBuilder()
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
      var upsertList = JsonDocuments.provider().createArrayBuilder();
      upserts.forEach(upsertList::add);
      var deleteList = JsonDocuments.provider().createArrayBuilder();
      deletes.forEach(deleteList::add);
      return JsonDocuments.provider()
          .createObjectBuilder()
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
      PlannerLedger.createdIds(
          JsonDocuments.provider().createObjectBuilder().add("payload", payload).build(), created);
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
    var note =
        "Work on: "
            + task.title().strip()
            + task.attention().map(a -> " (time asked for: " + a.minutes() + " min)").orElse("");
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
              WireEnum.parse(TaskPriority.class, task.getString("priority")),
              text(task, "dueDate").map(LocalDate::parse),
              task.containsKey("estimateMinutes") && !task.isNull("estimateMinutes")
                  ? OptionalInt.of(task.getInt("estimateMinutes"))
                  : OptionalInt.empty(),
              attention(task)));
    }
    return open;
  }

  /** The request for a person's time the listing shows on a task, if any. */
  private static Optional<DayPlanner.Attention> attention(JsonObject task) {
    var value = task.get("attention");
    if (value == null || value.getValueType() != JsonValue.ValueType.OBJECT) {
      return Optional.empty();
    }
    var attention = value.asJsonObject();
    return Optional.of(
        new DayPlanner.Attention(
            attention.getString("requestId"),
            attention.getInt("requestedMinutes"),
            attention.getInt("impact") * attention.getInt("urgency"),
            text(attention, "earliestStart").map(java.time.Instant::parse),
            text(attention, "latestEnd").map(java.time.Instant::parse)));
  }

  /** One tool call, within the run's budgets (counted before it runs and after its result). */
  private ToolResult call(
      RunMeter meter, WakeRun run, int ordinal, String tool, JsonObject arguments) {
    meter.beforeToolCall();
    var result =
        tools.execute(
            new ToolRequest(
                    run.agentId(),
                    tool,
                    Optional.empty(),
                    arguments,
                    false,
                    run.reason(),
                    Optional.of(run.runKey()),
                    OptionalInt.of(ordinal),
                    Optional.of(run.threadId()))
                .within(run.causedBy(), false));
    var code = result.errorCode();
    if (code.isPresent() && code.get().parksRun()) {
      // Held for approval (or in doubt): the run waits at this phase and plans again once decided.
      throw new RunWaitingException(
          code.get().wire(), tool + ": " + result.errorMessage().orElse(code.get().wire()));
    }
    meter.afterToolResult(tool, OperationIds.argumentsHash(arguments), code.map(c -> c.wire()));
    return result;
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

  private static Optional<String> text(JsonObject json, String name) {
    var value = json.get(name);
    return value != null && value.getValueType() == JsonValue.ValueType.STRING
        ? Optional.of(json.getString(name))
        : Optional.empty();
  }
}
