package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.CHECKLIST_WRITE;
import static io.reveille.tool.entity.ScopeRule.DESTINATION_IN_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.ChecklistService.ItemUpdate;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.entity.RiskLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * The checklist tools: create checklists, add and change items several at a time, and move items to
 * another checklist or to a task made for them.
 *
 * <p>Every handler loads each checklist, item and task the call names and refuses the call when any
 * of them is outside the scope, before the checklist service changes anything; a move needs its
 * destination in scope as well as its source. The service then checks the rest (titles, open tasks)
 * and changes everything in one notification batch tagged with the call's origin.
 *
 * <p>The two moves are high risk (they take items away from where the user put them) and support
 * {@code previewOnly}: they first compute a plan that names every item that would move, where to,
 * and checked or not; a preview returns that plan without writing, apply carries out the same plan
 * and returns it again, adding only the ids it generated.
 */
@ApplicationScoped
public class ChecklistTools implements ToolSet {

  /** The semantic key under which checklist changes are announced (items and checklists alike). */
  @Inject ChecklistService checklists;

  @Inject JournalService journal;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("add_multiple_checklist_items")
            .requires(CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::addItems),
        ToolDefinition.writing("update_checklist_items")
            .requires(CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::updateItems),
        ToolDefinition.writing("create_checklist")
            .requires(CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::createChecklist),
        ToolDefinition.writing("move_checklist_items")
            .requires(CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .handledBy(this::moveItems),
        ToolDefinition.writing("move_checklist_items_to_new_task")
            .requires(CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .handledBy(this::moveItemsToNewTask),
        ToolDefinition.writing("migrate_checklist_items")
            .requires(CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .handledBy(this::migrateItems));
  }

  // ---- migrate ----------------------------------------------------------------------------------

  /**
   * Copies open items of one task to another (a follow-up) and archives the originals, which name
   * their copies: the history stays on the source task, the work goes on on the target.
   */
  ToolOutcome migrateItems(ToolInvocation call) {
    var args = call.arguments();
    var items = new ArrayList<ChecklistItem>();
    for (var itemId : args.strings("itemIds")) {
      items.add(scopedItem(call, itemId));
    }
    var target = scopedTask(call, args.string("targetTaskId"));
    var sourceTaskId = items.get(0).getTaskId();
    if (call.previewOnly()) {
      var planned = JsonDocuments.provider().createArrayBuilder();
      checklists
          .migratable(items.stream().map(ChecklistItem::getId).toList(), target.getId())
          .forEach(
              item ->
                  planned.add(
                      JsonDocuments.provider()
                          .createObjectBuilder()
                          .add("itemId", item.getId())
                          .add("title", item.getTitle())));
      return ToolOutcome.read(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("sourceTaskId", sourceTaskId)
              .add("targetTaskId", target.getId())
              .add("migrated", planned)
              .build());
    }
    var migrated =
        checklists.migrateChecklistItems(
            items.stream().map(ChecklistItem::getId).toList(), target.getId(), call.origin());
    var done = JsonDocuments.provider().createArrayBuilder();
    migrated.forEach(
        pair ->
            done.add(
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add("itemId", pair.original().getId())
                    .add("title", pair.original().getTitle())
                    .add("copyId", pair.copy().getId())));
    var copies = migrated.stream().map(pair -> pair.copy()).toList();
    return ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("sourceTaskId", sourceTaskId)
                .add("targetTaskId", target.getId())
                .add("targetChecklistId", copies.get(0).getChecklistId())
                .add("migrated", done)
                .build())
        .changed(SemanticKey.CHECKLIST_ITEM, copies.get(0).getChecklistId())
        .changed(
            SemanticKey.CHECKLIST_ITEM,
            migrated.stream().map(pair -> pair.original().getId()).toList())
        .changed(SemanticKey.CHECKLIST_ITEM, copies.stream().map(ChecklistItem::getId).toList())
        .changed(SemanticKey.TASK, List.of(sourceTaskId, target.getId()))
        .build();
  }

  // ---- add, change, create ----------------------------------------------------------------------

