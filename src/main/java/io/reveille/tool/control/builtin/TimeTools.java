package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.TIME_WRITE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.TimeEntryService;
import io.reveille.journal.control.TimeEntryService.NewTimeEntry;
import io.reveille.journal.control.TimeEntryService.TimeEntryChanges;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.journal.entity.TimeEntry.AnnotateMode;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolHandler;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The time capture tools (seed 000 §4.2): log time already spent, run a task's timer, annotate an
 * entry. An entry's category is its task's (or, without a task, the one named), so the scope check
 * is on that category, made before the service is called. Timestamps are exact instants with an
 * offset: the caller resolves "16:00–18:00 yesterday" in the user's zone, the tool never guesses.
 */
@ApplicationScoped
public class TimeTools implements ToolSet {

  @Inject TimeEntryService timeEntries;
  @Inject JournalService journal;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        timeWrite("create_retrospective_time_entry", this::createRetrospective),
        timeWrite("start_task_timer", this::startTimer),
        timeWrite("stop_task_timer", this::stopTimer),
        timeWrite("annotate_time_entry", this::annotate),
        timeWrite("update_time_entry", this::updateEntry),
        timeWrite("create_time_entry", this::createEntry),
        ToolDefinition.writing("update_running_timer")
            .requires(TIME_WRITE)
            .scope(TARGET_IN_SCOPE)
            .previewable()
            .proposalOnly(Role.OPERATOR)
            .handledBy(this::updateRunningTimer));
  }

  private static ToolDefinition timeWrite(String name, ToolHandler handler) {
    return ToolDefinition.writing(name)
        .requires(TIME_WRITE)
        .scope(TARGET_IN_SCOPE)
        .handledBy(handler);
  }

  /**
   * A stopped entry from exact instants. With a task the entry takes the task's category (a {@code
   * categoryId} given as well must be in scope, the service then checks it is the task's); without
   * one the named category. Neither given: the agent's active task.
   */
  ToolOutcome createRetrospective(ToolInvocation call) {
    var args = call.arguments();
    var categoryId = args.optionalString("categoryId");
    categoryId.ifPresent(id -> call.scope().requireCategory(id, "categoryId"));
    Optional<String> taskId =
        args.has("taskId") || categoryId.isEmpty() ? Optional.of(args.taskId()) : Optional.empty();
    if (taskId.isPresent()) {
      scopedTask(call, taskId.get());
    } else {
      call.scope()
          .requireTask(categoryId.get(), null, "a time entry in category", categoryId.get());
    }
    var startedAt = args.instant("startedAt");
    var endedAt = args.instant("endedAt");
    if (!endedAt.isAfter(startedAt)) {
      throw ToolFailure.invalid(
          "endedAt", "must be after startedAt (" + startedAt + "), got " + endedAt);
    }
    var entry =
        timeEntries.createTimeEntry(
            new NewTimeEntry(
                taskId,
                categoryId,
                startedAt,
                Optional.of(endedAt),
                args.optionalString("description"),
                args.optionalString("sourceEntryId")),
            call.origin());
    return changed(entry, true, Optional.empty());
  }

  /**
   * An entry of a task (the agent's own when none is named) from {@code startTime} to {@code
   * endTime}, or running since {@code startTime} when no end is given (refused when the task has a
   * running timer), with its summary.
   */
  ToolOutcome createEntry(ToolInvocation call) {
    var args = call.arguments();
    var taskId = args.taskId();
    scopedTask(call, taskId);
    var startedAt = args.instant("startTime");
    var endedAt = args.optionalInstant("endTime");
    if (endedAt.isPresent() && !endedAt.get().isAfter(startedAt)) {
      throw ToolFailure.invalid(
          "endTime", "must be after startTime (" + startedAt + "), got " + endedAt.get());
    }
    var entry =
        timeEntries.createTimeEntry(
            new NewTimeEntry(
                Optional.of(taskId),
                Optional.empty(),
                startedAt,
                endedAt,
                Optional.of(args.string("summary")),
                Optional.empty()),
            call.origin());
    return changed(
        entry, true, endedAt.isEmpty() ? Optional.of("timeEntry.state:running") : Optional.empty());
  }

  /**
   * The summary of a task's running timer, replaced. Proposal-only: the user decides what their
   * running timer says. A task without a running timer is refused.
   */
  ToolOutcome updateRunningTimer(ToolInvocation call) {
    var args = call.arguments();
    var taskId = args.taskId();
    scopedTask(call, taskId);
    var running =
        timeEntries
            .runningEntry(taskId)
            .orElseThrow(
                () ->
                    new ToolFailure(
                        io.reveille.tool.control.ToolErrorCode.CONFLICT,
                        "task " + taskId + " has no running timer"));
    var summary = args.string("summary");
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("entryId", running.getId())
            .add("taskId", taskId)
            .add("summary", summary);
    if (call.previewOnly()) {
      return ToolOutcome.read(payload.build());
    }
    var entry = timeEntries.annotate(running.getId(), summary, AnnotateMode.REPLACE, call.origin());
    return ToolOutcome.of(payload.add("entry", entry(entry)).build())
        .changed(SemanticKey.TIME_ENTRY, entry.getId())
        .build();
  }

  ToolOutcome startTimer(ToolInvocation call) {
    var taskId = call.arguments().taskId();
    scopedTask(call, taskId);
    var entry =
        timeEntries.startTimer(
            taskId, call.arguments().optionalString("description"), call.origin());
    return changed(entry, true, Optional.of("timeEntry.state:running"));
  }

  ToolOutcome stopTimer(ToolInvocation call) {
    var taskId = call.arguments().taskId();
    scopedTask(call, taskId);
    var entry =
        timeEntries.stopTimer(taskId, call.arguments().optionalInstant("endedAt"), call.origin());
    return changed(entry, true, Optional.of("timeEntry.state:stopped"));
  }

  ToolOutcome annotate(ToolInvocation call) {
    var args = call.arguments();
    var entryId = args.string("entryId");
    var before = timeEntries.timeEntry(entryId);
    call.scope().requireTask(before.getCategoryId(), before.getTaskId(), "time entry", entryId);
    var version = before.getVersion();
    var entry =
        timeEntries.annotate(
            entryId,
            args.string("text"),
            WireEnum.parse(AnnotateMode.class, args.string("mode")),
            call.origin());
    return changed(entry, entry.getVersion() != version, Optional.empty());
  }

  /**
   * Corrects a finished entry's start, end or description. A running entry is refused: stopping it
   * is {@code stop_task_timer}'s, and its text {@code annotate_time_entry}'s.
   */
  ToolOutcome updateEntry(ToolInvocation call) {
    var args = call.arguments();
    var entryId = args.string("entryId");
    var before = timeEntries.timeEntry(entryId);
    call.scope().requireTask(before.getCategoryId(), before.getTaskId(), "time entry", entryId);
    if (before.isRunning()) {
      throw ToolFailure.invalid(
          "entryId",
          "time entry "
              + entryId
              + " is running: stop it with stop_task_timer, change its text with"
              + " annotate_time_entry");
    }
    var version = before.getVersion();
    var entry =
        timeEntries.updateTimeEntry(
            entryId,
            OptionalLong.empty(),
            new TimeEntryChanges(
                args.optionalInstant("startedAt"),
                args.optionalInstant("endedAt"),
                args.has("description")
                    ? Optional.of(args.optionalString("description"))
                    : Optional.empty(),
                Optional.empty()),
            call.origin());
    return changed(entry, entry.getVersion() != version, Optional.empty());
  }

  private void scopedTask(ToolInvocation call, String taskId) {
    call.scope().requireTask(journal.task(taskId).getCategoryId(), taskId, "task", taskId);
  }

  /** The entry as payload; when it changed, its id and the tokens its batch carries. */
  private static ToolOutcome changed(
      TimeEntry entry, boolean changed, Optional<String> stateToken) {
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("entry", entry(entry))
            .add("changed", changed)
            .build();
    if (!changed) {
      return ToolOutcome.of(payload).build();
    }
    var outcome = ToolOutcome.of(payload).changed(SemanticKey.TIME_ENTRY, entry.getId());
    if (entry.getTaskId() != null) {
      outcome.token(SemanticKey.TASK);
    }
    stateToken.ifPresent(outcome::token);
    return outcome.build();
  }

  /** An entry as tools show it: instants in UTC, the length of a stopped span in minutes. */
  static JsonObject entry(TimeEntry entry) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", entry.getId())
            .add("version", entry.getVersion())
            .add("categoryId", entry.getCategoryId())
            .add("startedAt", entry.getStartedAt().toString())
            .add("running", entry.isRunning());
    ToolJson.nullable(json, "taskId", entry.getTaskId());
    ToolJson.nullable(
        json, "endedAt", entry.getEndedAt() == null ? null : entry.getEndedAt().toString());
    entry
        .duration()
        .ifPresentOrElse(
            d -> json.add("durationMinutes", d.toMinutes()), () -> json.addNull("durationMinutes"));
    ToolJson.nullable(json, "description", entry.getDescription());
    ToolJson.nullable(json, "sourceEntryId", entry.getSourceEntryId());
    return json.build();
  }
}
