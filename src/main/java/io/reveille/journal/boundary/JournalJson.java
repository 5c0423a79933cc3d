package io.reveille.journal.boundary;

import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reads the journal's request bodies field by field into the request types of {@link
 * JournalRequests}.
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

  /** The JSON fields of a request type: its record components not hidden from the schema. */
  static Set<String> fields(Class<? extends Record> type) {
    var fields = new TreeSet<String>();
    for (var component : type.getRecordComponents()) {
      // @Schema does not target record components: it lands on the component's field.
      Schema annotation;
      try {
        annotation = type.getDeclaredField(component.getName()).getAnnotation(Schema.class);
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException("a record has a field per component", e);
      }
      if (annotation == null || !annotation.hidden()) {
        fields.add(component.getName());
      }
    }
    return fields;
  }

  /**
   * A reader of the body of a merge patch of type {@code type}: at least one field, and no {@code
   * null} for the {@code uncleared} fields, which a patch may change but not clear.
   */
  static BodyReader patch(JsonObject body, Class<? extends Record> type, String... uncleared) {
    var in = BodyReader.of(body, type);
    in.notCleared(uncleared);
    if (in.json().isEmpty()) {
      in.add("body", "nothing to change: give one of " + fields(type));
    }
    return in;
  }

  /** A clearable field of a merge patch: absent when not given, else the value, null included. */
  static <T> Optional<Optional<T>> clearable(Set<String> given, String field, T value) {
    return given.contains(field) ? Optional.of(Optional.ofNullable(value)) : Optional.empty();
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

  static Optional<Instant> instant(JsonObject json, String field) {
    return string(json, field).map(text -> instant(field, text));
  }

  /**
   * An instant: ISO-8601 with an offset ({@code 2026-02-17T16:00:00-05:00} or {@code …Z}); a time
   * without an offset is refused rather than guessed. A query string's '+' may arrive as a space.
   */
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

  /** An optional instant from a query parameter; blank is absent. */
  static Optional<Instant> instantParam(String field, String text) {
    return Optional.ofNullable(text).filter(t -> !t.isBlank()).map(t -> instant(field, t));
  }

  /** A date from a path or query parameter. */
  static LocalDate date(String field, String text) {
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException | NullPointerException e) {
      throw new InvalidInputException(
          field, "must be a date such as 2026-02-17, got '" + text + "'");
    }
  }

  /**
   * Absent or {@code null}: empty. Present: an array of objects; a bad element is a 400 on {@code
   * field[i]}.
   */
  static List<JsonObject> objects(JsonObject json, String field) {
    if (!json.containsKey(field) || json.isNull(field)) {
      return List.of();
    }
    if (!(json.get(field) instanceof JsonArray array)) {
      throw new InvalidInputException(field, "must be an array of objects");
    }
    var values = new ArrayList<JsonObject>();
    for (int i = 0; i < array.size(); i++) {
      if (!(array.get(i) instanceof JsonObject object)) {
        throw new InvalidInputException(field + "[" + i + "]", "must be a JSON object");
      }
      values.add(object);
    }
    return values;
  }

  static Optional<TaskStatus> status(JsonObject json, String field) {
    return string(json, field).map(value -> status(field, value));
  }

  /** A status by its wire name; an unknown one is a 400 on {@code field}. */
  static TaskStatus status(String field, String value) {
    return WireEnum.find(TaskStatus.class, value)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    field,
                    "unknown status '" + value + "'; one of " + WireEnum.names(TaskStatus.class)));
  }

  static Optional<TaskPriority> priority(JsonObject json, String field) {
    return string(json, field)
        .map(
            value ->
                WireEnum.find(TaskPriority.class, value)
                    .orElseThrow(
                        () ->
                            new InvalidInputException(
                                field,
                                "unknown priority '"
                                    + value
                                    + "'; one of "
                                    + WireEnum.names(TaskPriority.class))));
  }

  private static String string(String field, JsonValue value) {
    if (value instanceof JsonString text) {
      return text.getString();
    }
    throw new InvalidInputException(field, "must be a string");
  }
}
