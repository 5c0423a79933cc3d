package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;

/**
 * One step on a task's checklist. It belongs to its task for life (the task id never changes) and
 * keeps its place in the list ({@code position}, unique per task).
 */
@Entity
@Table(name = "journal_checklist_items")
@NamedQuery(
    name = "ChecklistItem.byTask",
    query = "SELECT i FROM ChecklistItem i WHERE i.taskId = :taskId ORDER BY i.position")
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

  @Column(name = "task_id", length = Task.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String taskId;

  @Column(name = "sort_order", nullable = false)
  private int position;

  @Column(name = "title", length = MAX_TITLE_LENGTH, nullable = false)
  private String title;

  @Column(name = "checked", nullable = false)
  private boolean checked;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected ChecklistItem() {}

  public ChecklistItem(
      String id, String taskId, int position, String title, boolean checked, Instant now) {
    this.id = idArgument("checklist item id", id, MAX_ID_LENGTH);
    this.taskId = idArgument("task id", taskId, Task.MAX_ID_LENGTH);
    if (position < 0) {
      throw new IllegalArgumentException("position must not be negative: " + position);
    }
    this.position = position;
    this.title = checkedTitle(title);
    this.checked = checked;
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  public void retitle(String newTitle, Instant now) {
    title = checkedTitle(newTitle);
    updatedAt = now;
  }

  /**
   * Checks or unchecks the item.
   *
   * @return whether the checked state changed
   */
  public boolean check(boolean newChecked, Instant now) {
    if (newChecked == checked) {
      return false;
    }
    checked = newChecked;
    updatedAt = now;
    return true;
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
