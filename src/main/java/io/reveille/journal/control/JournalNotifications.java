package io.reveille.journal.control;

import io.reveille.journal.entity.AttentionRequest;
import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.DayPlan;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.Label;
import io.reveille.journal.entity.Project;
import io.reveille.journal.entity.Rating;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskRelation;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.notification.control.NotificationAudience;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import io.reveille.notification.control.NotificationBatchDocuments;
import io.reveille.notification.control.NotificationQueue;
import io.reveille.notification.control.RunCauses;
import io.reveille.notification.control.SemanticKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Announces journal changes to the alertness machinery: one {@link NotificationBatch} per change,
 * published inside the transaction that makes the change.
 *
 * <p>A batch carries the registered semantic key of what changed ({@code TASK}, {@code
 * CHECKLIST_ITEM}, {@code CATEGORY}), a subtype token when a state changed ({@code
 * task.status:DONE}, {@code checklistItem.state:checked}), the changed entity ids, and a snapshot
 * of each changed entity so that subscription predicates ({@code status == "DONE"}, {@code
 * categoryId == "gym"}) can be evaluated without reading the journal back. A checklist item change
 * also names its task (token {@code TASK}, the task id and the task's snapshot): a task agent
 * watching its task's id hears about the task's checklist too.
 *
 * <p>Changes to named checklists (creating one, adding, changing or moving several items at once)
 * are one batch per call under the same keys: it names every checklist, item and task involved,
 * with their snapshots, each carrying its task's category. A label change ({@code LABEL}) names the
 * label and, when tasks lost it, those tasks ({@code TASK}); a change of a task's labels is a task
 * change that also names the labels put on or taken off.
 */
@ApplicationScoped
public class JournalNotifications {
  static final String LABEL_DELETED_TOKEN = "label.state:deleted";
  static final String TASK_DELETED_TOKEN = "task.state:deleted";

  /**
   * What one call changed on checklists: the checklists and items involved, the tasks they belong
   * to (for a move: both), and which of the items changed their checked state.
   */
  public record ChecklistChange(
      List<Checklist> checklists,
      List<ChecklistItem> items,
      List<Task> tasks,
      Set<String> checkedChangedItemIds) {
    public ChecklistChange {
      checklists = List.copyOf(checklists);
      items = List.copyOf(items);
      tasks = List.copyOf(tasks);
      checkedChangedItemIds = Set.copyOf(checkedChangedItemIds);
    }
  }

  @Inject NotificationQueue queue;
  @Inject NotificationBatchDocuments documents;

  /** Who could be woken: a batch that would wake nobody is not published. */
  @Inject NotificationAudience audience = NotificationAudience.EVERYONE;

  /** The causes of the runs executing here: a run's tool calls' changes carry one hop more. */
  @Inject RunCauses causes = new RunCauses();

  /** A category was created or changed. */
  public void categoryChanged(Category category, ChangeOrigin origin) {
    publish(categoryBatch(UUID.randomUUID().toString(), category, origin));
  }

  /** A task was created or changed; {@code statusChanged} adds the status subtype token. */
  public void taskChanged(Task task, boolean statusChanged, ChangeOrigin origin) {
    publish(taskBatch(UUID.randomUUID().toString(), task, statusChanged, origin));
  }

  /**
   * A project was created or changed: {@code PROJECT}, {@code project.status:<status>} when the
   * status moved, and its id.
   */
  public void projectChanged(Project project, boolean statusChanged, ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.PROJECT));
    if (statusChanged) {
      tokens.add("project.status:" + project.getStatus().wire());
    }
    tokens.add(project.getId());
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("title", project.getTitle());
    attributes.put("status", project.getStatus().wire());
    publish(
        batch(
            UUID.randomUUID().toString(),
            tokens,
            List.of(
                new EntitySnapshot(
                    project.getId(),
                    Optional.of("project"),
                    Optional.of(project.getCategoryId()),
                    attributes)),
            origin));
  }

  /**
   * A request for time on {@code task} was made or resolved: {@code TASK}, {@code
   * task.attention:<status>}, the task's id (and its project's) and the request's id, with the
   * task's snapshot.
   */
  public void attentionChanged(AttentionRequest request, Task task, ChangeOrigin origin) {
    var tokens =
        new ArrayList<String>(
            List.of(
                SemanticKey.TASK, "task.attention:" + request.getStatus().wire(), task.getId()));
    task.getProjectId().ifPresent(tokens::add);
    tokens.add(request.getId());
    publish(batch(UUID.randomUUID().toString(), tokens, List.of(taskSnapshot(task)), origin));
  }

  /**
   * Two tasks were linked, or ({@code removed}) unlinked: {@code TASK}, {@code
   * task.link:<relation>} (or {@code task.unlink:<relation>}), both ids and both snapshots.
   */
  public void tasksLinked(
      Task from, Task to, TaskRelation relation, boolean removed, ChangeOrigin origin) {
    publish(
        batch(
            UUID.randomUUID().toString(),
            List.of(
                SemanticKey.TASK,
                (removed ? "task.unlink:" : "task.link:") + relation.wire(),
                from.getId(),
                to.getId()),
            List.of(taskSnapshot(from), taskSnapshot(to)),
            origin));
  }

  /** A task was deleted: its id, {@code TASK} and {@code task.state:deleted}, its last snapshot. */
  public void taskDeleted(Task task, ChangeOrigin origin) {
    publish(taskDeletedBatch(UUID.randomUUID().toString(), task, origin));
  }

  /** Checklists or their items were created, changed or moved, in one call. */
  public void checklistsChanged(ChecklistChange change, ChangeOrigin origin) {
    publish(checklistBatch(UUID.randomUUID().toString(), change, origin));
  }

  /**
   * A label was created, changed or ({@code deleted}) deleted; {@code tasks} are the tasks that
   * lost it with the deletion.
   */
  public void labelChanged(Label label, boolean deleted, List<Task> tasks, ChangeOrigin origin) {
    publish(labelBatch(UUID.randomUUID().toString(), label, deleted, tasks, origin));
  }

  /** Labels were put on or taken off a task: {@code changedLabelIds} are those. */
  public void taskLabelsChanged(Task task, Set<String> changedLabelIds, ChangeOrigin origin) {
    publish(taskLabelsBatch(UUID.randomUUID().toString(), task, changedLabelIds, origin));
  }

  private void publish(NotificationBatch batch) {
    var caused =
        batch
            .originAgentId()
            .map(agentId -> batch.withCause(causes.ofChangeBy(agentId, batch.originRunKey())))
            .orElse(batch);
    if (audience.wouldWake(caused)) {
      queue.publish(documents.toJson(caused).toString());
    }
  }

  static NotificationBatch categoryBatch(String batchId, Category category, ChangeOrigin origin) {
    return batch(
        batchId,
        List.of(SemanticKey.CATEGORY, category.getId()),
        List.of(categorySnapshot(category)),
        origin);
  }

  static NotificationBatch taskBatch(
      String batchId, Task task, boolean statusChanged, ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.TASK));
    if (statusChanged) {
      tokens.add(statusToken(task));
    }
    tokens.add(task.getId());
    // A project's agent subscribes to its project's id: the changes of its tasks carry it.
    task.getProjectId().ifPresent(tokens::add);
    return batch(batchId, tokens, List.of(taskSnapshot(task)), origin);
  }

  static NotificationBatch taskDeletedBatch(String batchId, Task task, ChangeOrigin origin) {
    return batch(
        batchId,
        List.of(SemanticKey.TASK, TASK_DELETED_TOKEN, task.getId()),
        List.of(taskSnapshot(task)),
        origin);
  }

  static NotificationBatch checklistBatch(
      String batchId, ChecklistChange change, ChangeOrigin origin) {
    var tasks = new LinkedHashMap<String, Task>();
    change.tasks().forEach(task -> tasks.put(task.getId(), task));
    var tokens = new ArrayList<String>(List.of(SemanticKey.CHECKLIST_ITEM, SemanticKey.TASK));
    change.items().stream()
        .filter(item -> change.checkedChangedItemIds().contains(item.getId()))
        .map(JournalNotifications::checkedStateToken)
        .distinct()
        .sorted()
        .forEach(tokens::add);
    var entities = new ArrayList<EntitySnapshot>();
    for (var checklist : change.checklists()) {
      tokens.add(checklist.getId());
      entities.add(checklistSnapshot(checklist, taskOf(tasks, checklist.getTaskId())));
    }
    for (var item : change.items()) {
      tokens.add(item.getId());
      entities.add(checklistItemSnapshot(item, taskOf(tasks, item.getTaskId())));
    }
    for (var task : tasks.values()) {
      tokens.add(task.getId());
      entities.add(taskSnapshot(task));
    }
    return batch(batchId, tokens, entities, origin);
  }

  static NotificationBatch labelBatch(
      String batchId, Label label, boolean deleted, List<Task> tasks, ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.LABEL));
    if (!tasks.isEmpty()) {
      tokens.add(SemanticKey.TASK);
    }
    if (deleted) {
      tokens.add(LABEL_DELETED_TOKEN);
    }
    tokens.add(label.getId());
    var entities = new ArrayList<EntitySnapshot>(List.of(labelSnapshot(label)));
    for (var task : tasks) {
      tokens.add(task.getId());
      entities.add(taskSnapshot(task));
    }
    return batch(batchId, tokens, entities, origin);
  }

  static NotificationBatch taskLabelsBatch(
      String batchId, Task task, Set<String> changedLabelIds, ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.TASK, SemanticKey.LABEL, task.getId()));
    changedLabelIds.stream().sorted().forEach(tokens::add);
    return batch(batchId, tokens, List.of(taskSnapshot(task)), origin);
  }

  private static Task taskOf(Map<String, Task> tasks, String taskId) {
    return Objects.requireNonNull(tasks.get(taskId), () -> "the change lacks task " + taskId);
  }

  private static String checkedStateToken(ChecklistItem item) {
    return "checklistItem.state:" + (item.isChecked() ? "checked" : "unchecked");
  }

  static String statusToken(Task task) {
    return "task.status:" + task.getStatus().wire();
  }

  private static NotificationBatch batch(
      String batchId, List<String> tokens, List<EntitySnapshot> entities, ChangeOrigin origin) {
    return NotificationBatch.local(batchId, tokens, entities, origin.agentId(), origin.runKey());
  }

  private static EntitySnapshot categorySnapshot(Category category) {
    // A category is in its own category, so "categoryId == ..." predicates see category changes.
    return new EntitySnapshot(
        category.getId(),
        Optional.of("category"),
        Optional.of(category.getId()),
        Map.of("name", category.getName()));
  }

  private static EntitySnapshot taskSnapshot(Task task) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("title", task.getTitle());
    attributes.put("status", task.getStatus().wire());
    attributes.put("priority", task.getPriority().wire());
    if (task.getEstimateMinutes() != null) {
      attributes.put("estimateMinutes", BigDecimal.valueOf(task.getEstimateMinutes()));
    }
    if (task.getDueDate() != null) {
      attributes.put("dueDate", task.getDueDate().toString());
    }
    if (task.getLanguage() != null) {
      attributes.put("language", task.getLanguage());
    }
    attributes.put("labelIds", List.copyOf(task.getLabelIds()));
    task.getProjectId().ifPresent(project -> attributes.put("projectId", project));
    return new EntitySnapshot(
        task.getId(), Optional.of("task"), Optional.ofNullable(task.getCategoryId()), attributes);
  }

  private static EntitySnapshot checklistItemSnapshot(ChecklistItem item, Task task) {
    return new EntitySnapshot(
        item.getId(),
        Optional.of("checklistItem"),
        Optional.ofNullable(task.getCategoryId()),
        Map.of(
            "title",
            item.getTitle(),
            "checked",
            item.isChecked(),
            "archived",
            item.isArchived(),
            "taskId",
            task.getId(),
            "checklistId",
            item.getChecklistId()));
  }

  private static EntitySnapshot checklistSnapshot(Checklist checklist, Task task) {
    return new EntitySnapshot(
        checklist.getId(),
        Optional.of("checklist"),
        Optional.ofNullable(task.getCategoryId()),
        Map.of("title", checklist.getTitle(), "taskId", task.getId()));
  }

  private static EntitySnapshot labelSnapshot(Label label) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("name", label.getName());
    if (label.getColor() != null) {
      attributes.put("color", label.getColor());
    }
    return new EntitySnapshot(
        label.getId(), Optional.of("label"), Optional.of(label.getCategoryId()), attributes);
  }

  // ---- time entries, day plans and ratings -------------------------------------------------

  /** What happened to a time entry, for its subtype token and snapshot. */
  public enum TimeEntryChange {
    /** Created (a running one also gets {@code timeEntry.state:running}). */
    CREATED,
    /** Content or span changed, state unchanged. */
    UPDATED,
    /** A running entry was stopped: {@code timeEntry.state:stopped}. */
    STOPPED,
    /** Deleted: the snapshot says {@code deleted: true}. */
    DELETED
  }

  /**
   * A time entry was created, changed, stopped or deleted. A linked task is named too (token {@code
   * TASK}, its id and snapshot), so a task agent watching its task hears about its time.
   */
  public void timeEntryChanged(
      TimeEntry entry, Optional<Task> task, TimeEntryChange change, ChangeOrigin origin) {
    publish(timeEntryBatch(UUID.randomUUID().toString(), entry, task, change, origin));
  }

  /**
   * A day plan changed: created, blocks created/changed ({@code blocks}) or deleted ({@code
   * deletedBlocks}), or pins changed ({@code pinnedTaskIds} is then the new pin list and {@code
   * changedPins} the tasks pinned or unpinned).
   */
  public void dayPlanChanged(
      DayPlan plan,
      List<DayPlanBlock> blocks,
      List<DayPlanBlock> deletedBlocks,
      List<String> pinnedTaskIds,
      List<Task> changedPins,
      ChangeOrigin origin) {
    publish(
        dayPlanBatch(
            UUID.randomUUID().toString(),
            plan,
            blocks,
            deletedBlocks,
            pinnedTaskIds,
            changedPins,
            origin));
  }

  /** A rating was created or changed; the batch names its target's id too. */
  public void ratingChanged(Rating rating, ChangeOrigin origin) {
    publish(ratingBatch(UUID.randomUUID().toString(), rating, origin));
  }

  static NotificationBatch timeEntryBatch(
      String batchId,
      TimeEntry entry,
      Optional<Task> task,
      TimeEntryChange change,
      ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.TIME_ENTRY));
    task.ifPresent(t -> tokens.add(SemanticKey.TASK));
    if (change == TimeEntryChange.STOPPED
        || (change == TimeEntryChange.CREATED && entry.isRunning())) {
      tokens.add("timeEntry.state:" + (entry.isRunning() ? "running" : "stopped"));
    }
    tokens.add(entry.getId());
    task.ifPresent(t -> tokens.add(t.getId()));
    var entities = new ArrayList<EntitySnapshot>();
    entities.add(timeEntrySnapshot(entry, change == TimeEntryChange.DELETED));
    task.ifPresent(t -> entities.add(taskSnapshot(t)));
    return batch(batchId, tokens, entities, origin);
  }

  static NotificationBatch dayPlanBatch(
      String batchId,
      DayPlan plan,
      List<DayPlanBlock> blocks,
      List<DayPlanBlock> deletedBlocks,
      List<String> pinnedTaskIds,
      List<Task> changedPins,
      ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.DAY_PLAN, plan.getId()));
    var entities = new ArrayList<EntitySnapshot>();
    entities.add(dayPlanSnapshot(plan, pinnedTaskIds));
    for (var block : blocks) {
      tokens.add(block.getId());
      entities.add(blockSnapshot(block, false));
    }
    for (var block : deletedBlocks) {
      tokens.add(block.getId());
      entities.add(blockSnapshot(block, true));
    }
    for (var pinned : changedPins) {
      tokens.add(pinned.getId());
      entities.add(taskSnapshot(pinned));
    }
    return batch(batchId, tokens, entities, origin);
  }

  static NotificationBatch ratingBatch(String batchId, Rating rating, ChangeOrigin origin) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("targetType", rating.getTargetType().wire());
    attributes.put("targetId", rating.getTargetId());
    attributes.put("dimension", rating.getDimension());
    attributes.put("value", BigDecimal.valueOf(rating.getValue()));
    if (rating.getNote() != null) {
      attributes.put("note", rating.getNote());
    }
    return batch(
        batchId,
        List.of(SemanticKey.RATING, rating.getId(), rating.getTargetId()),
        List.of(
            new EntitySnapshot(
                rating.getId(),
                Optional.of("rating"),
                Optional.of(rating.getCategoryId()),
                attributes)),
        origin);
  }

  private static EntitySnapshot timeEntrySnapshot(TimeEntry entry, boolean deleted) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("startedAt", entry.getStartedAt().toString());
    attributes.put("running", entry.isRunning());
    if (entry.getEndedAt() != null) {
      attributes.put("endedAt", entry.getEndedAt().toString());
    }
    entry
        .duration()
        .ifPresent(d -> attributes.put("durationMinutes", BigDecimal.valueOf(d.toMinutes())));
    if (entry.getTaskId() != null) {
      attributes.put("taskId", entry.getTaskId());
    }
    if (entry.getDescription() != null) {
      attributes.put("description", entry.getDescription());
    }
    if (entry.getSourceEntryId() != null) {
      attributes.put("sourceEntryId", entry.getSourceEntryId());
    }
    if (deleted) {
      attributes.put("deleted", true);
    }
    return new EntitySnapshot(
        entry.getId(), Optional.of("timeEntry"), Optional.of(entry.getCategoryId()), attributes);
  }

  private static EntitySnapshot dayPlanSnapshot(DayPlan plan, List<String> pinnedTaskIds) {
    // A plan has no category of its own; its blocks' snapshots carry theirs.
    return new EntitySnapshot(
        plan.getId(),
        Optional.of("dayPlan"),
        Optional.empty(),
        Map.of("planDate", plan.getPlanDate().toString(), "pinnedTaskIds", pinnedTaskIds));
  }

  private static EntitySnapshot blockSnapshot(DayPlanBlock block, boolean deleted) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("planId", block.getPlanId());
    attributes.put("startTime", block.getStartTime().toString());
    attributes.put("endTime", block.getEndTime().toString());
    if (block.getTaskId() != null) {
      attributes.put("taskId", block.getTaskId());
    }
    if (block.getNote() != null) {
      attributes.put("note", block.getNote());
    }
    if (deleted) {
      attributes.put("deleted", true);
    }
    return new EntitySnapshot(
        block.getId(), Optional.of("dayPlanBlock"), Optional.of(block.getCategoryId()), attributes);
  }
}
