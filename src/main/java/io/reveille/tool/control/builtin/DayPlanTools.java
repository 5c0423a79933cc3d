package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.DAY_PLAN_READ;
import static io.reveille.tool.entity.Capability.DAY_PLAN_WRITE;
import static io.reveille.tool.entity.ScopeRule.DESTINATION_IN_SCOPE;
import static io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.control.DayPlanService.PinMode;
import io.reveille.journal.control.DayPlanService.PlanView;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolArguments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.tool.entity.RiskLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The day planning tools (seed 000 §4.3). A day plan is a per-date container shared by every
 * category: its blocks carry a category, its pins carry their task's. So an agent sees and changes
 * only the blocks and pins of its categories; the plan itself has no category and any agent with
 * the capabilities may create the date's plan.
 *
 * <p>The block tools are high-risk (they delete and move many blocks at once) and previewable: the
 * handler resolves the request into a {@link BlockPlan}, checks it with the service's own dry run,
 * and either returns the plan (preview) or applies it and returns the same shape with the created
 * ids filled in.
 */
@ApplicationScoped
public class DayPlanTools implements ToolSet {

  @Inject DayPlanService dayPlans;

  @Inject JournalService journal;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("get_or_create_day_plan")
            .requires(DAY_PLAN_READ, DAY_PLAN_WRITE)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::getOrCreateDayPlan),
        ToolDefinition.writing("upsert_day_plan_blocks")
            .requires(DAY_PLAN_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .handledBy(this::upsertBlocks),
        ToolDefinition.writing("pin_day_plan_tasks")
            .requires(DAY_PLAN_WRITE)
            .scope(TARGET_IN_SCOPE)
            .risk(RiskLevel.MEDIUM)
            .handledBy(this::pinTasks),
        ToolDefinition.writing("replan_day_blocks")
            .requires(DAY_PLAN_WRITE)
            .scope(TARGET_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .handledBy(this::replanBlocks));
  }

  ToolOutcome getOrCreateDayPlan(ToolInvocation call) {
    var result = dayPlans.getOrCreateDayPlan(call.arguments().date("planDate"), call.origin());
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("plan", plan(call.scope(), result.view()))
            .add("created", result.created())
            .build();
    var outcome = ToolOutcome.of(payload);
    if (result.created()) {
      outcome.changed(SemanticKey.DAY_PLAN, result.view().plan().getId());
    }
    return outcome.build();
  }

  ToolOutcome upsertBlocks(ToolInvocation call) {
    var args = call.arguments();
    var scope = call.scope();
    var date = args.date("planDate");
    var existing = dayPlans.dayPlan(date);
    var current = blocksById(existing);
    var deletes = args.strings("deletes");
    for (int i = 0; i < deletes.size(); i++) {
      requireBlockInScope(scope, current, deletes.get(i));
    }
    var upserts = new ArrayList<BlockUpsert>();
    var items = args.objects("upserts");
    for (int i = 0; i < items.size(); i++) {
      upserts.add(scopedUpsert(scope, current, "upserts[" + i + "]", items.get(i)));
    }
    dayPlans.checkBlockChanges(date, upserts, deletes);
    var plan = BlockPlan.of(current, upserts, deletes);
    if (call.previewOnly()) {
      return ToolOutcome.of(
              plan.toJson(
                  date,
                  existing.map(view -> view.plan().getId()).orElse(null),
                  existing.isEmpty(),
                  scope))
          .build();
    }
    var result = dayPlans.upsertBlocks(date, upserts, deletes, call.origin());
    var stored = blocksById(Optional.of(result.view()));
    var applied =
        new BlockPlan(
            result.createdIds().stream().map(id -> PlannedBlock.of(stored.get(id))).toList(),
            result.updatedIds().stream().map(id -> PlannedBlock.of(stored.get(id))).toList(),
            result.deletedIds(),
            stored.values().stream().map(PlannedBlock::of).toList());
    var planId = result.view().plan().getId();
    var outcome = ToolOutcome.of(applied.toJson(date, planId, result.planCreated(), scope));
    if (result.changed()) {
      outcome.changed(SemanticKey.DAY_PLAN, planId);
      outcome.changed(SemanticKey.DAY_PLAN, result.createdIds());
      outcome.changed(SemanticKey.DAY_PLAN, result.updatedIds());
      outcome.changed(SemanticKey.DAY_PLAN, result.deletedIds());
    }
    return outcome.build();
  }

  ToolOutcome replanBlocks(ToolInvocation call) {
    var args = call.arguments();
    var scope = call.scope();
    var date = args.date("planDate");
    var shiftMinutes = args.integer("shiftMinutes");
    var offset = Duration.ofMinutes(shiftMinutes);
    var existing =
        dayPlans
            .dayPlan(date)
            .orElseThrow(() -> new NotFoundException("day plan", date.toString()));
    var current = blocksById(Optional.of(existing));
    var blockIds = args.strings("blockIds");
    var upserts = new ArrayList<BlockUpsert>();
    var seen = new HashSet<String>();
    for (int i = 0; i < blockIds.size(); i++) {
      var id = blockIds.get(i);
      requireBlockInScope(scope, current, id);
      var block = current.get(id);
      if (block == null) {
        throw ToolFailure.invalid(
            "blockIds[" + i + "]", "no block '" + id + "' on the plan of " + date);
      }
      if (!seen.add(id)) {
        throw ToolFailure.invalid("blockIds[" + i + "]", "block '" + id + "' is listed twice");
      }
      upserts.add(
          new BlockUpsert(
              Optional.of(id),
              block.getCategoryId(),
              block.getStartTime().plus(offset),
              block.getEndTime().plus(offset),
              Optional.ofNullable(block.getTaskId()),
              Optional.ofNullable(block.getNote())));
    }
    dayPlans.checkBlockChanges(date, upserts, List.of());
    var planId = existing.plan().getId();
    if (call.previewOnly()) {
      var plan = BlockPlan.of(current, upserts, List.of());
      var moved = upserts.stream().map(u -> PlannedBlock.of(u.id(), u)).toList();
      return ToolOutcome.of(replanPayload(date, planId, shiftMinutes, moved, plan.blocks(), scope))
          .build();
    }
    var result = dayPlans.shiftBlocks(date, blockIds, offset, call.origin());
    var stored = blocksById(Optional.of(result.view()));
    var moved = blockIds.stream().map(id -> PlannedBlock.of(stored.get(id))).toList();
    var outcome =
        ToolOutcome.of(
            replanPayload(
                date,
                planId,
                shiftMinutes,
                moved,
                stored.values().stream().map(PlannedBlock::of).toList(),
                scope));
    if (result.changed()) {
      outcome.changed(SemanticKey.DAY_PLAN, planId);
      outcome.changed(SemanticKey.DAY_PLAN, result.updatedIds());
    }
    return outcome.build();
  }

  ToolOutcome pinTasks(ToolInvocation call) {
    var args = call.arguments();
    var scope = call.scope();
    var date = args.date("planDate");
    var mode = WireEnum.parse(PinMode.class, args.string("mode"));
    var taskIds = args.strings("taskIds");
    taskIds.forEach(taskId -> requireTaskInScope(scope, taskId));
    var existing = dayPlans.dayPlan(date);
    var versionBefore = existing.map(view -> view.plan().getVersion());
    var pins =
        mode == PinMode.REPLACE
            ? replaceInScope(
                existing.map(PlanView::pinnedTaskIds).orElse(List.of()),
                taskIds,
                id -> taskInScope(scope, id))
            : taskIds;
    var view = dayPlans.pinTasks(date, pins, mode, call.origin());
    var changed = versionBefore.isEmpty() || versionBefore.get() != view.plan().getVersion();
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("planId", view.plan().getId())
            .add("planDate", date.toString())
            .add("pinnedTaskIds", inScopePins(scope, view.pinnedTaskIds()))
            .add("changed", changed)
            .build();
    var outcome = ToolOutcome.of(payload);
    if (changed) {
      outcome.changed(SemanticKey.DAY_PLAN, view.plan().getId());
    }
    return outcome.build();
  }

  /**
   * The full pin list for "pin exactly these" when the agent sees only its own pins: the pins of
   * other categories stay where they are, the agent's pins are replaced by {@code given}, placed
   * where its first pin was (at the end when it had none).
   */
  static List<String> replaceInScope(
      List<String> before, List<String> given, Predicate<String> inScope) {
    var after = new ArrayList<String>();
    var placed = false;
    for (var id : before) {
      if (!inScope.test(id)) {
        after.add(id);
      } else if (!placed) {
        after.addAll(given);
        placed = true;
      }
    }
    if (!placed) {
      after.addAll(given);
    }
    return after;
  }

  /** A requested upsert, refused unless its category, its block and its task are in scope. */
  private BlockUpsert scopedUpsert(
      CategoryScope scope, Map<String, DayPlanBlock> current, String field, JsonObject item) {
    var categoryId = item.getString("categoryId");
    scope.requireCategory(categoryId, field + ".categoryId");
    var id = optional(item, "id");
    id.ifPresent(blockId -> requireBlockInScope(scope, current, blockId));
    var taskId = optional(item, "taskId");
    taskId.ifPresent(task -> requireTaskInScope(scope, task));
    return new BlockUpsert(
        id,
        categoryId,
        ToolArguments.parseInstant(field + ".startTime", item.getString("startTime")),
        ToolArguments.parseInstant(field + ".endTime", item.getString("endTime")),
        taskId,
        optional(item, "note"));
  }

  /**
   * Refuses a block of another category, on this plan or any other. An unknown id, or one of the
   * agent's blocks on another date, is left to the service, which names the field.
   */
  private void requireBlockInScope(
      CategoryScope scope, Map<String, DayPlanBlock> current, String blockId) {
    var block =
        current.containsKey(blockId)
            ? current.get(blockId)
            : dayPlans.findBlock(blockId).orElse(null);
    if (block != null) {
      scope.require(block.getCategoryId(), "day plan block", blockId);
    }
  }

  /** Refuses a task of another category; an unknown id is left to the service, which names it. */
  private void requireTaskInScope(CategoryScope scope, String taskId) {
    var task = journal.findTask(taskId).orElse(null);
    if (task != null) {
      scope.require(task.getCategoryId(), "task", taskId);
    }
  }

  private boolean taskInScope(CategoryScope scope, String taskId) {
    var task = journal.findTask(taskId).orElse(null);
    return task != null && scope.allows(task.getCategoryId());
  }

  private JsonArrayBuilder inScopePins(CategoryScope scope, List<String> pinnedTaskIds) {
    var array = JsonDocuments.provider().createArrayBuilder();
    pinnedTaskIds.stream().filter(id -> taskInScope(scope, id)).forEach(array::add);
    return array;
  }

  /** The plan as this agent sees it: only the blocks and pins of its categories. */
  private JsonObject plan(CategoryScope scope, PlanView view) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("id", view.plan().getId())
        .add("planDate", view.plan().getPlanDate().toString())
        .add("version", view.plan().getVersion())
        .add(
            "blocks",
            PlannedBlock.inScope(scope, view.blocks().stream().map(PlannedBlock::of).toList()))
        .add("pinnedTaskIds", inScopePins(scope, view.pinnedTaskIds()))
        .build();
  }

  private static JsonObject replanPayload(
      LocalDate date,
      String planId,
      int shiftMinutes,
      List<PlannedBlock> moved,
      List<PlannedBlock> blocks,
      CategoryScope scope) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("planDate", date.toString())
        .add("planId", planId)
        .add("shiftMinutes", shiftMinutes)
        .add("moved", ToolJson.array(moved, PlannedBlock::toJson))
        .add("blocks", PlannedBlock.inScope(scope, blocks))
        .build();
  }

  private static Map<String, DayPlanBlock> blocksById(Optional<PlanView> view) {
    var blocks = new LinkedHashMap<String, DayPlanBlock>();
    view.ifPresent(v -> v.blocks().forEach(b -> blocks.put(b.getId(), b)));
    return blocks;
  }

  private static Optional<String> optional(JsonObject item, String name) {
    return item.containsKey(name) && !item.isNull(name)
        ? Optional.of(item.getString(name))
        : Optional.empty();
  }
}
