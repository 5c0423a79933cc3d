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
 * A named list of checklist items on a task ("Packing", "Before leaving"). A checklist belongs to
 * its task for life and has its place among the task's checklists ({@code position}, unique per
 * task); its items are the task's items that name it, in the task's item order. Whether the task is
 * open for edits is the caller's check against the task.
 */
@Entity
@Table(name = "journal_checklists")
@NamedQuery(
    name = "Checklist.byTask",
    query = "SELECT c FROM Checklist c WHERE c.taskId = :taskId ORDER BY c.position")
@NamedQuery(
    name = "Checklist.maxPosition",
    query = "SELECT MAX(c.position) FROM Checklist c WHERE c.taskId = :taskId")
public class Checklist {

  /** Room for the ids V9 gave the default checklists it created: {@code cl-<task id>}. */
  public static final int MAX_ID_LENGTH = Task.MAX_ID_LENGTH + 3;

  public static final int MAX_TITLE_LENGTH = 200;

  /** The title of the checklist created when items are added to a task without one. */
  public static final String DEFAULT_TITLE = "Checklist";

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "task_id", length = Task.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String taskId;

  @Column(name = "title", length = MAX_TITLE_LENGTH, nullable = false)
  private String title;

  @Column(name = "sort_order", nullable = false, updatable = false)
  private int position;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Checklist() {}

  public Checklist(String id, String taskId, int position, String title, Instant now) {
    this.id = idArgument("checklist id", id, MAX_ID_LENGTH);
    this.taskId = idArgument("task id", taskId, Task.MAX_ID_LENGTH);
    if (position < 0) {
      throw new IllegalArgumentException("position must not be negative: " + position);
    }
    this.position = position;
    this.title = checkedTitle(title);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Renames the checklist.
   *
   * @return whether the title changed
   */
  public boolean retitle(String newTitle, Instant now) {
    var checked = checkedTitle(newTitle);
    if (checked.equals(title)) {
      return false;
    }
    title = checked;
    updatedAt = now;
    return true;
  }

  /** The title as it will be stored: stripped, 1 to 200 characters. */
  public static String checkedTitle(String title) {
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

  public String getTitle() {
    return title;
  }

  public int getPosition() {
    return position;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
