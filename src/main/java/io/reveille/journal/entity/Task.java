package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A unit of work in the journal, the entity agents most often watch and act on.
 *
 * <p>The status moves only as {@link TaskStatus} allows, through {@link #moveTo}. A closed task
 * ({@code done} or {@code rejected}) is a record of what happened: its content can no longer be
 * edited until it is reopened, so an agent that concluded a task cannot be undone by a late edit
 * racing it. The version is the task's ETag at the API.
 *
 * <p>A task carries labels of its own category only (the service checks a label's category; the
 * task cannot see it). Filing the task under another category therefore drops all its labels. The
 * language, when known, is a BCP 47 tag in its canonical form ({@code en}, {@code de-DE}).
 */
@Entity
@Table(name = "journal_tasks")
@NamedQuery(name = "Task.all", query = "SELECT t FROM Task t ORDER BY t.createdAt DESC, t.id")
@NamedQuery(
    name = "Task.withLabel",
    query = "SELECT t FROM Task t WHERE :labelId MEMBER OF t.labelIds ORDER BY t.id")
public class Task {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_TITLE_LENGTH = 500;
  public static final int MAX_DESCRIPTION_LENGTH = 20_000;
  public static final int MAX_LANGUAGE_LENGTH = 35;

  /** More labels than this on one task is a mistake, not tagging. */
  public static final int MAX_LABELS = 50;

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

  /** The project the task is part of, of its own category; null for none. */
  @Column(name = "project_id", length = Project.MAX_ID_LENGTH)
  private String projectId;

  @Convert(converter = TaskStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private TaskStatus status;

  @Convert(converter = TaskPriority.Converter.class)
  @Column(name = "priority", length = 2, nullable = false)
  private TaskPriority priority;

  @Column(name = "estimate_minutes")
  private Integer estimateMinutes;

  @Column(name = "due_date")
  private LocalDate dueDate;

  @Column(name = "language", length = MAX_LANGUAGE_LENGTH)
  private String language;

  // Eager: tasks are rendered after their transaction ended. A change of the set bumps the version.
  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "journal_task_labels", joinColumns = @JoinColumn(name = "task_id"))
  @Column(name = "label_id", length = Label.MAX_ID_LENGTH, nullable = false)
  private Set<String> labelIds = new HashSet<>();

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
      throw new IllegalTransitionException("task " + id, status.wire(), next.wire());
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

  /**
   * Makes the task part of {@code project}, or of none ({@code null}).
   *
   * @return whether it changed
   * @throws InvalidInputException when the project is of another category or archived
   */
  public boolean joinProject(Project project, Instant now) {
    var next = project == null ? null : project.getId();
    if (Objects.equals(next, projectId)) {
      return false;
    }
    requireOpenForEdits("change its project");
    if (project != null && !project.getCategoryId().equals(categoryId)) {
      throw new InvalidInputException(
          "projectId",
          "project "
              + project.getId()
              + " is of category "
              + project.getCategoryId()
              + ", task "
              + id
              + " of "
              + (categoryId == null ? "none" : categoryId));
    }
    if (project != null && project.getStatus() == ProjectStatus.ARCHIVED) {
      throw new InvalidInputException(
          "projectId", "project " + project.getId() + " is archived; open it again first");
    }
    projectId = next;
    updatedAt = Objects.requireNonNull(now, "now");
    return true;
  }

  /** The project the task is part of, if any. */
  public java.util.Optional<String> getProjectId() {
    return java.util.Optional.ofNullable(projectId);
  }

  /**
   * Files the task under another category, or none ({@code null}). The labels, all of the old
   * category, are dropped when the category changes.
   */
  public void recategorize(String newCategoryId, Instant now) {
    requireOpenForEdits("change the category");
    var checked = checkedCategoryId(newCategoryId);
    if (!Objects.equals(checked, categoryId)) {
      // Labels and the project belong to the old category.
      labelIds.clear();
      projectId = null;
    }
    categoryId = checked;
    updatedAt = now;
  }

  /**
   * Replaces the task's labels. Each must be a label of the task's category: the caller's check,
   * since the task cannot see a label's category; a task without a category carries no labels.
   *
   * @return whether the set changed
   */
  public boolean relabel(Set<String> newLabelIds, Instant now) {
    required("labelIds", newLabelIds);
    if (newLabelIds.equals(labelIds)) {
      return false;
    }
    requireOpenForEdits("change its labels");
    if (!newLabelIds.isEmpty() && categoryId == null) {
      throw new InvalidInputException(
          "labelIds", "task " + id + " has no category; labels belong to a category");
    }
    if (newLabelIds.size() > MAX_LABELS) {
      throw new InvalidInputException("labelIds", "at most " + MAX_LABELS + " labels per task");
    }
    for (var labelId : newLabelIds) {
      if (labelId == null || labelId.isBlank() || labelId.length() > Label.MAX_ID_LENGTH) {
        throw new InvalidInputException("labelIds", "not a label id: '" + labelId + "'");
      }
    }
    labelIds.clear();
    labelIds.addAll(newLabelIds);
    updatedAt = now;
    return true;
  }

  /**
   * Takes a label that is being deleted off the task. Allowed on a closed task too: the label is
   * gone either way, and this keeps the task's version honest about it.
   *
   * @return whether the task carried the label
   */
  public boolean dropDeletedLabel(String labelId, Instant now) {
    if (!labelIds.remove(labelId)) {
      return false;
    }
    updatedAt = now;
    return true;
  }

  /** Sets or clears ({@code null}) the task's language, a BCP 47 tag such as {@code de-DE}. */
  public void useLanguage(String languageTag, Instant now) {
    requireOpenForEdits("change the language");
    language = checkedLanguage(languageTag);
    updatedAt = now;
  }

  /**
   * {@code null}, or the canonical form of a well-formed BCP 47 tag: one that {@link
   * Locale#forLanguageTag} reads completely, so that writing it back gives the same tag up to case
   * ({@code de-de} becomes {@code de-DE}; {@code en_US} and {@code und} are refused).
   */
  public static String checkedLanguage(String languageTag) {
    if (languageTag == null) {
      return null;
    }
    var tag = languageTag.strip();
    var canonical = Locale.forLanguageTag(tag).toLanguageTag();
    if (tag.isEmpty()
        || tag.length() > MAX_LANGUAGE_LENGTH
        || canonical.equals("und")
        || !canonical.equalsIgnoreCase(tag)) {
      throw new InvalidInputException(
          "language",
          "must be a BCP 47 language tag such as en or de-DE (at most "
              + MAX_LANGUAGE_LENGTH
              + " characters), got '"
              + languageTag
              + "'");
    }
    return canonical;
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
   * @throws ConflictException when the task is {@code done} or {@code rejected}
   */
  public void requireOpenForEdits(String action) {
    if (status.isClosed()) {
      throw new ConflictException(
          "task " + id + " is " + status.wire() + "; reopen it (status open) to " + action);
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

  public String getLanguage() {
    return language;
  }

  /** The task's label ids, sorted. */
  public Set<String> getLabelIds() {
    return Collections.unmodifiableSet(new TreeSet<>(labelIds));
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
