package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.TASK_WRITE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.control.LabelService.LabelAssignment;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashSet;
import java.util.TreeSet;

/**
 * The task metadata tools: a task's language and its labels.
 *
 * <p>The language goes through the task tools' change path ({@link TaskTools#change}), so it is
 * scoped, versioned and announced like every other task field. Labels are checked here before the
 * label service sees them: the service refuses a label of another category than the task's, but as
 * invalid arguments and naming that category; a label of a category outside the agent's scope is
 * refused as {@code out_of_scope} instead, naming nothing.
 */
@ApplicationScoped
public class TaskMetadataTools implements ToolSet {

  @Inject TaskTools tasks;
  @Inject JournalService journal;
  @Inject LabelService labels;

  @Override
  public java.util.List<ToolDefinition> tools() {
    return java.util.List.of(
        ToolDefinition.writing("set_task_language")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::setLanguage),
        ToolDefinition.writing("assign_task_labels")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::assignLabels));
  }

  ToolOutcome setLanguage(ToolInvocation call) {
    var language = call.arguments().optionalString("language");
    var outcome = tasks.change(call, TaskTools.changes().language(language));
    var task = journal.task(call.arguments().taskId());
    var payload =
        ToolJson.nullable(
                JsonDocuments.provider().createObjectBuilder(outcome.payload()),
                "language",
                task.getLanguage())
            .build();
    return new ToolOutcome(payload, outcome.changedEntityIds(), outcome.changedTokens());
  }

  ToolOutcome assignLabels(ToolInvocation call) {
    var args = call.arguments();
    var task = tasks.scopedTask(call, args.taskId());
    var labelIds = new LinkedHashSet<>(args.strings("labelIds"));
    for (var labelId : labelIds) {
      labels
          .findLabel(labelId)
          .ifPresent(label -> call.scope().require(label.getCategoryId(), "label", labelId));
    }
    var mode = WireEnum.parse(LabelAssignment.class, args.string("mode"));
    var beforeLabels = new TreeSet<>(task.getLabelIds());
    task = labels.assignTaskLabels(task.getId(), labelIds, mode, call.origin());
    var after = new TreeSet<>(task.getLabelIds());
    var changed = !after.equals(beforeLabels);
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("task", ToolJson.task(task))
            .add("labelIds", JsonDocuments.provider().createArrayBuilder(after))
            .add("changed", changed)
            .build();
    var outcome = ToolOutcome.of(payload);
    if (changed) {
      outcome.changed(SemanticKey.TASK, task.getId()).token(SemanticKey.LABEL);
      var touched = new TreeSet<>(beforeLabels);
      touched.addAll(after);
      touched.stream()
          .filter(id -> beforeLabels.contains(id) != after.contains(id))
          .forEach(id -> outcome.changed(SemanticKey.LABEL, id));
    }
    return outcome.build();
  }
}
