package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.TASK_READ;
import static io.reveille.tool.entity.Capability.TASK_WRITE;
import static io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.TaskLinkService;
import io.reveille.journal.entity.Task;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * Links between tasks: {@code link_task} links a task the agent may write (a task agent's own, or
 * one it created) to any task of its categories ({@code blocks}, {@code isBlockedBy}, {@code
 * followsUpOn}, …, seen from the first task); {@code get_related_task_details} reads a task of its
 * categories with the tasks linked to it — those outside its categories only counted.
 */
@ApplicationScoped
public class TaskLinkTools implements ToolSet {

  @Inject JournalService journal;
  @Inject TaskLinkService links;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("link_task")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::link),
        ToolDefinition.reading("get_related_task_details")
            .requires(TASK_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::related));
  }

  ToolOutcome link(ToolInvocation call) {
    var arguments = call.arguments();
    var taskId = arguments.taskId();
    var task = task(taskId);
    call.scope().requireTask(task.getCategoryId(), taskId, "task", taskId);
    var targetId = arguments.string("targetTaskId");
    var target = task(targetId);
    call.scope().require(target.getCategoryId(), "task", targetId);
    TaskLinkService.Linked linked;
    try {
      linked = links.link(taskId, arguments.string("relation"), targetId, call.origin());
    } catch (InvalidInputException e) {
      throw ToolFailure.invalid("relation", e.getMessage());
    }
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("linkId", linked.link().getId())
            .add("taskId", taskId)
            .add("relation", linked.link().relationSeenFrom(taskId))
            .add("targetTaskId", targetId)
            .add("created", linked.created())
            .build();
    var outcome = ToolOutcome.of(payload);
    if (linked.created()) {
      outcome.changed(SemanticKey.TASK, List.of(taskId, targetId));
    }
    return outcome.build();
  }

  ToolOutcome related(ToolInvocation call) {
    var provider = JsonDocuments.provider();
    var taskId = call.arguments().string("taskId");
    var found = journal.findTask(taskId).filter(task -> inScope(call, task));
    if (found.isEmpty()) {
      return ToolOutcome.read(provider.createObjectBuilder().add("found", false).build());
    }
    var task = found.get();
    var related = provider.createArrayBuilder();
    var outside = 0;
    for (var link : links.links(taskId)) {
      var other = links.other(link, taskId).filter(t -> inScope(call, t));
      if (other.isEmpty()) {
        outside++;
        continue;
      }
      related.add(
          provider
              .createObjectBuilder()
              .add("linkId", link.getId())
              .add("relation", link.relationSeenFrom(taskId))
              .add("task", ToolJson.taskSummary(other.get())));
    }
    var detail = ToolJson.taskSummary(task);
    if (task.getDescription() != null) {
      detail.add("description", task.getDescription());
    }
    return ToolOutcome.read(
        provider
            .createObjectBuilder()
            .add("found", true)
            .add("task", detail)
            .add("related", related)
            .add("relatedOutOfScope", outside)
            .build());
  }

  private Task task(String taskId) {
    return journal
        .findTask(taskId)
        .orElseThrow(() -> new ToolFailure(ToolErrorCode.NOT_FOUND, "no task " + taskId));
  }

  private static boolean inScope(ToolInvocation call, Task task) {
    return task.getCategoryId() != null && call.scope().allows(task.getCategoryId());
  }
}