  ToolOutcome addItems(ToolInvocation call) {
    var args = call.arguments();
    var task = scopedTask(call, args.taskId());
    var checklistId = args.optionalString("checklistId");
    checklistId.ifPresent(id -> scopedChecklist(call, id));
    var items =
        checklists.addChecklistItems(
            task.getId(), checklistId, args.strings("items"), false, call.origin());
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("taskId", task.getId())
            .add("checklistId", items.get(0).getChecklistId())
            .add("items", ToolJson.array(items, ChecklistTools::item))
            .build();
    return ToolOutcome.of(payload)
        .changed(SemanticKey.CHECKLIST_ITEM, items.get(0).getChecklistId())
        .changed(SemanticKey.CHECKLIST_ITEM, items.stream().map(ChecklistItem::getId).toList())
        .changed(SemanticKey.TASK, task.getId())
        .build();
  }

  /**
   * Changes several items at once. Every item is loaded and its task's category checked first, so
   * one foreign item refuses the whole call before anything changes.
   */
  ToolOutcome updateItems(ToolInvocation call) {
    var updates = new ArrayList<ItemUpdate>();
    var before = new HashMap<String, ItemState>();
    for (var update : call.arguments().objects("updates")) {
      var itemId = update.getString("itemId");
      var item = scopedItem(call, itemId);
      before.putIfAbsent(itemId, new ItemState(item.getVersion(), item.isChecked()));
      updates.add(
          new ItemUpdate(
              itemId,
              update.containsKey("title")
                  ? Optional.of(update.getString("title"))
                  : Optional.empty(),
              update.containsKey("checked")
                  ? Optional.of(update.getBoolean("checked"))
                  : Optional.empty()));
    }
    var items = checklists.updateChecklistItems(updates, call.origin());
    var changed = JsonDocuments.provider().createArrayBuilder();
    var outcome = new ArrayList<ChecklistItem>();
    var checkedChanged = new LinkedHashSet<String>();
    for (var item : items) {
      var was = before.get(item.getId());
      if (item.getVersion() != was.version()) {
        changed.add(item.getId());
        outcome.add(item);
        if (item.isChecked() != was.checked()) {
          checkedChanged.add(checkedStateToken(item.isChecked()));
        }
      }
    }
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("items", ToolJson.array(items, ChecklistTools::item))
            .add("changedItemIds", changed)
            .build();
    var result = ToolOutcome.of(payload);
    outcome.forEach(
        item ->
            result
                .changed(SemanticKey.CHECKLIST_ITEM, item.getChecklistId())
                .changed(SemanticKey.CHECKLIST_ITEM, item.getId())
                .changed(SemanticKey.TASK, item.getTaskId()));
    checkedChanged.forEach(result::token);
    return result.build();
  }

  private record ItemState(long version, boolean checked) {}

  ToolOutcome createChecklist(ToolInvocation call) {
    var args = call.arguments();
    var task = scopedTask(call, args.taskId());
    var created =
        checklists.createChecklist(
            task.getId(), args.string("title"), args.strings("items"), call.origin());
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("checklist", checklist(created.checklist()))
            .add("items", ToolJson.array(created.items(), ChecklistTools::item))
            .build();
    return ToolOutcome.of(payload)
        .changed(SemanticKey.CHECKLIST_ITEM, created.checklist().getId())
        .changed(
            SemanticKey.CHECKLIST_ITEM, created.items().stream().map(ChecklistItem::getId).toList())
        .changed(SemanticKey.TASK, task.getId())
        .build();
  }

  // ---- moves ------------------------------------------------------------------------------------

