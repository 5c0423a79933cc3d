package io.reveille.journal.boundary;

import io.reveille.journal.control.DayPlanService.BlockChanges;
import io.reveille.journal.control.DayPlanService.PlanView;
import io.reveille.journal.control.RatingService.DimensionSummary;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.Rating;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes the JSON of time entries, day plans and ratings, in the manner of {@link
 * JournalJson}: field by field, every bad value reported under its own name.
 *
 * <p>Instants are ISO-8601 with an offset ({@code 2026-02-17T16:00:00-05:00} or {@code …Z}); a time
 * without an offset is refused rather than guessed. They are written back in UTC.
 */
final class PlanningJson {

  private PlanningJson() {}

  static Optional<Instant> instant(JsonObject json, String field) {
    return JournalJson.string(json, field).map(text -> instant(field, text));
  }

  /** An instant from a request value; a query string's '+' may arrive as a space. */
  static Instant instant(String field, String text) {
    try {
      return OffsetDateTime.parse(text.strip().replace(' ', '+')).toInstant();
    } catch (DateTimeParseException e) {
      throw new InvalidInputException(
          field,
          "must be an ISO-8601 time with offset such as 2026-02-17T16:00:00-05:00, got '"
              + text
              + "'");
    }
  }

  static Optional<Instant> instantParam(String field, String text) {
    return Optional.ofNullable(text).filter(t -> !t.isBlank()).map(t -> instant(field, t));
  }

  static LocalDate date(String field, String text) {
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException | NullPointerException e) {
      throw new InvalidInputException(
          field, "must be a date such as 2026-02-17, got '" + text + "'");
    }
  }

  static int requiredInt(JsonObject json, String field) {
    var value = json.get(field);
    if (value == null || value == JsonValue.NULL) {
      throw new InvalidInputException(field, "is required");
    }
    if (value instanceof JsonNumber number && number.isIntegral()) {
      try {
        return number.intValueExact();
      } catch (ArithmeticException e) {
        // falls through
      }
    }
    throw new InvalidInputException(field, "must be a whole number");
  }

  static JsonObject object(JsonValue value, String field) {
    if (value instanceof JsonObject object) {
      return object;
    }
    throw new InvalidInputException(field, "must be a JSON object");
  }

  /** An array of strings; absent or {@code null} is empty. */
  static List<String> strings(JsonObject json, String field) {
    if (!json.containsKey(field) || json.isNull(field)) {
      return List.of();
    }
    if (!(json.get(field) instanceof JsonArray array)) {
      throw new InvalidInputException(field, "must be an array of strings");
    }
    var values = new ArrayList<String>();
    for (int i = 0; i < array.size(); i++) {
      if (!(array.get(i) instanceof jakarta.json.JsonString text)) {
        throw new InvalidInputException(field + "[" + i + "]", "must be a string");
      }
      values.add(text.getString());
    }
    return values;
  }

  static List<JsonObject> objects(JsonObject json, String field) {
    if (!json.containsKey(field) || json.isNull(field)) {
      return List.of();
    }
    if (!(json.get(field) instanceof JsonArray array)) {
      throw new InvalidInputException(field, "must be an array of objects");
    }
    var values = new ArrayList<JsonObject>();
    for (int i = 0; i < array.size(); i++) {
      values.add(object(array.get(i), field + "[" + i + "]"));
    }
    return values;
  }

  static JsonObject timeEntry(TimeEntry entry) {
    var json =
        Json.createObjectBuilder()
            .add("id", entry.getId())
            .add("version", entry.getVersion())
            .add("categoryId", entry.getCategoryId());
    nullable(json, "taskId", entry.getTaskId());
    json.add("startedAt", entry.getStartedAt().toString());
    nullable(json, "endedAt", entry.getEndedAt() == null ? null : entry.getEndedAt().toString());
    json.add("running", entry.isRunning());
    entry
        .duration()
        .ifPresentOrElse(
            d -> json.add("durationSeconds", d.getSeconds()),
            () -> json.addNull("durationSeconds"));
    nullable(json, "description", entry.getDescription());
    nullable(json, "sourceEntryId", entry.getSourceEntryId());
    return json.add("createdAt", entry.getCreatedAt().toString())
        .add("updatedAt", entry.getUpdatedAt().toString())
        .build();
  }

  static JsonObject dayPlan(PlanView view) {
    var blocks = Json.createArrayBuilder();
    view.blocks().forEach(b -> blocks.add(block(b)));
    var pins = Json.createArrayBuilder();
    view.pinnedTaskIds().forEach(pins::add);
    var plan = view.plan();
    return Json.createObjectBuilder()
        .add("id", plan.getId())
        .add("version", plan.getVersion())
        .add("planDate", plan.getPlanDate().toString())
        .add("blocks", blocks)
        .add("pinnedTaskIds", pins)
        .add("createdAt", plan.getCreatedAt().toString())
        .add("updatedAt", plan.getUpdatedAt().toString())
        .build();
  }

  static JsonObject blockChanges(BlockChanges changes) {
    return Json.createObjectBuilder(dayPlan(changes.view()))
        .add("planCreated", changes.planCreated())
        .add("createdBlockIds", Json.createArrayBuilder(changes.createdIds()))
        .add("updatedBlockIds", Json.createArrayBuilder(changes.updatedIds()))
        .add("deletedBlockIds", Json.createArrayBuilder(changes.deletedIds()))
        .build();
  }

  static JsonObject block(DayPlanBlock block) {
    var json =
        Json.createObjectBuilder()
            .add("id", block.getId())
            .add("version", block.getVersion())
            .add("planId", block.getPlanId())
            .add("categoryId", block.getCategoryId());
    nullable(json, "taskId", block.getTaskId());
    json.add("startTime", block.getStartTime().toString())
        .add("endTime", block.getEndTime().toString());
    nullable(json, "note", block.getNote());
    return json.add("createdAt", block.getCreatedAt().toString())
        .add("updatedAt", block.getUpdatedAt().toString())
        .build();
  }

  static JsonObject rating(Rating rating) {
    var json =
        Json.createObjectBuilder()
            .add("id", rating.getId())
            .add("version", rating.getVersion())
            .add("targetType", rating.getTargetType().wireName())
            .add("targetId", rating.getTargetId())
            .add("dimension", rating.getDimension())
            .add("value", rating.getValue());
    nullable(json, "note", rating.getNote());
    return json.add("categoryId", rating.getCategoryId())
        .add("createdAt", rating.getCreatedAt().toString())
        .add("updatedAt", rating.getUpdatedAt().toString())
        .build();
  }

  static JsonObject summary(DimensionSummary summary) {
    return Json.createObjectBuilder()
        .add("dimension", summary.dimension())
        .add("count", summary.count())
        .add("average", summary.average())
        .add("min", summary.min())
        .add("max", summary.max())
        .build();
  }

  private static void nullable(JsonObjectBuilder json, String name, String value) {
    if (value == null) {
      json.addNull(name);
    } else {
      json.add(name, value);
    }
  }
}
