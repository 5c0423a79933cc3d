package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A block of time on a {@link DayPlan}, in one category and optionally for one task. It spans
 * {@code startTime} to {@code endTime} (strictly later, at most {@link #MAX_LENGTH}); that blocks
 * of a plan do not overlap is the plan's rule, checked by the service over the plan's final state.
 */
@Entity
@Table(name = "journal_day_plan_blocks")
@NamedQuery(
    name = "DayPlanBlock.byPlan",
    query = "SELECT b FROM DayPlanBlock b WHERE b.planId = :planId ORDER BY b.startTime, b.id")
public class DayPlanBlock {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_NOTE_LENGTH = 2000;
  public static final Duration MAX_LENGTH = Duration.ofHours(24);

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "plan_id", length = DayPlan.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String planId;

  @Column(name = "category_id", length = Category.MAX_ID_LENGTH, nullable = false)
  private String categoryId;

  @Column(name = "task_id", length = Task.MAX_ID_LENGTH)
  private String taskId;

  @Column(name = "start_time", nullable = false)
  private Instant startTime;

  @Column(name = "end_time", nullable = false)
  private Instant endTime;

  @Column(name = "note", length = MAX_NOTE_LENGTH)
  private String note;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected DayPlanBlock() {}

  public DayPlanBlock(
      String id,
      String planId,
      String categoryId,
      String taskId,
      Instant startTime,
      Instant endTime,
      String note,
      Instant now) {
    this.id = idArgument("block id", id, MAX_ID_LENGTH);
    this.planId = idArgument("plan id", planId, DayPlan.MAX_ID_LENGTH);
    this.categoryId = nonBlankText("categoryId", categoryId, Category.MAX_ID_LENGTH);
    this.taskId = optionalText("taskId", taskId, Task.MAX_ID_LENGTH);
    checkSpan(startTime, endTime);
    this.startTime = startTime;
    this.endTime = endTime;
    this.note = checkedNote(note);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Replaces the block's content.
   *
   * @return whether anything changed
   */
  public boolean revise(
      String newCategoryId,
      String newTaskId,
      Instant newStart,
      Instant newEnd,
      String newNote,
      Instant now) {
    var category = nonBlankText("categoryId", newCategoryId, Category.MAX_ID_LENGTH);
    var task = optionalText("taskId", newTaskId, Task.MAX_ID_LENGTH);
    checkSpan(newStart, newEnd);
    var text = checkedNote(newNote);
    if (category.equals(categoryId)
        && Objects.equals(task, taskId)
        && newStart.equals(startTime)
        && newEnd.equals(endTime)
        && Objects.equals(text, note)) {
      return false;
    }
    categoryId = category;
    taskId = task;
    startTime = newStart;
    endTime = newEnd;
    note = text;
    updatedAt = now;
    return true;
  }

  /**
   * Moves the block by {@code offset}, keeping its length.
   *
   * @return whether it moved (a zero offset does not)
   */
  public boolean shift(Duration offset, Instant now) {
    required("offset", offset);
    if (offset.isZero()) {
      return false;
    }
    startTime = startTime.plus(offset);
    endTime = endTime.plus(offset);
    updatedAt = now;
    return true;
  }

  private static void checkSpan(Instant start, Instant end) {
    required("startTime", start);
    required("endTime", end);
    if (!end.isAfter(start)) {
      throw new InvalidInputException(
          "endTime", "must be after startTime (" + start + "), got " + end);
    }
    if (Duration.between(start, end).compareTo(MAX_LENGTH) > 0) {
      throw new InvalidInputException(
          "endTime", "a block lasts at most " + MAX_LENGTH.toHours() + " hours");
    }
  }

  private static String checkedNote(String note) {
    return note == null ? null : optionalText("note", note, MAX_NOTE_LENGTH).strip();
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getPlanId() {
    return planId;
  }

  public String getCategoryId() {
    return categoryId;
  }

  public String getTaskId() {
    return taskId;
  }

  public Instant getStartTime() {
    return startTime;
  }

  public Instant getEndTime() {
    return endTime;
  }

  public String getNote() {
    return note;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
