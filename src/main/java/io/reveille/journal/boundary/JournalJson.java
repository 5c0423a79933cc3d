package io.reveille.journal.boundary;

import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Label;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the journal's request bodies field by field and writes its resources.
 *
 * <p>Hand-read rather than bound: a PATCH must tell an absent field (leave it) from an explicit
 * {@code null} (clear it), and every bad value must be reported under its own field name.
 */
final class JournalJson {

  private JournalJson() {}

  /** The body, which must be there; a missing one is a 400 on {@code body}. */
  static JsonObject object(JsonObject body) {
    if (body == null) {
      throw new InvalidInputException("body", "a JSON object is required");
    }
    return body;
  }

  /** Refuses fields this resource does not know, so a typo is not silently ignored. */
  static void onlyKnown(JsonObject json, Set<String> known) {
    for (var name : json.keySet()) {
      if (!known.contains(name)) {
        throw new InvalidInputException(name, "unknown field; known fields are " + known);
      }
    }
  }

  /** Absent: empty. Present: the value, {@code null} included (as an empty inner optional). */
  static Optional<Optional<String>> clearableString(JsonObject json, String field) {
    if (!json.containsKey(field)) {
      return Optional.empty();
    }
    var value = json.get(field);
    if (value == JsonValue.NULL) {
      return Optional.of(Optional.empty());
    }
    return Optional.of(Optional.of(string(field, value)));
  }

  /** Absent or {@code null}: empty. */
  static Optional<String> string(JsonObject json, String field) {
    return clearableString(json, field).flatMap(v -> v);
  }

  /**
   * Absent or {@code null}: empty. Present: an array of strings; a bad element is a 400 on {@code
   * field[i]}.
   */
  static Optional<List<String>> strings(JsonObject json, String field) {
    if (!json.containsKey(field) || json.get(field) == JsonValue.NULL) {
      return Optional.empty();
    }
    if (!(json.get(field) instanceof JsonArray array)) {
      throw new InvalidInputException(field, "must be an array of strings");
    }
    var values = new ArrayList<String>();
    for (int i = 0; i < array.size(); i++) {
      values.add(string(field + "[" + i + "]", array.get(i)));
    }
    return Optional.of(values);
  }

  /** Refuses an explicit {@code null} for fields that cannot be cleared. */
  static void notNull(JsonObject json, String... fields) {
    for (var field : fields) {
      if (json.containsKey(field) && json.isNull(field)) {
        throw new InvalidInputException(field, "cannot be null");
      }
    }
  }

  static Optional<Boolean> bool(JsonObject json, String field) {
    if (!json.containsKey(field) || json.get(field) == JsonValue.NULL) {
      return Optional.empty();
    }
    var value = json.get(field);
    if (value == JsonValue.TRUE) {
      return Optional.of(true);
    }
    if (value == JsonValue.FALSE) {
      return Optional.of(false);
    }
    throw new InvalidInputException(field, "must be true or false");
  }

  static Optional<Optional<Integer>> clearableInt(JsonObject json, String field) {
    if (!json.containsKey(field)) {
      return Optional.empty();
    }
    var value = json.get(field);
    if (value == JsonValue.NULL) {
      return Optional.of(Optional.empty());
    }
    if (value instanceof JsonNumber number && number.isIntegral()) {
      try {
        return Optional.of(Optional.of(number.intValueExact()));
      } catch (ArithmeticException e) {
        // falls through to the error below
      }
    }
    throw new InvalidInputException(field, "must be a whole number");
  }

  static Optional<Optional<LocalDate>> clearableDate(JsonObject json, String field) {
    return clearableString(json, field)
        .map(
            value ->
                value.map(
                    text -> {
                      try {
                        return LocalDate.parse(text);
                      } catch (DateTimeParseException e) {
                        throw new InvalidInputException(
                            field, "must be a date such as 2026-01-31, got '" + text + "'");
                      }
                    }));
  }

  static Optional<TaskStatus> status(JsonObject json, String field) {
    return string(json, field).map(value -> status(field, value));
  }

