package io.reveille.journal.boundary;

import io.reveille.journal.control.TimeEntryService.NewTimeEntry;
import io.reveille.journal.control.TimeEntryService.TimeEntryChanges;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The request bodies of time entries and the running timer, read as {@link JournalRequests}
 * describes: field by field, unknown fields refused, all faults in one 400; a {@code *Patch} knows
 * which fields were given.
 */
public final class TimeEntryRequests {

  private TimeEntryRequests() {}

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
      @Schema(hidden = true, description = JournalRequests.PATCH_FIELDS) Set<String> given) {

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
}
