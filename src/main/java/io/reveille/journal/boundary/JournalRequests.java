package io.reveille.journal.boundary;

import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.JournalService.TaskChanges;
import io.reveille.journal.control.LabelService.LabelChanges;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import jakarta.json.JsonObject;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The request bodies of tasks, labels, categories and ratings, one type per operation; those of
 * checklists, time entries and day plans are in {@link ChecklistRequests}, {@link
 * TimeEntryRequests} and {@link DayPlanRequests}, and read the same way. Each is read from the JSON
 * by its {@code read} method through a {@link BodyReader}, field by field: every bad value is
 * reported under its own name, a field the type does not declare is refused, and all of a body's
 * faults come back together in one 400. A merge patch ({@code *Patch}) also knows which fields were
 * given: absent leaves a field, {@code null} clears it where it may be cleared.
 *
 * <p>Bounds on lengths and values are the entities' (a title's length, a rating's 1..5): the
 * service checks them and reports the field.
 */
public final class JournalRequests {

  static final String PATCH_FIELDS = "the fields of the body, as given";

  static final String STATUS = "a taskStatus value of GET /api/meta/enums";

  static final String PRIORITY = "a taskPriority value of GET /api/meta/enums";

  private JournalRequests() {}

  /** {@code POST /api/categories}. */
  public record CategoryRequest(@Schema(required = true) String name) {

    static CategoryRequest read(JsonObject body) {
      var in = BodyReader.of(body, CategoryRequest.class);
      var request = new CategoryRequest(in.string("name").orElse(null));
      in.done();
      return request;
    }
  }

  /** {@code POST /api/tasks}: a new task; only the title is required. */
  public record TaskRequest(
      @Schema(required = true) String title,
      String description,
      String categoryId,
      @Schema(implementation = String.class, description = STATUS + "; default open")
          TaskStatus status,
      @Schema(implementation = String.class, description = PRIORITY + "; default p2")
          TaskPriority priority,
      Integer estimateMinutes,
      LocalDate dueDate,
      @Schema(description = "the language the task is written in, e.g. en") String language) {

    static TaskRequest read(JsonObject body) {
      var in = BodyReader.of(body, TaskRequest.class);
      var request =
          new TaskRequest(
              in.string("title").orElse(null),
              in.string("description").orElse(null),
              in.string("categoryId").orElse(null),
              in.status("status").orElse(null),
              in.priority("priority").orElse(null),
              in.integer("estimateMinutes").orElse(null),
              in.date("dueDate").orElse(null),
              in.string("language").orElse(null));
      in.done();
      return request;
    }

    NewTask newTask() {
      return new NewTask(
          title,
          Optional.ofNullable(description),
          Optional.ofNullable(categoryId),
          Optional.ofNullable(status),
          Optional.ofNullable(priority),
          Optional.ofNullable(estimateMinutes),
          Optional.ofNullable(dueDate),
          Optional.ofNullable(language));
    }
  }

  /**
   * {@code PATCH /api/tasks/{id}}: absent fields are left; {@code null} clears description,
   * categoryId, estimateMinutes, dueDate and language; title, status and priority cannot be
   * cleared.
   */
  public record TaskPatch(
      String title,
      String description,
      String categoryId,
      @Schema(implementation = String.class, description = STATUS) TaskStatus status,
      @Schema(implementation = String.class, description = PRIORITY) TaskPriority priority,
      Integer estimateMinutes,
      LocalDate dueDate,
      String language,
      @Schema(hidden = true, description = PATCH_FIELDS) Set<String> given) {

    static TaskPatch read(JsonObject body) {
      var in = JournalJson.patch(body, TaskPatch.class, "title", "status", "priority");
      var patch =
          new TaskPatch(
              in.string("title").orElse(null),
              in.string("description").orElse(null),
              in.string("categoryId").orElse(null),
              in.status("status").orElse(null),
              in.priority("priority").orElse(null),
              in.integer("estimateMinutes").orElse(null),
              in.date("dueDate").orElse(null),
              in.string("language").orElse(null),
              Set.copyOf(in.json().keySet()));
      in.done();
      return patch;
    }

    TaskChanges changes() {
      return new TaskChanges(
          Optional.ofNullable(title),
          JournalJson.clearable(given, "description", description),
          JournalJson.clearable(given, "categoryId", categoryId),
          Optional.ofNullable(status),
          Optional.ofNullable(priority),
          JournalJson.clearable(given, "estimateMinutes", estimateMinutes),
          JournalJson.clearable(given, "dueDate", dueDate),
          JournalJson.clearable(given, "language", language));
    }
  }

  /** {@code PUT /api/tasks/{id}/labels}: the task's labels, all of the task's category. */
  public record TaskLabelsRequest(@Schema(required = true) List<String> labelIds) {

    static TaskLabelsRequest read(JsonObject body) {
      var in = BodyReader.of(body, TaskLabelsRequest.class);
      var labelIds = in.required("labelIds", in.strings("labelIds"));
      if (labelIds != null && Set.copyOf(labelIds).size() != labelIds.size()) {
        in.add("labelIds", "a label is named twice");
      }
      in.done();
      return new TaskLabelsRequest(List.copyOf(labelIds));
    }
  }

  /** {@code POST /api/labels}: a label of a category. */
  public record LabelRequest(
      @Schema(required = true) String categoryId,
      @Schema(required = true) String name,
      @Schema(description = "#rrggbb", pattern = "^#[0-9a-fA-F]{6}$") String color) {

    static LabelRequest read(JsonObject body) {
      var in = BodyReader.of(body, LabelRequest.class);
      var request =
          new LabelRequest(
              in.string("categoryId").orElse(null),
              in.string("name").orElse(null),
              in.string("color").orElse(null));
      in.done();
      return request;
    }
  }

  /** {@code PATCH /api/labels/{id}}: a new name or colour; {@code null} clears the colour. */
  public record LabelPatch(
      String name,
      @Schema(description = "#rrggbb", pattern = "^#[0-9a-fA-F]{6}$") String color,
      @Schema(hidden = true, description = PATCH_FIELDS) Set<String> given) {

    static LabelPatch read(JsonObject body) {
      var in = JournalJson.patch(body, LabelPatch.class, "name");
      var patch =
          new LabelPatch(
              in.string("name").orElse(null),
              in.string("color").orElse(null),
              Set.copyOf(in.json().keySet()));
      in.done();
      return patch;
    }

    LabelChanges changes() {
      return new LabelChanges(
          Optional.ofNullable(name), JournalJson.clearable(given, "color", color));
    }
  }

  /**
   * {@code POST /api/ratings}: a rating of a target on a dimension; rating the same target and
   * dimension again changes it in place.
   */
  public record RatingRequest(
      @Schema(
              required = true,
              enumeration = {"task", "timeEntry", "dayPlan"})
          String targetType,
      @Schema(required = true) String targetId,
      @Schema(required = true) String dimension,
      @Schema(required = true, minimum = "1", maximum = "5") Integer value,
      String note,
      @Schema(description = "for a dayPlan target only") String categoryId) {

    static RatingRequest read(JsonObject body) {
      var in = BodyReader.of(body, RatingRequest.class);
      var request =
          new RatingRequest(
              in.string("targetType").orElse(null),
              in.string("targetId").orElse(null),
              in.string("dimension").orElse(null),
              in.required("value", in.integer("value")),
              in.string("note").orElse(null),
              in.string("categoryId").orElse(null));
      in.done();
      return request;
    }
  }
}
