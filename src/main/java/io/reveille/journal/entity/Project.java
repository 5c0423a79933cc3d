package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.IllegalTransitionException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A project: a grouping of tasks of one category toward one outcome ("Launch the website"). Its
 * tasks name it ({@link Task#getProjectId}); a project agent reports on its health. The category
 * never changes, so that the project's tasks stay in the scope of the agents that read them. The
 * status moves only as {@link ProjectStatus} allows, with the reason kept.
 */
@Entity
@Table(name = "projects")
public class Project {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_TITLE_LENGTH = 500;
  public static final int MAX_DESCRIPTION_LENGTH = 20_000;
  public static final int MAX_REASON_LENGTH = 1_000;

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

  @Column(
      name = "category_id",
      length = Category.MAX_ID_LENGTH,
      nullable = false,
      updatable = false)
  private String categoryId;

  @Convert(converter = ProjectStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private ProjectStatus status;

  @Column(name = "status_reason", length = MAX_REASON_LENGTH)
  private String statusReason;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Project() {}

  public Project(String id, String title, String description, String categoryId, Instant now) {
    this.id = idArgument("project id", id, MAX_ID_LENGTH);
    this.title = nonBlankText("title", title, MAX_TITLE_LENGTH).strip();
    this.description = optionalText("description", description, MAX_DESCRIPTION_LENGTH);
    this.categoryId = idArgument("categoryId", categoryId, Category.MAX_ID_LENGTH);
    this.status = ProjectStatus.OPEN;
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Moves the project to {@code next} for {@code reason}.
   *
   * @throws IllegalTransitionException when its status may not move there (or is there already)
   */
  public void moveTo(ProjectStatus next, String reason, Instant now) {
    required("status", next);
    if (!status.canMoveTo(next)) {
      throw new IllegalTransitionException("project " + id, status.wire(), next.wire());
    }
    // The reason is checked before anything changes: a refused move leaves the project as it was.
    var checked = nonBlankText("reason", reason, MAX_REASON_LENGTH).strip();
    status = next;
    statusReason = checked;
    updatedAt = Objects.requireNonNull(now, "now");
  }

  /** Changes the title and, when given, the description. */
  public void describe(String newTitle, Optional<String> newDescription, Instant now) {
    title = nonBlankText("title", newTitle, MAX_TITLE_LENGTH).strip();
    newDescription.ifPresent(
        text -> description = optionalText("description", text, MAX_DESCRIPTION_LENGTH));
    updatedAt = Objects.requireNonNull(now, "now");
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

  public Optional<String> getDescription() {
    return Optional.ofNullable(description);
  }

  public String getCategoryId() {
    return categoryId;
  }

  public ProjectStatus getStatus() {
    return status;
  }

  public Optional<String> getStatusReason() {
    return Optional.ofNullable(statusReason);
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
