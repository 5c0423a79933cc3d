package io.reveille.journal.boundary;

import io.reveille.journal.control.DayPlanService.BlockChanges;
import io.reveille.journal.control.DayPlanService.PlanView;
import io.reveille.journal.control.RatingService.DimensionSummary;
import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.Label;
import io.reveille.journal.entity.Rating;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TimeEntry;
import jakarta.json.bind.annotation.JsonbNillable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The journal's resources as the API writes them. Every resource carries its id and version (also
 * its ETag); optional values are written as explicit {@code null}, so a client sees every field of
 * the type. Instants are ISO-8601 in UTC, dates ISO-8601 ({@code 2026-02-17}).
 */
public final class JournalResponses {

  private JournalResponses() {}

  /** A category. */
  public record CategoryResponse(
      String id, long version, String name, Instant createdAt, Instant updatedAt) {

    static CategoryResponse of(Category category) {
      return new CategoryResponse(
          category.getId(),
          category.getVersion(),
          category.getName(),
          category.getCreatedAt(),
          category.getUpdatedAt());
    }
  }

  /** A task with its labels. */
  @JsonbNillable
  public record TaskResponse(
      String id,
      long version,
      String title,
      String description,
      String categoryId,
      @Schema(description = "a taskStatus of GET /api/meta/enums") String status,
      @Schema(description = "a taskPriority of GET /api/meta/enums") String priority,
      Integer estimateMinutes,
      LocalDate dueDate,
      String language,
      List<String> labelIds,
      String projectId,
      Instant createdAt,
      Instant updatedAt) {

    static TaskResponse of(Task task) {
      return new TaskResponse(
          task.getId(),
          task.getVersion(),
          task.getTitle(),
          task.getDescription(),
          task.getCategoryId(),
          task.getStatus().wire(),
          task.getPriority().wire(),
          task.getEstimateMinutes(),
          task.getDueDate(),
          task.getLanguage(),
          List.copyOf(task.getLabelIds()),
          task.getProjectId().orElse(null),
          task.getCreatedAt(),
          task.getUpdatedAt());
    }
  }

  /** A label of a category; {@code color} is {@code #rrggbb} or {@code null}. */
  @JsonbNillable
  public record LabelResponse(
      String id,
      long version,
      String categoryId,
      String name,
      String color,
      Instant createdAt,
      Instant updatedAt) {

    static LabelResponse of(Label label) {
      return new LabelResponse(
          label.getId(),
          label.getVersion(),
          label.getCategoryId(),
          label.getName(),
          label.getColor(),
          label.getCreatedAt(),
          label.getUpdatedAt());
    }
  }

  /** A named checklist of a task. */
  public record ChecklistResponse(
      String id,
      long version,
      String taskId,
      int position,
      String title,
      Instant createdAt,
      Instant updatedAt) {

    static ChecklistResponse of(Checklist checklist) {
      return new ChecklistResponse(
          checklist.getId(),
          checklist.getVersion(),
          checklist.getTaskId(),
          checklist.getPosition(),
          checklist.getTitle(),
          checklist.getCreatedAt(),
          checklist.getUpdatedAt());
    }
  }

  /** A checklist as created in one request, with its items. */
  public record CreatedChecklistResponse(
      String id,
      long version,
      String taskId,
      int position,
      String title,
      List<ChecklistItemResponse> items,
      Instant createdAt,
      Instant updatedAt) {

    static CreatedChecklistResponse of(Checklist checklist, List<ChecklistItem> items) {
      return new CreatedChecklistResponse(
          checklist.getId(),
          checklist.getVersion(),
          checklist.getTaskId(),
          checklist.getPosition(),
          checklist.getTitle(),
          items.stream().map(ChecklistItemResponse::of).toList(),
          checklist.getCreatedAt(),
          checklist.getUpdatedAt());
    }
  }

  /**
   * One item of a checklist; an item migrated to another task has {@code archivedAt} and the item
   * that carries it on ({@code migratedToItemId}).
   */
  public record ChecklistItemResponse(
      String id,
      long version,
      String taskId,
      String checklistId,
      int position,
      String title,
      boolean checked,
      Instant archivedAt,
      String migratedToItemId,
      Instant createdAt,
      Instant updatedAt) {

    static ChecklistItemResponse of(ChecklistItem item) {
      return new ChecklistItemResponse(
          item.getId(),
          item.getVersion(),
          item.getTaskId(),
          item.getChecklistId(),
          item.getPosition(),
          item.getTitle(),
          item.isChecked(),
          item.getArchivedAt().orElse(null),
          item.getMigratedToItemId().orElse(null),
          item.getCreatedAt(),
          item.getUpdatedAt());
    }
  }

