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
import io.reveille.platform.error.InvalidInputException;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The journal's request bodies, one type per operation. Each is read from the JSON by its {@code
 * read} method, field by field, so every bad value is reported under its own name and a field the
 * type does not declare is refused. A merge patch ({@code *Patch}) also knows which fields were
 * given: absent leaves a field, {@code null} clears it where it may be cleared.
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
      var json = JournalJson.body(body, CategoryRequest.class);
      return new CategoryRequest(JournalJson.string(json, "name").orElse(null));
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
      var json = JournalJson.body(body, TaskRequest.class);
      return new TaskRequest(
          JournalJson.string(json, "title").orElse(null),
          JournalJson.string(json, "description").orElse(null),
          JournalJson.string(json, "categoryId").orElse(null),
          JournalJson.status(json, "status").orElse(null),
          JournalJson.priority(json, "priority").orElse(null),
          JournalJson.clearableInt(json, "estimateMinutes").flatMap(v -> v).orElse(null),
          JournalJson.clearableDate(json, "dueDate").flatMap(v -> v).orElse(null),
          JournalJson.string(json, "language").orElse(null));
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
      var json = JournalJson.patch(body, TaskPatch.class, "title", "status", "priority");
      return new TaskPatch(
          JournalJson.string(json, "title").orElse(null),
          JournalJson.string(json, "description").orElse(null),
          JournalJson.string(json, "categoryId").orElse(null),
          JournalJson.status(json, "status").orElse(null),
          JournalJson.priority(json, "priority").orElse(null),
          JournalJson.clearableInt(json, "estimateMinutes").flatMap(v -> v).orElse(null),
          JournalJson.clearableDate(json, "dueDate").flatMap(v -> v).orElse(null),
          JournalJson.string(json, "language").orElse(null),
          Set.copyOf(json.keySet()));
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
      var json = JournalJson.body(body, TaskLabelsRequest.class);
      var labelIds =
          JournalJson.strings(json, "labelIds")
              .orElseThrow(() -> new InvalidInputException("labelIds", "is required"));
      if (Set.copyOf(labelIds).size() != labelIds.size()) {
        throw new InvalidInputException("labelIds", "a label is named twice");
      }
      return new TaskLabelsRequest(List.copyOf(labelIds));
    }
  }

  /** {@code POST /api/tasks/{id}/checklists}: a checklist and the titles of its first items. */
  public record ChecklistRequest(@Schema(required = true) String title, List<String> items) {

    static ChecklistRequest read(JsonObject body) {
      var json = JournalJson.body(body, ChecklistRequest.class);
      return new ChecklistRequest(
          JournalJson.string(json, "title").orElse(null),
          JournalJson.strings(json, "items").orElse(List.of()));
    }
  }

  /** {@code PATCH /api/checklists/{id}}: the checklist's new title. */
  public record ChecklistPatch(@Schema(required = true) String title) {

    static ChecklistPatch read(JsonObject body) {
      var json = JournalJson.body(body, ChecklistPatch.class);
      return new ChecklistPatch(
          JournalJson.string(json, "title")
              .orElseThrow(() -> new InvalidInputException("title", "is required")));
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
      var json = JournalJson.body(body, ChecklistItemRequest.class);
      return new ChecklistItemRequest(
          JournalJson.string(json, "title").orElse(null),
          JournalJson.bool(json, "checked").orElse(false),
          JournalJson.string(json, "checklistId").orElse(null));
    }
  }

  /** {@code PATCH /api/tasks/{id}/checklist-items/{itemId}}: a new title, a check, or both. */
  public record ChecklistItemPatch(String title, Boolean checked) {

    static ChecklistItemPatch read(JsonObject body) {
      var json = JournalJson.patch(body, ChecklistItemPatch.class, "title", "checked");
      return new ChecklistItemPatch(
          JournalJson.string(json, "title").orElse(null),
          JournalJson.bool(json, "checked").orElse(null));
    }
  }

  /** {@code POST /api/checklists/{id}/items/move}: items moved to another checklist. */
  public record MoveItemsRequest(
      @Schema(required = true) List<String> itemIds,
      @Schema(required = true) String toChecklistId,
      @Schema(description = "default true") Boolean preserveCheckedState) {

    static MoveItemsRequest read(JsonObject body) {
      var json = JournalJson.body(body, MoveItemsRequest.class);
      return new MoveItemsRequest(
          JournalJson.strings(json, "itemIds")
              .orElseThrow(() -> new InvalidInputException("itemIds", "is required")),
          JournalJson.string(json, "toChecklistId")
              .orElseThrow(() -> new InvalidInputException("toChecklistId", "is required")),
          JournalJson.bool(json, "preserveCheckedState").orElse(true));
    }
  }

  /** {@code POST /api/labels}: a label of a category. */
  public record LabelRequest(
      @Schema(required = true) String categoryId,
      @Schema(required = true) String name,
      @Schema(description = "#rrggbb", pattern = "^#[0-9a-fA-F]{6}$") String color) {

    static LabelRequest read(JsonObject body) {
      var json = JournalJson.body(body, LabelRequest.class);
      return new LabelRequest(
          JournalJson.string(json, "categoryId").orElse(null),
          JournalJson.string(json, "name").orElse(null),
          JournalJson.string(json, "color").orElse(null));
    }
  }

  /** {@code PATCH /api/labels/{id}}: a new name or colour; {@code null} clears the colour. */
  public record LabelPatch(
      String name,
      @Schema(description = "#rrggbb", pattern = "^#[0-9a-fA-F]{6}$") String color,
      @Schema(hidden = true, description = PATCH_FIELDS) Set<String> given) {

    static LabelPatch read(JsonObject body) {
      var json = JournalJson.patch(body, LabelPatch.class, "name");
      return new LabelPatch(
          JournalJson.string(json, "name").orElse(null),
          JournalJson.string(json, "color").orElse(null),
          Set.copyOf(json.keySet()));
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
      var json = JournalJson.body(body, TimeEntryRequest.class);
      return new TimeEntryRequest(
          JournalJson.string(json, "taskId").orElse(null),
          JournalJson.string(json, "categoryId").orElse(null),
          JournalJson.instant(json, "startedAt")
              .orElseThrow(() -> new InvalidInputException("startedAt", "is required")),
          JournalJson.instant(json, "endedAt").orElse(null),
          JournalJson.string(json, "description").orElse(null),
          JournalJson.string(json, "sourceEntryId").orElse(null));
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
      var json = JournalJson.patch(body, TimeEntryPatch.class, "startedAt", "endedAt");
      return new TimeEntryPatch(
          JournalJson.instant(json, "startedAt").orElse(null),
          JournalJson.instant(json, "endedAt").orElse(null),
          JournalJson.string(json, "description").orElse(null),
          JournalJson.string(json, "sourceEntryId").orElse(null),
          Set.copyOf(json.keySet()));
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
      var json = JournalJson.body(body, TimerStartRequest.class);
      return new TimerStartRequest(
          requiredTaskId(json), JournalJson.string(json, "description").orElse(null));
    }
  }

  /** {@code POST /api/time-entries/timer/stop}: the task's running timer, stopped now or then. */
  public record TimerStopRequest(
      @Schema(required = true) String taskId,
      @Schema(description = "default now") Instant endedAt) {

    static TimerStopRequest read(JsonObject body) {
      var json = JournalJson.body(body, TimerStopRequest.class);
      return new TimerStopRequest(
          requiredTaskId(json), JournalJson.instant(json, "endedAt").orElse(null));
    }
  }

  /**
   * {@code POST /api/day-plans/{date}/blocks}: blocks created (no id) or changed (their id), and
   * blocks deleted, in one step.
   */
  public record BlocksRequest(List<BlockRequest> upserts, List<String> deletes) {

    static BlocksRequest read(JsonObject body) {
      var json = JournalJson.body(body, BlocksRequest.class);
      var upserts = new ArrayList<BlockRequest>();
      var objects = JournalJson.objects(json, "upserts");
      for (int i = 0; i < objects.size(); i++) {
        upserts.add(BlockRequest.read(objects.get(i), "upserts[" + i + "]"));
      }
      var deletes = JournalJson.strings(json, "deletes").orElse(List.of());
      if (upserts.isEmpty() && deletes.isEmpty()) {
        throw new InvalidInputException("body", "nothing to change: give upserts or deletes");
      }
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

    static BlockRequest read(JsonObject json, String path) {
      var known = JournalJson.fields(BlockRequest.class);
      for (var name : json.keySet()) {
        if (!known.contains(name)) {
          throw new InvalidInputException(
              path + "." + name, "unknown field; known fields are " + known);
        }
      }
      return new BlockRequest(
          field(() -> JournalJson.string(json, "id"), path).orElse(null),
          field(() -> JournalJson.string(json, "categoryId"), path)
              .orElseThrow(() -> new InvalidInputException(path + ".categoryId", "is required")),
          field(() -> JournalJson.instant(json, "startTime"), path)
              .orElseThrow(() -> new InvalidInputException(path + ".startTime", "is required")),
          field(() -> JournalJson.instant(json, "endTime"), path)
              .orElseThrow(() -> new InvalidInputException(path + ".endTime", "is required")),
          field(() -> JournalJson.string(json, "taskId"), path).orElse(null),
          field(() -> JournalJson.string(json, "note"), path).orElse(null));
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

    /** Reads one field of an element, reporting an error under its full path. */
    private static <T> T field(Supplier<T> read, String path) {
      try {
        return read.get();
      } catch (InvalidInputException e) {
        throw new InvalidInputException(path + "." + e.getField(), e.getMessage());
      }
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
      var json = JournalJson.body(body, PinsRequest.class);
      if (!json.containsKey("taskIds")) {
        throw new InvalidInputException("taskIds", "is required");
      }
      var mode = JournalJson.string(json, "mode").orElse("replace");
      pinMode(mode);
      return new PinsRequest(JournalJson.strings(json, "taskIds").orElse(List.of()), mode);
    }

    PinMode pinMode() {
      return pinMode(mode);
    }

    private static PinMode pinMode(String value) {
      try {
        return PinMode.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException(
            "mode", "must be add, replace or remove, got '" + value + "'");
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
      var json = JournalJson.body(body, RatingRequest.class);
      return new RatingRequest(
          JournalJson.string(json, "targetType").orElse(null),
          JournalJson.string(json, "targetId").orElse(null),
          JournalJson.string(json, "dimension").orElse(null),
          JournalJson.clearableInt(json, "value")
              .flatMap(v -> v)
              .orElseThrow(() -> new InvalidInputException("value", "is required")),
          JournalJson.string(json, "note").orElse(null),
          JournalJson.string(json, "categoryId").orElse(null));
    }
  }

  private static String requiredTaskId(JsonObject json) {
    return JournalJson.string(json, "taskId")
        .orElseThrow(() -> new InvalidInputException("taskId", "is required"));
  }
}
