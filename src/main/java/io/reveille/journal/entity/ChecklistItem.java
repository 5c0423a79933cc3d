package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;

import io.reveille.platform.error.ConflictException;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One step on one of a task's checklists. Its place ({@code position}) is unique per task: a task's
 * items are in one order, and each checklist lists its own items in that order. An item changes its
 * checklist, and with it possibly its task, only through {@link #moveTo}, which the caller does for
 * open tasks only. An item migrated to another task ({@link #archive}) stays where it is, archived:
 * it names the item that carries it on and is never edited, moved or checked again.
 */
@Entity
@Table(name = "journal_checklist_items")
@NamedQuery(
    name = "ChecklistItem.byTask",
    query = "SELECT i FROM ChecklistItem i WHERE i.taskId = :taskId ORDER BY i.position")
@NamedQuery(
    name = "ChecklistItem.byChecklist",
    query = "SELECT i FROM ChecklistItem i WHERE i.checklistId = :checklistId ORDER BY i.position")
@NamedQuery(
    name = "ChecklistItem.byIds",
    query = "SELECT i FROM ChecklistItem i WHERE i.id IN :ids ORDER BY i.taskId, i.position")
@NamedQuery(
    name = "ChecklistItem.maxPosition",
    query = "SELECT MAX(i.position) FROM ChecklistItem i WHERE i.taskId = :taskId")
public class ChecklistItem {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_TITLE_LENGTH = 500;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "checklist_id", length = Checklist.MAX_ID_LENGTH, nullable = false)
  private String checklistId;

  @Column(name = "task_id", length = Task.MAX_ID_LENGTH, nullable = false)
  private String taskId;

  @Column(name = "sort_order", nullable = false)
  private int position;

  @Column(name = "title", length = MAX_TITLE_LENGTH, nullable = false)
  private String title;

  @Column(name = "checked", nullable = false)
  private boolean checked;

  @Column(name = "archived_at")
  private Instant archivedAt;

  @Column(name = "migrated_to_item_id", length = MAX_ID_LENGTH)
  private String migratedToItemId;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected ChecklistItem() {}

  /** A new item on checklist {@code checklistId}, which must be one of task {@code taskId}'s. */
  public ChecklistItem(
      String id,
      String checklistId,
      String taskId,
      int position,
      String title,
      boolean checked,
      Instant now) {
    this.id = idArgument("checklist item id", id, MAX_ID_LENGTH);
    this.checklistId = idArgument("checklist id", checklistId, Checklist.MAX_ID_LENGTH);
    this.taskId = idArgument("task id", taskId, Task.MAX_ID_LENGTH);
    this.position = checkedPosition(position);
    this.title = checkedTitle(title);
    this.checked = checked;
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  public void retitle(String newTitle, Instant now) {
    requireNotArchived("retitled");
    title = checkedTitle(newTitle);
    updatedAt = now;
  }

  /**
   * Checks or unchecks the item.
   *
   * @return whether the checked state changed
   */
  public boolean check(boolean newChecked, Instant now) {
    requireNotArchived(newChecked ? "checked" : "unchecked");
    if (newChecked == checked) {
      return false;
    }
    checked = newChecked;
    updatedAt = now;
    return true;
  }

  /**
   * Moves the item to checklist {@code newChecklistId} of task {@code newTaskId}, at {@code
   * newPosition} in that task's item order (a free place, the caller's check; a unique key backs
   * it). Moving to the checklist it is on already is refused: it is not a move.
   *
   * @throws IllegalArgumentException for a missing id, the item's own checklist or a negative
   *     position
   */
  public void moveTo(String newChecklistId, String newTaskId, int newPosition, Instant now) {
    idArgument("checklist id", newChecklistId, Checklist.MAX_ID_LENGTH);
    idArgument("task id", newTaskId, Task.MAX_ID_LENGTH);
    checkedPosition(newPosition);
    requireNotArchived("moved");
    if (newChecklistId.equals(checklistId)) {
      throw new IllegalArgumentException(
          "checklist item " + id + " is on checklist " + checklistId + " already");
    }
    checklistId = newChecklistId;
    taskId = newTaskId;
    position = newPosition;
    updatedAt = Objects.requireNonNull(now, "now");
  }

  /**
   * Archives the open item as migrated to item {@code copyId} (on another task).
   *
   * @throws ConflictException when it is archived already or checked ({@link #requireMigratable})
   */
  public void archive(String copyId, Instant now) {
    idArgument("migrated item id", copyId, MAX_ID_LENGTH);
    requireMigratable();
    archivedAt = Objects.requireNonNull(now, "now");
    migratedToItemId = copyId;
    updatedAt = now;
  }

  /**
   * Refuses an item {@link #archive} would refuse: one migrated already, or a checked one (done:
   * nothing to carry on).
   *
   * @throws ConflictException naming which
   */
  public void requireMigratable() {
    if (archivedAt != null) {
      throw new ConflictException("checklist item " + id + " was migrated already");
    }
    if (checked) {
      throw new ConflictException("checklist item " + id + " is checked: nothing to carry on");
    }
  }

  /** Whether the item was migrated away and is kept for the record only. */
  public boolean isArchived() {
    return archivedAt != null;
  }

  public Optional<Instant> getArchivedAt() {
    return Optional.ofNullable(archivedAt);
  }

  public Optional<String> getMigratedToItemId() {
    return Optional.ofNullable(migratedToItemId);
  }

  private void requireNotArchived(String action) {
    if (archivedAt != null) {
      throw new ConflictException(
          "checklist item "
              + id
              + " was migrated to item "
              + migratedToItemId
              + " and is archived; it is not "
              + action
              + " any more");
    }
  }

  private static int checkedPosition(int position) {
    if (position < 0) {
      throw new IllegalArgumentException("position must not be negative: " + position);
    }
    return position;
  }

  private static String checkedTitle(String title) {
    return nonBlankText("title", title, MAX_TITLE_LENGTH).strip();
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getChecklistId() {
    return checklistId;
  }

  public String getTaskId() {
    return taskId;
  }

  public int getPosition() {
    return position;
  }

  public String getTitle() {
    return title;
  }

  public boolean isChecked() {
    return checked;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
