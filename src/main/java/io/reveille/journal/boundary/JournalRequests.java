package io.reveille.journal.boundary;

import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.control.DayPlanService.PinMode;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.JournalService.TaskChanges;
import io.reveille.journal.control.LabelService.LabelChanges;
import io.reveille.journal.control.TimeEntryService.NewTimeEntry;
import io.reveille.journal.control.TimeEntryService.TimeEntryChanges;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The journal's request bodies, one type per operation. Each is read from the JSON by its {@code
 * read} method through a {@link BodyReader}, field by field: every bad value is reported under its
 * own name, a field the type does not declare is refused, and all of a body's faults come back
 * together in one 400. A merge patch ({@code *Patch}) also knows which fields were given: absent
 * leaves a field, {@code null} clears it where it may be cleared.
 *
 * <p>Bounds on lengths and values are the entities' (a title's length, a rating's 1..5): the
 * service checks them and reports the field.
 */
public final class JournalRequests {

  private static final String PATCH_FIELDS = "the fields of the body, as given";

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
      @Schema(description = "default OPEN") TaskStatus status,
      @Schema(description = "default P2") TaskPriority priority,
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
      TaskStatus status,
      TaskPriority priority,
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

  /** {@code POST /api/tasks/{id}/checklists}: a checklist and the titles of its first items. */
  public record ChecklistRequest(@Schema(required = true) String title, List<String> items) {

    static ChecklistRequest read(JsonObject body) {
      var in = BodyReader.of(body, ChecklistRequest.class);
      var request =
          new ChecklistRequest(
              in.string("title").orElse(null), in.strings("items").orElse(List.of()));
      in.done();
      return request;
    }
  }

  /** {@code PATCH /api/checklists/{id}}: the checklist's new title. */
  public record ChecklistPatch(@Schema(required = true) String title) {

    static ChecklistPatch read(JsonObject body) {
      var in = BodyReader.of(body, ChecklistPatch.class);
      var patch = new ChecklistPatch(in.required("title", in.string("title")));
      in.done();
      return patch;
    }
  }

  /**
   * {@code POST /api/tasks/{id}/checklist-items}: an item appended to the checklist {@code
   * checklistId}, or without it to the task's first checklist (created when it has none).
   */
  public record ChecklistItemRequest(
      @Schema(required = true) String title,
      @Schema(description = "default false") Boolean checked,
      String checklistId) {

    static ChecklistItemRequest read(JsonObject body) {
      var in = BodyReader.of(body, ChecklistItemRequest.class);
      var request =
          new ChecklistItemRequest(
              in.string("title").orElse(null),
              in.bool("checked").orElse(false),
              in.string("checklistId").orElse(null));
      in.done();
      return request;
    }
  }

  /** {@code PATCH /api/tasks/{id}/checklist-items/{itemId}}: a new title, a check, or both. */
  public record ChecklistItemPatch(String title, Boolean checked) {

    static ChecklistItemPatch read(JsonObject body) {
      var in = JournalJson.patch(body, ChecklistItemPatch.class, "title", "checked");
      var patch =
          new ChecklistItemPatch(in.string("title").orElse(null), in.bool("checked").orElse(null));
      in.done();
      return patch;
    }
  }