  /**
   * One item of a planned move: which it is, and whether it will be checked once moved ({@code
   * preserveCheckedState = false} unchecks it).
   */
  record PlannedMove(String itemId, String title, boolean wasChecked, boolean checked) {
    JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("itemId", itemId)
          .add("title", title)
          .add("wasChecked", wasChecked)
          .add("checked", checked)
          .build();
    }
  }

  /** The items to move off a checklist: all checked to be there, in their current order. */
  record MoveSource(Checklist from, Task fromTask, List<PlannedMove> moves) {
    JsonArray movesJson() {
      var array = JsonDocuments.provider().createArrayBuilder();
      moves.forEach(move -> array.add(move.toJson()));
      return array.build();
    }

    List<String> itemIds() {
      return moves.stream().map(PlannedMove::itemId).toList();
    }
  }

  ToolOutcome moveItems(ToolInvocation call) {
    var args = call.arguments();
    var preserve = args.bool("preserveCheckedState", true);
    var source =
        plannedSource(call, args.strings("itemIds"), args.string("fromChecklistId"), preserve);
    var toChecklistId = args.string("toChecklistId");
    if (toChecklistId.equals(source.from().getId())) {
      throw ToolFailure.invalid("toChecklistId", "is the checklist the items are on already");
    }
    var to = scopedChecklist(call, toChecklistId);
    var toTask = journal.task(to.getTaskId());
    toTask.requireOpenForEdits("move items onto its checklists");
    var plan =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("fromChecklistId", source.from().getId())
            .add("fromTaskId", source.fromTask().getId())
            .add("toChecklistId", to.getId())
            .add("toTaskId", toTask.getId())
            .add("preserveCheckedState", preserve)
            .add("moves", source.movesJson())
            .build();
    var outcome =
        ToolOutcome.of(plan)
            .changed(SemanticKey.CHECKLIST_ITEM, List.of(source.from().getId(), to.getId()))
            .changed(SemanticKey.CHECKLIST_ITEM, source.itemIds())
            .changed(SemanticKey.TASK, List.of(source.fromTask().getId(), toTask.getId()));
    uncheckToken(source, preserve).ifPresent(outcome::token);
    if (call.previewOnly()) {
      return outcome.build();
    }
    var moved =
        checklists.moveChecklistItems(
            source.itemIds(), source.from().getId(), to.getId(), preserve, call.origin());
    requireAsPlanned(source, moved, to.getId());
    return outcome.build();
  }

  ToolOutcome moveItemsToNewTask(ToolInvocation call) {
    var args = call.arguments();
    var preserve = args.bool("preserveCheckedState", true);
    var source =
        plannedSource(call, args.strings("itemIds"), args.string("fromChecklistId"), preserve);
    var categoryId = args.optionalString("categoryId").orElse(source.fromTask().getCategoryId());
    call.scope().requireCategory(categoryId, "categoryId");
    journal.category(categoryId);
    var taskTitle = args.string("newTaskTitle").strip();
    var checklistTitle =
        Checklist.checkedTitle(
            args.optionalString("checklistTitle").orElse(source.from().getTitle()));
    var newTask =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("title", taskTitle)
            .add("categoryId", categoryId)
            .add("status", TaskStatus.OPEN.wire())
            .add("priority", TaskPriority.P2.wire())
            .build();
    var plan =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("newTask", newTask)
            .add(
                "checklist",
                JsonDocuments.provider().createObjectBuilder().add("title", checklistTitle))
            .add("fromChecklistId", source.from().getId())
            .add("fromTaskId", source.fromTask().getId())
            .add("preserveCheckedState", preserve)
            .add("moves", source.movesJson());
    var moved =
        ToolOutcome.of(JsonValue.EMPTY_JSON_OBJECT)
            .changed(SemanticKey.CHECKLIST_ITEM, source.from().getId())
            .changed(SemanticKey.CHECKLIST_ITEM, source.itemIds())
            .changed(SemanticKey.TASK, source.fromTask().getId())
            .token("task.status:" + TaskStatus.OPEN.wire());
    uncheckToken(source, preserve).ifPresent(moved::token);
    if (call.previewOnly()) {
      return withPayload(moved.build(), plan.build());
    }
    var task =
        journal.createTask(
            new NewTask(
                taskTitle,
                Optional.empty(),
                Optional.of(categoryId),
                Optional.of(TaskStatus.OPEN),
                Optional.of(TaskPriority.P2),
                Optional.empty(),
                Optional.empty()),
            call.origin());
    call.scope().created(task.getId());
    var checklist =
        checklists.createChecklist(task.getId(), checklistTitle, List.of(), call.origin());
    var to = checklist.checklist().getId();
    var items =
        checklists.moveChecklistItems(
            source.itemIds(), source.from().getId(), to, preserve, call.origin());
    requireAsPlanned(source, items, to);
    plan.add(
        "created",
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("taskId", task.getId())
            .add("checklistId", to));
    var applied =
        moved
            .changed(SemanticKey.TASK, task.getId())
            .changed(SemanticKey.CHECKLIST_ITEM, to)
            .build();
    return withPayload(applied, plan.build());
  }

  /**
   * Checks the source of a move and plans it: the checklist and its task in scope, the task open,
   * every item on that checklist; the moves in the items' current order, which they keep.
   */
  private MoveSource plannedSource(
      ToolInvocation call, List<String> itemIds, String fromId, boolean preserve) {
    var from = scopedChecklist(call, fromId);
    var fromTask = journal.task(from.getTaskId());
    var onChecklist = new HashMap<String, ChecklistItem>();
    checklists.checklistItems(fromId).forEach(item -> onChecklist.put(item.getId(), item));
    var items = new ArrayList<ChecklistItem>();
    for (var itemId : itemIds) {
      var item = onChecklist.get(itemId);
      if (item == null) {
        throw ToolFailure.invalid(
            "itemIds", "checklist " + fromId + " has no item '" + itemId + "'");
      }
      items.add(item);
    }
    fromTask.requireOpenForEdits("move items off its checklists");
    items.sort(Comparator.comparingInt(ChecklistItem::getPosition));
    return new MoveSource(
        from, fromTask, items.stream().map(item -> planned(item, preserve)).toList());
  }

  private static PlannedMove planned(ChecklistItem item, boolean preserve) {
    return new PlannedMove(
        item.getId(), item.getTitle(), item.isChecked(), preserve && item.isChecked());
  }

  /** The checked-state token a move announces when it unchecks an item. */
  private static Optional<String> uncheckToken(MoveSource source, boolean preserve) {
    return !preserve && source.moves().stream().anyMatch(PlannedMove::wasChecked)
        ? Optional.of(checkedStateToken(false))
        : Optional.empty();
  }

  /**
   * The service moved exactly the planned items, in the planned order, to the destination, checked
   * as planned; otherwise the call fails and rolls back rather than report a plan it did not carry
   * out.
   */
  private static void requireAsPlanned(
      MoveSource source, List<ChecklistItem> moved, String toChecklistId) {
    var asPlanned = moved.size() == source.moves().size();
    for (int i = 0; asPlanned && i < moved.size(); i++) {
      var item = moved.get(i);
      var move = source.moves().get(i);
      asPlanned =
          item.getId().equals(move.itemId())
              && item.getChecklistId().equals(toChecklistId)
              && item.isChecked() == move.checked();
    }
    if (!asPlanned) {
      throw new IllegalStateException("the checklist service moved other items than planned");
    }
  }

  private static ToolOutcome withPayload(ToolOutcome outcome, JsonObject payload) {
    return new ToolOutcome(payload, outcome.changedEntityIds(), outcome.changedTokens());
  }

  // ---- scope ------------------------------------------------------------------------------------

  /** The task, in scope, or a refusal. */
  private Task scopedTask(ToolInvocation call, String taskId) {
    var task = journal.task(taskId);
    call.scope().requireTask(task.getCategoryId(), taskId, "task", taskId);
    return task;
  }

  /** The checklist, whose task is in scope, or a refusal. */
  private Checklist scopedChecklist(ToolInvocation call, String checklistId) {
    var checklist = checklists.checklist(checklistId);
    call.scope()
        .requireTask(
            checklists.categoryOfChecklist(checklistId).orElse(null),
            checklist.getTaskId(),
            "checklist",
            checklistId);
    return checklist;
  }

  /** The item, whose task is in scope, or a refusal. */
  private ChecklistItem scopedItem(ToolInvocation call, String itemId) {
    var item = checklists.item(itemId);
    call.scope()
        .requireTask(
            journal.task(item.getTaskId()).getCategoryId(),
            item.getTaskId(),
            "checklist item",
            itemId);
    return item;
  }

  // ---- payloads ---------------------------------------------------------------------------------

  static JsonObject item(ChecklistItem item) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("id", item.getId())
        .add("version", item.getVersion())
        .add("checklistId", item.getChecklistId())
        .add("taskId", item.getTaskId())
        .add("title", item.getTitle())
        .add("checked", item.isChecked())
        .add("position", item.getPosition())
        .build();
  }

  static JsonObject checklist(Checklist checklist) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("id", checklist.getId())
        .add("version", checklist.getVersion())
        .add("taskId", checklist.getTaskId())
        .add("title", checklist.getTitle())
        .add("position", checklist.getPosition())
        .build();
  }

  static String checkedStateToken(boolean checked) {
    return "checklistItem.state:" + (checked ? "checked" : "unchecked");
  }
}
