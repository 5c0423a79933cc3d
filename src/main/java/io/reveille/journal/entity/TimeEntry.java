package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.LowerCaseWire;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Time spent in a category, optionally on one task: a span from {@code startedAt} to {@code
 * endedAt}, or a running timer while {@code endedAt} is empty.
 *
 * <p>The category is fixed at creation (the task's category when a task is given), so a category
 * scope check on the entry never needs the task. A stopped entry stays stopped: {@link #stop}
 * refuses a second stop, and no span may end before it starts.
 */
@Entity
@Table(name = "journal_time_entries")
@NamedQuery(
    name = "TimeEntry.runningForTask",
    query =
        "SELECT e FROM TimeEntry e WHERE e.taskId = :taskId AND e.endedAt IS NULL"
            + " ORDER BY e.startedAt DESC, e.id")
public class TimeEntry {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_DESCRIPTION_LENGTH = 20_000;
  public static final int MAX_SOURCE_ENTRY_ID_LENGTH = 200;

  /** How a new description meets the old one. */
  public enum AnnotateMode implements LowerCaseWire {
    APPEND,
    REPLACE;

    /** The constant name, which earlier releases accepted in any case. */
    @Override
    public Set<String> legacy() {
      return Set.of(name());
    }
  }

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(
      name = "category_id",
      length = Category.MAX_ID_LENGTH,
      nullable = false,
      updatable = false)
  private String categoryId;

  @Column(name = "task_id", length = Task.MAX_ID_LENGTH, updatable = false)
  private String taskId;

  @Column(name = "started_at", nullable = false)
  private Instant startedAt;

  @Column(name = "ended_at")
  private Instant endedAt;

  @Column(name = "description")
  private String description;

  @Column(name = "source_entry_id", length = MAX_SOURCE_ENTRY_ID_LENGTH)
  private String sourceEntryId;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected TimeEntry() {}

  /**
   * A new entry; without {@code endedAt} it is a running timer. Category and task, when given, must
   * exist; that is the caller's check (foreign keys back it).
   *
   * @throws InvalidInputException naming {@code endedAt} when it is before {@code startedAt}
   */
  public TimeEntry(
      String id,
      String categoryId,
      String taskId,
      Instant startedAt,
      Instant endedAt,
      String description,
      String sourceEntryId,
      Instant now) {
    this.id = idArgument("time entry id", id, MAX_ID_LENGTH);
    this.categoryId = nonBlankText("categoryId", categoryId, Category.MAX_ID_LENGTH);
    this.taskId = optionalText("taskId", taskId, Task.MAX_ID_LENGTH);
    this.startedAt = required("startedAt", startedAt);
    this.endedAt = checkedEnd(startedAt, endedAt);
    this.description = checkedDescription(description);
    this.sourceEntryId = optionalText("sourceEntryId", sourceEntryId, MAX_SOURCE_ENTRY_ID_LENGTH);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /** A running timer started at {@code startedAt}. */
  public static TimeEntry start(
      String id, String categoryId, String taskId, Instant startedAt, String description) {
    return new TimeEntry(id, categoryId, taskId, startedAt, null, description, null, startedAt);
  }

  public boolean isRunning() {
    return endedAt == null;
  }

  /**
   * Stops the running timer at {@code at}.
   *
   * @throws ConflictException when the entry is already stopped
   * @throws InvalidInputException naming {@code endedAt} when {@code at} is before the start
   */
  public void stop(Instant at, Instant now) {
    if (!isRunning()) {
      throw new ConflictException("time entry " + id + " is already stopped (at " + endedAt + ")");
    }
    endedAt = checkedEnd(startedAt, required("endedAt", at));
    updatedAt = now;
  }

  /**
   * Moves the span. A running entry can only move its start (it has no end to move); a stopped one
   * cannot be made running again.
   *
   * @return whether anything changed
   */
  public boolean retime(Instant newStart, Instant newEnd, Instant now) {
    required("startedAt", newStart);
    if (isRunning() && newEnd != null) {
      throw new InvalidInputException("endedAt", "a running entry ends by being stopped");
    }
    if (!isRunning() && newEnd == null) {
      throw new InvalidInputException("endedAt", "a stopped entry cannot be made running again");
    }
    var end = checkedEnd(newStart, newEnd);
    if (newStart.equals(startedAt) && Objects.equals(end, endedAt)) {
      return false;
    }
    startedAt = newStart;
    endedAt = end;
    updatedAt = now;
    return true;
  }

  /**
   * Appends to or replaces the description.
   *
   * @return whether the description changed
   */
  public boolean annotate(String text, AnnotateMode mode, Instant now) {
    nonBlankText("description", text, MAX_DESCRIPTION_LENGTH);
    required("mode", mode);
    var next =
        mode == AnnotateMode.REPLACE || description == null
            ? text.strip()
            : description + "\n" + text.strip();
    return describe(next, now);
  }

  /**
   * Sets or clears ({@code null}) the description.
   *
   * @return whether it changed
   */
  public boolean describe(String newDescription, Instant now) {
    var next = checkedDescription(newDescription);
    if (Objects.equals(next, description)) {
      return false;
    }
    description = next;
    updatedAt = now;
    return true;
  }

  /**
   * Sets or clears ({@code null}) the id of the journal entry (a voice note, say) this was taken
   * from.
   *
   * @return whether it changed
   */
  public boolean attributeTo(String newSourceEntryId, Instant now) {
    var next = optionalText("sourceEntryId", newSourceEntryId, MAX_SOURCE_ENTRY_ID_LENGTH);
    if (Objects.equals(next, sourceEntryId)) {
      return false;
    }
    sourceEntryId = next;
    updatedAt = now;
    return true;
  }

  /** The stopped span's length; empty while running. */
  public Optional<Duration> duration() {
    return Optional.ofNullable(endedAt).map(end -> Duration.between(startedAt, end));
  }

  private static Instant checkedEnd(Instant start, Instant end) {
    if (end != null && end.isBefore(start)) {
      throw new InvalidInputException(
          "endedAt", "must not be before startedAt (" + start + "), got " + end);
    }
    return end;
  }

  private static String checkedDescription(String description) {
    return description == null
        ? null
        : optionalText("description", description, MAX_DESCRIPTION_LENGTH).strip();
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getCategoryId() {
    return categoryId;
  }

  public String getTaskId() {
    return taskId;
  }

  public Instant getStartedAt() {
    return startedAt;
  }

  public Instant getEndedAt() {
    return endedAt;
  }

  public String getDescription() {
    return description;
  }

  public String getSourceEntryId() {
    return sourceEntryId;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
