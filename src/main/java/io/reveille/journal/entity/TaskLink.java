package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.required;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import org.hibernate.annotations.Immutable;

/**
 * A link between two tasks ("the copy blocks the launch"), stored from one to the other and read
 * from either ({@link TaskRelation}). Written once and deleted, never changed, so it has no version
 * column; it goes with either task (the schema cascades). Two tasks have at most one link of a
 * relation in one direction, and a task is never linked to itself.
 */
@Entity
@Immutable
@Table(name = "journal_task_links")
public class TaskLink {

  public static final int MAX_ID_LENGTH = 64;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Column(name = "from_task_id", length = Task.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String fromTaskId;

  @Column(name = "to_task_id", length = Task.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String toTaskId;

  @Convert(converter = TaskRelation.Converter.class)
  @Column(name = "relation", length = 16, nullable = false, updatable = false)
  private TaskRelation relation;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  protected TaskLink() {}

  public TaskLink(
      String id, String fromTaskId, TaskRelation relation, String toTaskId, Instant now) {
    this.id = idArgument("link id", id, MAX_ID_LENGTH);
    this.fromTaskId = idArgument("taskId", fromTaskId, Task.MAX_ID_LENGTH);
    this.toTaskId = idArgument("taskId", toTaskId, Task.MAX_ID_LENGTH);
    if (fromTaskId.equals(toTaskId)) {
      throw new io.reveille.platform.error.InvalidInputException(
          "taskId", "a task is not linked to itself");
    }
    this.relation = required("relation", relation);
    this.createdAt = Objects.requireNonNull(now, "now");
  }

  /** The task at the other end from {@code taskId}, one of the link's two. */
  public String otherThan(String taskId) {
    return fromTaskId.equals(taskId) ? toTaskId : fromTaskId;
  }

  /** The relation's name seen from {@code taskId}, one of the link's two. */
  public String relationSeenFrom(String taskId) {
    return relation.seenFrom(fromTaskId.equals(taskId));
  }

  public String getId() {
    return id;
  }

  public String getFromTaskId() {
    return fromTaskId;
  }

  public String getToTaskId() {
    return toTaskId;
  }

  public TaskRelation getRelation() {
    return relation;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
