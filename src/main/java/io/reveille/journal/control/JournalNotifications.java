package io.reveille.journal.control;

import io.reveille.alertness.control.NotificationBatch;
import io.reveille.alertness.control.NotificationBatch.EntitySnapshot;
import io.reveille.alertness.control.NotificationBatch.Origin;
import io.reveille.alertness.control.NotificationBatchDocuments;
import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
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
 */
@ApplicationScoped
public class JournalNotifications {

  static final String TASK_KEY = "TASK";
  static final String CHECKLIST_ITEM_KEY = "CHECKLIST_ITEM";
  static final String CATEGORY_KEY = "CATEGORY";

  @Inject NotificationQueue queue;
  @Inject NotificationBatchDocuments documents;

  /** A category was created or changed. */
  public void categoryChanged(Category category, ChangeOrigin origin) {
    publish(categoryBatch(UUID.randomUUID().toString(), category, origin));
  }

  /** A task was created or changed; {@code statusChanged} adds the status subtype token. */
  public void taskChanged(Task task, boolean statusChanged, ChangeOrigin origin) {
    publish(taskBatch(UUID.randomUUID().toString(), task, statusChanged, origin));
  }

  /**
   * A checklist item was created or changed; {@code checkedChanged} adds the checked-state subtype
   * token.
   */
  public void checklistItemChanged(
      ChecklistItem item, Task task, boolean checkedChanged, ChangeOrigin origin) {
    publish(checklistItemBatch(UUID.randomUUID().toString(), item, task, checkedChanged, origin));
  }

  private void publish(NotificationBatch batch) {
    queue.publish(documents.toJson(batch).toString());
  }

  static NotificationBatch categoryBatch(String batchId, Category category, ChangeOrigin origin) {
    return batch(
        batchId,
        List.of(CATEGORY_KEY, category.getId()),
        List.of(categorySnapshot(category)),
        origin);
  }

  static NotificationBatch taskBatch(
      String batchId, Task task, boolean statusChanged, ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(TASK_KEY));
    if (statusChanged) {
      tokens.add(statusToken(task));
    }
    tokens.add(task.getId());
    return batch(batchId, tokens, List.of(taskSnapshot(task)), origin);
  }

  static NotificationBatch checklistItemBatch(
      String batchId, ChecklistItem item, Task task, boolean checkedChanged, ChangeOrigin origin) {
    var tokens = new ArrayList<String>(List.of(CHECKLIST_ITEM_KEY, TASK_KEY));
    if (checkedChanged) {
      tokens.add("checklistItem.state:" + (item.isChecked() ? "checked" : "unchecked"));
    }
    tokens.add(item.getId());
    tokens.add(task.getId());
    return batch(
        batchId, tokens, List.of(checklistItemSnapshot(item, task), taskSnapshot(task)), origin);
  }

  static String statusToken(Task task) {
    return "task.status:" + task.getStatus().name();
  }

  private static NotificationBatch batch(
      String batchId, List<String> tokens, List<EntitySnapshot> entities, ChangeOrigin origin) {
    return new NotificationBatch(
        1,
        batchId,
        Origin.LOCAL,
        Optional.empty(),
        OptionalLong.empty(),
        tokens,
        List.of(),
        List.of(),
        List.of(),
        entities,
        origin.agentId(),
        origin.runKey());
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
    attributes.put("status", task.getStatus().name());
    attributes.put("priority", task.getPriority().name());
    if (task.getEstimateMinutes() != null) {
      attributes.put("estimateMinutes", BigDecimal.valueOf(task.getEstimateMinutes()));
    }
    if (task.getDueDate() != null) {
      attributes.put("dueDate", task.getDueDate().toString());
    }
    return new EntitySnapshot(
        task.getId(), Optional.of("task"), Optional.ofNullable(task.getCategoryId()), attributes);
  }

  private static EntitySnapshot checklistItemSnapshot(ChecklistItem item, Task task) {
    return new EntitySnapshot(
        item.getId(),
        Optional.of("checklistItem"),
        Optional.ofNullable(task.getCategoryId()),
        Map.of("title", item.getTitle(), "checked", item.isChecked(), "taskId", task.getId()));
  }
}
