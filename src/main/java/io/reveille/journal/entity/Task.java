package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * A unit of work in the journal, the entity agents most often watch and act on.
 *
 * <p>The status moves only as {@link TaskStatus} allows, through {@link #moveTo}. A closed task
 * ({@code DONE} or {@code REJECTED}) is a record of what happened: its content can no longer be
 * edited until it is reopened, so an agent that concluded a task cannot be undone by a late edit
 * racing it. The version is the task's ETag at the API.
 */
@Entity
@Table(name = "journal_tasks")
@NamedQuery(name = "Task.all", query = "SELECT t FROM Task t ORDER BY t.createdAt DESC, t.id")
public class Task {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_TITLE_LENGTH = 500;
  public static final int MAX_DESCRIPTION_LENGTH = 20_000;

  /** A year of minutes: anything longer is a typo, not an estimate. */
  public static final int MAX_ESTIMATE_MINUTES = 525_600;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "title", length = MAX_TITLE_LENGTH, nullable = false)
  private String title;

  @Column(name = "description")
  private String description;

  @Column(name = "category_id", length = Category.MAX_ID_LENGTH)
  private String categoryId;

  @Enumerated(EnumType.STRING)
  @Column(name = "status", length = 16, nullable = false)
  private TaskStatus status;

  @Enumerated(EnumType.STRING)
  @Column(name = "priority", length = 2, nullable = false)
  private TaskPriority priority;

  @Column(name = "estimate_minutes")
  private Integer estimateMinutes;

  @Column(name = "due_date")
  private LocalDate dueDate;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Task() {}

  /**
   * A new task. The category, when given, must exist; that is the caller's check (a foreign key
   * backs it).
   */
  public Task(
      String id,
      String title,
      String categoryId,
      TaskStatus status,
      TaskPriority priority,
      Instant now) {
    this.id = idArgument("task id", id, MAX_ID_LENGTH);
    this.title = checkedTitle(title);
    this.categoryId = checkedCategoryId(categoryId);
    this.status = required("status", status);
    this.priority = required("priority", priority);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Moves the task to {@code next}. Staying in the same status is allowed and changes nothing.
   *
   * @return whether the status changed
   * @throws IllegalTransitionException for a move {@link TaskStatus} does not allow
   */
  public boolean moveTo(TaskStatus next, Instant now) {
    required("status", next);
    if (next == status) {
      return false;
    }
    if (!status.canMoveTo(next)) {
      throw new IllegalTransitionException("task " + id, status.name(), next.name());
    }
    status = next;
    updatedAt = now;
    return true;
  }

  public void retitle(String newTitle, Instant now) {
    requireOpenForEdits("change the title");
    title = checkedTitle(newTitle);
    updatedAt = now;
  }

  /** Sets or clears ({@code null}) the description. */
  public void describe(String newDescription, Instant now) {
    requireOpenForEdits("change the description");
    description = optionalText("description", newDescription, MAX_DESCRIPTION_LENGTH);
    updatedAt = now;
  }

  /** Files the task under another category, or none ({@code null}). */
  public void recategorize(String newCategoryId, Instant now) {
    requireOpenForEdits("change the category");
    categoryId = checkedCategoryId(newCategoryId);
    updatedAt = now;
  }

  public void prioritize(TaskPriority newPriority, Instant now) {
    requireOpenForEdits("change the priority");
    priority = required("priority", newPriority);
    updatedAt = now;
  }

  /** Sets or clears ({@code null}) the estimate, in minutes. */
  public void estimate(Integer minutes, Instant now) {
    requireOpenForEdits("change the estimate");
    if (minutes != null && (minutes < 0 || minutes > MAX_ESTIMATE_MINUTES)) {
      throw new InvalidInputException(
          "estimateMinutes", "must be 0 to " + MAX_ESTIMATE_MINUTES + " minutes");
    }
    estimateMinutes = minutes;
    updatedAt = now;
  }

  /** Sets or clears ({@code null}) the due date. */
  public void scheduleDue(LocalDate date, Instant now) {
    requireOpenForEdits("change the due date");
    dueDate = date;
    updatedAt = now;
  }

  /**
   * Refuses content changes to a closed task.
   *
   * @throws ConflictException when the task is {@code DONE} or {@code REJECTED}
   */
  public void requireOpenForEdits(String action) {
    if (status.isClosed()) {
      throw new ConflictException(
          "task " + id + " is " + status + "; reopen it (status OPEN) to " + action);
    }
  }

  private static String checkedTitle(String title) {
    return nonBlankText("title", title, MAX_TITLE_LENGTH).strip();
  }

  private static String checkedCategoryId(String categoryId) {
    return optionalText("categoryId", categoryId, Category.MAX_ID_LENGTH);
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getTitle() {
    return title;
  }

  public String getDescription() {
    return description;
  }

  public String getCategoryId() {
    return categoryId;
  }

  public TaskStatus getStatus() {
    return status;
  }

  public TaskPriority getPriority() {
    return priority;
  }

  public Integer getEstimateMinutes() {
    return estimateMinutes;
  }

  public LocalDate getDueDate() {
    return dueDate;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