  /** Time spent on a task or a category; a running timer has no {@code endedAt}. */
  @JsonbNillable
  public record TimeEntryResponse(
      String id,
      long version,
      String categoryId,
      String taskId,
      Instant startedAt,
      Instant endedAt,
      boolean running,
      @Schema(description = "null while running") Long durationSeconds,
      String description,
      String sourceEntryId,
      Instant createdAt,
      Instant updatedAt) {

    static TimeEntryResponse of(TimeEntry entry) {
      return new TimeEntryResponse(
          entry.getId(),
          entry.getVersion(),
          entry.getCategoryId(),
          entry.getTaskId(),
          entry.getStartedAt(),
          entry.getEndedAt(),
          entry.isRunning(),
          entry.duration().map(Duration::getSeconds).orElse(null),
          entry.getDescription(),
          entry.getSourceEntryId(),
          entry.getCreatedAt(),
          entry.getUpdatedAt());
    }
  }

  /** A block of a day plan: a category's (and perhaps a task's) slot of time. */
  @JsonbNillable
  public record BlockResponse(
      String id,
      long version,
      String planId,
      String categoryId,
      String taskId,
      Instant startTime,
      Instant endTime,
      String note,
      Instant createdAt,
      Instant updatedAt) {

    static BlockResponse of(DayPlanBlock block) {
      return new BlockResponse(
          block.getId(),
          block.getVersion(),
          block.getPlanId(),
          block.getCategoryId(),
          block.getTaskId(),
          block.getStartTime(),
          block.getEndTime(),
          block.getNote(),
          block.getCreatedAt(),
          block.getUpdatedAt());
    }
  }

  /** A day's plan: its blocks by start and the tasks pinned to the day, in order. */
  public record DayPlanResponse(
      String id,
      long version,
      LocalDate planDate,
      List<BlockResponse> blocks,
      List<String> pinnedTaskIds,
      Instant createdAt,
      Instant updatedAt) {

    static DayPlanResponse of(PlanView view) {
      var plan = view.plan();
      return new DayPlanResponse(
          plan.getId(),
          plan.getVersion(),
          plan.getPlanDate(),
          view.blocks().stream().map(BlockResponse::of).toList(),
          List.copyOf(view.pinnedTaskIds()),
          plan.getCreatedAt(),
          plan.getUpdatedAt());
    }
  }

  /** The day's plan after a change of its blocks, with what the change did. */
  public record BlockChangesResponse(
      String id,
      long version,
      LocalDate planDate,
      List<BlockResponse> blocks,
      List<String> pinnedTaskIds,
      Instant createdAt,
      Instant updatedAt,
      boolean planCreated,
      List<String> createdBlockIds,
      List<String> updatedBlockIds,
      List<String> deletedBlockIds) {

    static BlockChangesResponse of(BlockChanges changes) {
      var plan = DayPlanResponse.of(changes.view());
      return new BlockChangesResponse(
          plan.id(),
          plan.version(),
          plan.planDate(),
          plan.blocks(),
          plan.pinnedTaskIds(),
          plan.createdAt(),
          plan.updatedAt(),
          changes.planCreated(),
          List.copyOf(changes.createdIds()),
          List.copyOf(changes.updatedIds()),
          List.copyOf(changes.deletedIds()));
    }
  }

  /** A rating of a task, time entry or day plan on one dimension. */
  @JsonbNillable
  public record RatingResponse(
      String id,
      long version,
      @Schema(enumeration = {"task", "timeEntry", "dayPlan"}) String targetType,
      String targetId,
      String dimension,
      @Schema(minimum = "1", maximum = "5") int value,
      String note,
      String categoryId,
      Instant createdAt,
      Instant updatedAt) {

    static RatingResponse of(Rating rating) {
      return new RatingResponse(
          rating.getId(),
          rating.getVersion(),
          rating.getTargetType().wire(),
          rating.getTargetId(),
          rating.getDimension(),
          rating.getValue(),
          rating.getNote(),
          rating.getCategoryId(),
          rating.getCreatedAt(),
          rating.getUpdatedAt());
    }
  }

  /** Per dimension: how many ratings, their average, minimum and maximum. */
  public record RatingSummaryResponse(List<DimensionSummaryResponse> dimensions) {}

  /** One dimension of a {@link RatingSummaryResponse}. */
  public record DimensionSummaryResponse(
      String dimension, long count, double average, int min, int max) {

    static DimensionSummaryResponse of(DimensionSummary summary) {
      return new DimensionSummaryResponse(
          summary.dimension(), summary.count(), summary.average(), summary.min(), summary.max());
    }
  }
}
