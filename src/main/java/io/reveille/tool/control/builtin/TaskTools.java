package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.TASK_WRITE;
import static io.reveille.tool.entity.ScopeRule.DESTINATION_IN_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.JournalService.TaskChanges;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolHandler;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The task tools: create a task and change its fields. Every write loads the task, refuses it when
 * its category is out of scope, then changes it through the journal service with the call's origin,
 * so the change and its notification batch commit with the ledger row.
 */
@ApplicationScoped
public class TaskTools implements ToolSet {

  @Inject JournalService journal;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        field("set_task_title", this::setTitle),
        field("update_task_estimate", this::updateEstimate),
        field("update_task_due_date", this::updateDueDate),
        field("update_task_priority", this::updatePriority),
        field("set_task_status", this::setStatus),
        ToolDefinition.writing("create_task")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::createTask),
        ToolDefinition.writing("update_task_fields")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE, DESTINATION_IN_SCOPE)
            .risk(io.reveille.tool.entity.RiskLevel.MEDIUM)
            .handledBy(this::updateTaskFields));
  }

  private static ToolDefinition field(String name, ToolHandler handler) {
    return ToolDefinition.writing(name)
        .requires(TASK_WRITE)
        .scope(TARGET_IN_SCOPE)
        .handledBy(handler);
  }

  ToolOutcome setTitle(ToolInvocation call) {
    var title = call.arguments().string("title");
    return change(call, changes().title(title));
  }

  ToolOutcome updateEstimate(ToolInvocation call) {
    var minutes = call.arguments().optionalInteger("estimateMinutes");
    return change(call, changes().estimateMinutes(minutes));
  }

  ToolOutcome updateDueDate(ToolInvocation call) {
    var date = call.arguments().optionalDate("dueDate");
    return change(call, changes().dueDate(date));
  }

  ToolOutcome updatePriority(ToolInvocation call) {
    var priority = WireEnum.parse(TaskPriority.class, call.arguments().string("priority"));
    return change(call, changes().priority(priority));
  }

  /**
   * Moves a task to another status of open work. An agent never closes a task: {@code done} and
   * {@code rejected} are refused, naming who may. The reason is answered with the task, so that it
   * stays with the call in the ledger and the run.
   */
  ToolOutcome setStatus(ToolInvocation call) {
    var args = call.arguments();
    var status = WireEnum.parse(TaskStatus.class, args.string("status"));
    var reason = args.string("reason");
    var taskId = args.taskId();
    var before = scopedTask(call, taskId);
    if (status.isClosed()) {
      throw ToolFailure.invalid(
          "status",
          status.wire()
              + " closes the task, which an agent never does: a person closes it (the API or the"
              + " console); an agent may set open, inProgress, blocked, groomed or onHold");
    }
    var previous = before.getStatus().wire();
    return change(
        call,
        changes().status(status),
        result -> result.add("previousStatus", previous).add("reason", reason));
  }

  ToolOutcome updateTaskFields(ToolInvocation call) {
    var args = call.arguments();
    var changes = changes();
    args.optionalString("title").ifPresent(changes::title);
    args.optionalString("status")
        .map(s -> WireEnum.parse(TaskStatus.class, s))
        .ifPresent(changes::status);
    args.optionalString("priority")
        .map(p -> WireEnum.parse(TaskPriority.class, p))
        .ifPresent(changes::priority);
    if (args.has("estimateMinutes")) {
      changes.estimateMinutes(args.optionalInteger("estimateMinutes"));
    }
    if (args.has("dueDate")) {
      changes.dueDate(args.optionalDate("dueDate"));
    }
    if (args.has("description")) {
      changes.description(args.optionalString("description"));
    }
    args.optionalString("categoryId")
        .ifPresent(
            categoryId -> {
              call.scope().requireCategory(categoryId, "categoryId");
              changes.categoryId(categoryId);
            });
    return change(call, changes);
  }

  ToolOutcome createTask(ToolInvocation call) {
    var args = call.arguments();
    var categoryId = args.string("categoryId");
    call.scope().requireCategory(categoryId, "categoryId");
    var task =
        journal.createTask(
            new NewTask(
                args.string("title"),
                args.optionalString("description"),
                Optional.of(categoryId),
                args.optionalString("status").map(s -> WireEnum.parse(TaskStatus.class, s)),
                args.optionalString("priority").map(p -> WireEnum.parse(TaskPriority.class, p)),
                args.optionalInteger("estimateMinutes"),
                args.optionalDate("dueDate")),
            call.origin());
    call.scope().created(task.getId());
    return ToolOutcome.of(
            JsonDocuments.provider().createObjectBuilder().add("task", ToolJson.task(task)).build())
        .changed(SemanticKey.TASK, task.getId())
        .build();
  }

  /** Loads the call's task, in scope, or refuses. */
  Task scopedTask(ToolInvocation call, String taskId) {
    var task = journal.task(taskId);
    call.scope().requireTask(task.getCategoryId(), taskId, "task", taskId);
    return task;
  }

  ToolOutcome change(ToolInvocation call, Changes changes) {
    return change(call, changes, result -> {});
  }

  /** Changes the call's task; {@code more} adds to the result beside the task and its change. */
  ToolOutcome change(
      ToolInvocation call, Changes changes, Consumer<jakarta.json.JsonObjectBuilder> more) {
    var taskId = call.arguments().taskId();
    var before = scopedTask(call, taskId).getVersion();
    var task = journal.updateTask(taskId, OptionalLong.empty(), changes.build(), call.origin());
    var changed = task.getVersion() != before;
    var result =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("task", ToolJson.task(task))
            .add("changed", changed);
    more.accept(result);
    var outcome = ToolOutcome.of(result.build());
    return changed ? outcome.changed(SemanticKey.TASK, task.getId()).build() : outcome.build();
  }

  static Changes changes() {
    return new Changes();
  }

  /** Collects a partial task update; the one place that builds {@link TaskChanges}. */
  static final class Changes {
    private Optional<String> title = Optional.empty();
    private Optional<Optional<String>> description = Optional.empty();
    private Optional<Optional<String>> categoryId = Optional.empty();
    private Optional<TaskStatus> status = Optional.empty();
    private Optional<TaskPriority> priority = Optional.empty();
    private Optional<Optional<Integer>> estimateMinutes = Optional.empty();
    private Optional<Optional<LocalDate>> dueDate = Optional.empty();
    private Optional<Optional<String>> language = Optional.empty();

    Changes title(String value) {
      title = Optional.of(value);
      return this;
    }

    Changes description(Optional<String> value) {
      description = Optional.of(value);
      return this;
    }

    Changes categoryId(String value) {
      categoryId = Optional.of(Optional.of(value));
      return this;
    }

    Changes status(TaskStatus value) {
      status = Optional.of(value);
      return this;
    }

    Changes priority(TaskPriority value) {
      priority = Optional.of(value);
      return this;
    }

    Changes estimateMinutes(Optional<Integer> value) {
      estimateMinutes = Optional.of(value);
      return this;
    }

    Changes dueDate(Optional<LocalDate> value) {
      dueDate = Optional.of(value);
      return this;
    }

    /** A BCP 47 tag, or empty to clear the language. */
    Changes language(Optional<String> value) {
      language = Optional.of(value);
      return this;
    }

    TaskChanges build() {
      return new TaskChanges(
          title, description, categoryId, status, priority, estimateMinutes, dueDate, language);
    }
  }
}