  /** A status by its wire name; an unknown one is a 400 on {@code field}. */
  static TaskStatus status(String field, String value) {
    return TaskStatus.fromWire(value)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    field, "unknown status '" + value + "'; one of " + TaskStatus.wireNames()));
  }

  static Optional<TaskPriority> priority(JsonObject json, String field) {
    return string(json, field)
        .map(
            value ->
                TaskPriority.fromWire(value)
                    .orElseThrow(
                        () ->
                            new InvalidInputException(
                                field, "unknown priority '" + value + "'; one of P0, P1, P2, P3")));
  }

  private static String string(String field, JsonValue value) {
    if (value instanceof JsonString text) {
      return text.getString();
    }
    throw new InvalidInputException(field, "must be a string");
  }

  static JsonObject category(Category category) {
    return Json.createObjectBuilder()
        .add("id", category.getId())
        .add("version", category.getVersion())
        .add("name", category.getName())
        .add("createdAt", category.getCreatedAt().toString())
        .add("updatedAt", category.getUpdatedAt().toString())
        .build();
  }

  static JsonObject task(Task task) {
    var json =
        Json.createObjectBuilder()
            .add("id", task.getId())
            .add("version", task.getVersion())
            .add("title", task.getTitle());
    nullable(json, "description", task.getDescription());
    nullable(json, "categoryId", task.getCategoryId());
    json.add("status", task.getStatus().name()).add("priority", task.getPriority().name());
    if (task.getEstimateMinutes() == null) {
      json.addNull("estimateMinutes");
    } else {
      json.add("estimateMinutes", task.getEstimateMinutes());
    }
    nullable(json, "dueDate", task.getDueDate() == null ? null : task.getDueDate().toString());
    nullable(json, "language", task.getLanguage());
    var labels = Json.createArrayBuilder();
    task.getLabelIds().forEach(labels::add);
    json.add("labelIds", labels);
    return json.add("createdAt", task.getCreatedAt().toString())
        .add("updatedAt", task.getUpdatedAt().toString())
        .build();
  }

  static JsonObject checklistItem(ChecklistItem item) {
    return Json.createObjectBuilder()
        .add("id", item.getId())
        .add("version", item.getVersion())
        .add("taskId", item.getTaskId())
        .add("checklistId", item.getChecklistId())
        .add("position", item.getPosition())
        .add("title", item.getTitle())
        .add("checked", item.isChecked())
        .add("createdAt", item.getCreatedAt().toString())
        .add("updatedAt", item.getUpdatedAt().toString())
        .build();
  }

  static JsonObject label(Label label) {
    var json =
        Json.createObjectBuilder()
            .add("id", label.getId())
            .add("version", label.getVersion())
            .add("categoryId", label.getCategoryId())
            .add("name", label.getName());
    nullable(json, "color", label.getColor());
    return json.add("createdAt", label.getCreatedAt().toString())
        .add("updatedAt", label.getUpdatedAt().toString())
        .build();
  }

  static JsonObject checklist(Checklist checklist) {
    return checklistBuilder(checklist).build();
  }

  /** A checklist with its items, as created in one request. */
  static JsonObject checklist(Checklist checklist, List<ChecklistItem> items) {
    var array = Json.createArrayBuilder();
    items.forEach(item -> array.add(checklistItem(item)));
    return checklistBuilder(checklist).add("items", array).build();
  }

  private static JsonObjectBuilder checklistBuilder(Checklist checklist) {
    return Json.createObjectBuilder()
        .add("id", checklist.getId())
        .add("version", checklist.getVersion())
        .add("taskId", checklist.getTaskId())
        .add("position", checklist.getPosition())
        .add("title", checklist.getTitle())
        .add("createdAt", checklist.getCreatedAt().toString())
        .add("updatedAt", checklist.getUpdatedAt().toString());
  }

  private static void nullable(JsonObjectBuilder json, String name, String value) {
    if (value == null) {
      json.addNull(name);
    } else {
      json.add(name, value);
    }
  }
}
