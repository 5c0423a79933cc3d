package io.reveille.tool.control;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A tool call's arguments, already checked against the tool's input schema, with typed accessors
 * for the handlers. What a schema cannot say (a date that does not exist, a missing task id that
 * the agent's {@code activeTaskId} slot does not fill in) is refused here with {@code
 * invalid_arguments} naming the field.
 */
public final class ToolArguments {

  private final JsonObject json;
  private final Optional<String> activeTaskId;

  public ToolArguments(JsonObject json, Optional<String> activeTaskId) {
    this.json = Objects.requireNonNull(json, "json");
    this.activeTaskId = Objects.requireNonNull(activeTaskId, "activeTaskId");
  }

  public JsonObject json() {
    return json;
  }

  /** Whether the argument is given, as {@code null} or a value. */
  public boolean has(String name) {
    return json.containsKey(name);
  }

  /** Whether the argument is given as JSON {@code null} (clear the value). */
  public boolean isNull(String name) {
    return json.containsKey(name) && json.get(name).getValueType() == JsonValue.ValueType.NULL;
  }

  public String string(String name) {
    return optionalString(name).orElseThrow(() -> ToolFailure.invalid(name, "is required"));
  }

  public Optional<String> optionalString(String name) {
    var value = json.get(name);
    return value instanceof JsonString text ? Optional.of(text.getString()) : Optional.empty();
  }

  public int integer(String name) {
    return optionalInteger(name).orElseThrow(() -> ToolFailure.invalid(name, "is required"));
  }

  public Optional<Integer> optionalInteger(String name) {
    var value = json.get(name);
    if (!(value instanceof JsonNumber number)) {
      return Optional.empty();
    }
    if (!number.isIntegral()) {
      throw ToolFailure.invalid(name, "must be a whole number");
    }
    try {
      return Optional.of(number.intValueExact());
    } catch (ArithmeticException e) {
      throw ToolFailure.invalid(name, "is out of range");
    }
  }

  public boolean bool(String name, boolean otherwise) {
    var value = json.get(name);
    if (value == JsonValue.TRUE) {
      return true;
    }
    return value == JsonValue.FALSE ? false : otherwise;
  }

  public List<String> strings(String name) {
    var value = json.get(name);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return List.of();
    }
    return value.asJsonArray().getValuesAs(JsonString.class).stream()
        .map(JsonString::getString)
        .toList();
  }

  public List<JsonObject> objects(String name) {
    var value = json.get(name);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return List.of();
    }
    return value.asJsonArray().getValuesAs(JsonObject.class);
  }

  /** An instant written with an offset ({@code 2026-02-17T16:00:00-05:00}). */
  public Instant instant(String name) {
    return optionalInstant(name).orElseThrow(() -> ToolFailure.invalid(name, "is required"));
  }

  public Optional<Instant> optionalInstant(String name) {
    return optionalString(name).map(text -> parseInstant(name, text));
  }

  public static Instant parseInstant(String field, String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw ToolFailure.invalid(
          field, "'" + text + "' is not a timestamp with offset like 2026-02-17T16:00:00-05:00");
    }
  }

  public LocalDate date(String name) {
    return optionalDate(name).orElseThrow(() -> ToolFailure.invalid(name, "is required"));
  }

  public Optional<LocalDate> optionalDate(String name) {
    return optionalString(name).map(text -> parseDate(name, text));
  }

  static LocalDate parseDate(String field, String text) {
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException e) {
      throw ToolFailure.invalid(field, "'" + text + "' is not a date like 2026-02-18");
    }
  }

  /**
   * The task a call is about: {@code taskId} when given, else the agent's {@code activeTaskId}
   * slot.
   */
  public String taskId() {
    return optionalString("taskId")
        .or(() -> activeTaskId)
        .orElseThrow(
            () -> ToolFailure.invalid("taskId", "is required (the agent has no activeTaskId)"));
  }
}