  /** {@code POST /api/checklists/{id}/items/move}: items moved to another checklist. */
  public record MoveItemsRequest(
      @Schema(required = true) List<String> itemIds,
      @Schema(required = true) String toChecklistId,
      @Schema(description = "default true") Boolean preserveCheckedState) {

    static MoveItemsRequest read(JsonObject body) {
      var in = BodyReader.of(body, MoveItemsRequest.class);
      var request =
          new MoveItemsRequest(
              in.required("itemIds", in.strings("itemIds")),
              in.required("toChecklistId", in.string("toChecklistId")),
              in.bool("preserveCheckedState").orElse(true));
      in.done();
      return request;
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
   * {@code POST /api/time-entries}: time on a task (its category is the task's) or on a category;
   * without {@code endedAt} the entry is a running timer.
   */
  public record TimeEntryRequest(
      String taskId,
      String categoryId,
      @Schema(required = true) Instant startedAt,
      Instant endedAt,
      String description,
      @Schema(description = "the entry this one continues or was split from")
          String sourceEntryId) {

    static TimeEntryRequest read(JsonObject body) {
      var in = BodyReader.of(body, TimeEntryRequest.class);
      var request =
          new TimeEntryRequest(
              in.string("taskId").orElse(null),
              in.string("categoryId").orElse(null),
              in.required("startedAt", in.instant("startedAt")),
              in.instant("endedAt").orElse(null),
              in.string("description").orElse(null),
              in.string("sourceEntryId").orElse(null));
      in.done();
      return request;
    }

    NewTimeEntry newTimeEntry() {
      return new NewTimeEntry(
          Optional.ofNullable(taskId),
          Optional.ofNullable(categoryId),
          startedAt,
          Optional.ofNullable(endedAt),
          Optional.ofNullable(description),
          Optional.ofNullable(sourceEntryId));
    }
  }

  /**
   * {@code PATCH /api/time-entries/{id}}: {@code endedAt} stops a running entry; {@code null}
   * clears description and sourceEntryId; the times cannot be cleared.
   */
  public record TimeEntryPatch(
      Instant startedAt,
      Instant endedAt,
      String description,
      String sourceEntryId,
      @Schema(hidden = true, description = PATCH_FIELDS) Set<String> given) {

    static TimeEntryPatch read(JsonObject body) {
      var in = JournalJson.patch(body, TimeEntryPatch.class, "startedAt", "endedAt");
      var patch =
          new TimeEntryPatch(
              in.instant("startedAt").orElse(null),
              in.instant("endedAt").orElse(null),
              in.string("description").orElse(null),
              in.string("sourceEntryId").orElse(null),
              Set.copyOf(in.json().keySet()));
      in.done();
      return patch;
    }

    TimeEntryChanges changes() {
      return new TimeEntryChanges(
          Optional.ofNullable(startedAt),
          Optional.ofNullable(endedAt),
          JournalJson.clearable(given, "description", description),
          JournalJson.clearable(given, "sourceEntryId", sourceEntryId));
    }
  }

  /** {@code POST /api/time-entries/timer/start}: a timer on a task. */
  public record TimerStartRequest(@Schema(required = true) String taskId, String description) {

    static TimerStartRequest read(JsonObject body) {
      var in = BodyReader.of(body, TimerStartRequest.class);
      var request =
          new TimerStartRequest(
              in.required("taskId", in.string("taskId")), in.string("description").orElse(null));
      in.done();
      return request;
    }
  }

  /** {@code POST /api/time-entries/timer/stop}: the task's running timer, stopped now or then. */
  public record TimerStopRequest(
      @Schema(required = true) String taskId,
      @Schema(description = "default now") Instant endedAt) {

    static TimerStopRequest read(JsonObject body) {
      var in = BodyReader.of(body, TimerStopRequest.class);
      var request =
          new TimerStopRequest(
              in.required("taskId", in.string("taskId")), in.instant("endedAt").orElse(null));
      in.done();
      return request;
    }
  }

  /**
   * {@code POST /api/day-plans/{date}/blocks}: blocks created (no id) or changed (their id), and
   * blocks deleted, in one step.
   */
  public record BlocksRequest(List<BlockRequest> upserts, List<String> deletes) {

    static BlocksRequest read(JsonObject body) {
      var in = BodyReader.of(body, BlocksRequest.class);
      var upserts = new ArrayList<BlockRequest>();
      var objects = in.objects("upserts");
      for (int i = 0; i < objects.size(); i++) {
        var element = BodyReader.of(objects.get(i), BlockRequest.class, "upserts[" + i + "]");
        upserts.add(BlockRequest.read(element));
        in.addAll(element.violations());
      }
      var deletes = in.strings("deletes").orElse(List.of());
      if (in.valid() && upserts.isEmpty() && deletes.isEmpty()) {
        in.add("body", "nothing to change: give upserts or deletes");
      }
      in.done();
      return new BlocksRequest(List.copyOf(upserts), List.copyOf(deletes));
    }

    List<BlockUpsert> blockUpserts() {
      return upserts.stream().map(BlockRequest::blockUpsert).toList();
    }
  }

  /** One block of a {@link BlocksRequest}: with an id it changes that block. */
  public record BlockRequest(
      String id,
      @Schema(required = true) String categoryId,
      @Schema(required = true) Instant startTime,
      @Schema(required = true) Instant endTime,
      String taskId,
      String note) {

    static BlockRequest read(BodyReader in) {
      return new BlockRequest(
          in.string("id").orElse(null),
          in.required("categoryId", in.string("categoryId")),
          in.required("startTime", in.instant("startTime")),
          in.required("endTime", in.instant("endTime")),
          in.string("taskId").orElse(null),
          in.string("note").orElse(null));
    }

    BlockUpsert blockUpsert() {
      return new BlockUpsert(
          Optional.ofNullable(id),
          categoryId,
          startTime,
          endTime,
          Optional.ofNullable(taskId),
          Optional.ofNullable(note));
    }
  }

  /** {@code PUT /api/day-plans/{date}/pins}: tasks pinned to the day. */
  public record PinsRequest(
      @Schema(required = true) List<String> taskIds,
      @Schema(
              enumeration = {"add", "replace", "remove"},
              description = "default replace")
          String mode) {

    static PinsRequest read(JsonObject body) {
      var in = BodyReader.of(body, PinsRequest.class);
      if (!in.json().containsKey("taskIds")) {
        in.add("taskIds", "is required");
      }
      var taskIds = in.strings("taskIds").orElse(List.of());
      var mode = in.string("mode").orElse("replace");
      if (pinModeOf(mode).isEmpty()) {
        in.add("mode", "must be add, replace or remove, got '" + mode + "'");
      }
      in.done();
      return new PinsRequest(taskIds, mode);
    }

    PinMode pinMode() {
      return pinModeOf(mode).orElseThrow();
    }

    private static Optional<PinMode> pinModeOf(String value) {
      try {
        return Optional.of(PinMode.valueOf(value.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
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
