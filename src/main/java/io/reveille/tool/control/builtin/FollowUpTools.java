package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.CHECKLIST_WRITE;
import static io.reveille.tool.entity.Capability.TASK_WRITE;
import static io.reveille.tool.entity.ScopeRule.DESTINATION_IN_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.control.LabelService.LabelAssignment;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.entity.RiskLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * Follow-up tasks (seed 000 §4.3): a new task that continues a source task, optionally carrying the
 * source's open checklist items over and closing the source. {@code conclude_task_with_rollover} is
 * the same move with closing and carrying as defaults, and high risk; {@code
 * suggest_follow_up_task} is {@code create_follow_up_task} as a suggestion: every call a run makes
 * is a proposal a person accepts or rejects.
 *
 * <p>Both first compute a {@link Plan} from the current state — what the source becomes, the new
 * task's fields and labels, the items that move — and a preview returns exactly that plan. Apply
 * carries out the same plan and returns it with the ids it created, so "preview, then apply" does
 * what the preview showed. The open items move (not copy) to a checklist of the new task, before
 * the source closes; the source keeps its checked items.
 */
@ApplicationScoped
public class FollowUpTools implements ToolSet {

  static final String CARRIED_CHECKLIST_TITLE = "Carried over";

  @Inject JournalService journal;
  @Inject ChecklistService checklists;
  @Inject LabelService labels;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("create_follow_up_task")
            .requires(TASK_WRITE, CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.MEDIUM)
            .previewable()
            .handledBy(call -> followUp(call, false)),
        ToolDefinition.writing("suggest_follow_up_task")
            .requires(TASK_WRITE, CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.MEDIUM)
            .previewable()
            .proposalOnly(Role.OPERATOR)
            .handledBy(call -> followUp(call, false)),
        ToolDefinition.writing("conclude_task_with_rollover")
            .requires(TASK_WRITE, CHECKLIST_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .handledBy(call -> followUp(call, true)));
  }

  /** What a follow-up will do, computed before anything changes. */
  record Plan(
      Task source,
      Optional<TaskStatus> closeSourceAs,
      String title,
      String categoryId,
      List<String> labelIds,
      List<ChecklistItem> carriedItems) {

    JsonObject toJson() {
      var carried = JsonDocuments.provider().createArrayBuilder();
      for (var item : carriedItems) {
        carried.add(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("itemId", item.getId())
                .add("title", item.getTitle())
                .add("fromChecklistId", item.getChecklistId()));
      }
      var sourceJson =
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("taskId", source.getId())
              .add("statusBefore", source.getStatus().wire())
              .add("statusAfter", closeSourceAs.orElse(source.getStatus()).wire());
      var followUp =
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("title", title)
              .add("categoryId", categoryId)
              .add("priority", source.getPriority().wire())
              .add("labelIds", JsonDocuments.provider().createArrayBuilder(labelIds));
      if (source.getLanguage() != null) {
        followUp.add("language", source.getLanguage());
      }
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("sourceTask", sourceJson)
          .add("followUpTask", followUp)
          .add("carriedItems", carried)
          .build();
    }
  }

  ToolOutcome followUp(ToolInvocation call, boolean conclude) {
    var plan = plan(call, conclude);
    if (call.previewOnly()) {
      return ToolOutcome.of(
              JsonDocuments.provider().createObjectBuilder().add("plan", plan.toJson()).build())
          .build();
    }
    return apply(call, plan);
  }

  Plan plan(ToolInvocation call, boolean conclude) {
    var args = call.arguments();
    var sourceId = args.string("sourceTaskId");
    var source = journal.task(sourceId);
    call.scope().requireTask(source.getCategoryId(), sourceId, "task", sourceId);
    source.requireOpenForEdits("conclude it with a follow-up");
    var preserve = args.bool("preserveCategoryAndLabels", true);
    var categoryId =
        args.optionalString("categoryId")
            .map(
                id -> {
                  if (preserve && !id.equals(source.getCategoryId())) {
                    throw ToolFailure.invalid(
                        "categoryId", "only with preserveCategoryAndLabels false");
                  }
                  call.scope().requireCategory(id, "categoryId");
                  return id;
                })
            .orElse(source.getCategoryId());
    var closeAs =
        args.optionalString("closeSourceTaskAs")
            .or(() -> conclude ? Optional.of("DONE") : Optional.empty())
            .map(s -> WireEnum.parse(TaskStatus.class, s));
    var carry = args.bool("carryOverOpenChecklistItems", conclude);
    var carried = new ArrayList<ChecklistItem>();
    if (carry) {
      for (var checklist : checklists.checklists(sourceId)) {
        checklists.checklistItems(checklist.getId()).stream()
            .filter(item -> !item.isChecked() && !item.isArchived())
            .forEach(carried::add);
      }
    }
    var labelIds = preserve ? List.copyOf(new TreeSet<>(source.getLabelIds())) : List.<String>of();
    return new Plan(
        source, closeAs, args.string("newTaskTitle").strip(), categoryId, labelIds, carried);
  }

  private ToolOutcome apply(ToolInvocation call, Plan plan) {
    // Rendered first: applying changes the (managed) source task and items the plan refers to.
    var planJson = plan.toJson();
    var origin = call.origin();
    var source = plan.source();
    var followUp =
        journal.createTask(
            new NewTask(
                plan.title(),
                Optional.empty(),
                Optional.of(plan.categoryId()),
                Optional.empty(),
                Optional.of(source.getPriority()),
                Optional.empty(),
                Optional.empty(),
                Optional.ofNullable(source.getLanguage())),
            origin);
    call.scope().created(followUp.getId());
    var outcome =
        ToolOutcome.of(JsonObject.EMPTY_JSON_OBJECT).changed(SemanticKey.TASK, followUp.getId());
    if (!plan.labelIds().isEmpty()) {
      labels.assignTaskLabels(
          followUp.getId(), new TreeSet<>(plan.labelIds()), LabelAssignment.REPLACE, origin);
    }
    Optional<String> carriedChecklistId = Optional.empty();
    if (!plan.carriedItems().isEmpty()) {
      var checklist =
          checklists
              .createChecklist(followUp.getId(), CARRIED_CHECKLIST_TITLE, List.of(), origin)
              .checklist();
      carriedChecklistId = Optional.of(checklist.getId());
      var byChecklist = new LinkedHashMap<String, List<String>>();
      plan.carriedItems()
          .forEach(
              item ->
                  byChecklist
                      .computeIfAbsent(item.getChecklistId(), id -> new ArrayList<>())
                      .add(item.getId()));
      byChecklist.forEach(
          (from, itemIds) ->
              checklists.moveChecklistItems(itemIds, from, checklist.getId(), false, origin));
      outcome.changed(SemanticKey.CHECKLIST_ITEM, checklist.getId());
      plan.carriedItems()
          .forEach(item -> outcome.changed(SemanticKey.CHECKLIST_ITEM, item.getId()));
    }
    if (plan.closeSourceAs().isPresent()) {
      journal.updateTask(
          source.getId(),
          OptionalLong.empty(),
          TaskTools.changes().status(plan.closeSourceAs().get()).build(),
          origin);
      outcome.changed(SemanticKey.TASK, source.getId());
      outcome.token("task.status:" + plan.closeSourceAs().get().wire());
    }
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("plan", planJson)
            .add("followUpTaskId", followUp.getId());
    carriedChecklistId.ifPresent(id -> payload.add("carriedChecklistId", id));
    var changed = outcome.build();
    return new ToolOutcome(payload.build(), changed.changedEntityIds(), changed.changedTokens());
  }
}
