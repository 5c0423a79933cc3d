package io.reveille.schedule.control;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.schedule.entity.ScheduleKind;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads a timer definition from its API document and refuses anything that could not fire as meant:
 * an unknown kind or field, a time that is not {@code HH:mm[:ss]}, a zone that is not an IANA
 * region (or {@code UTC}), an interval under the configured minimum, a calendar expression that is
 * malformed, never fires or fires more often than the minimum, bounds the wrong way round. Every
 * error names the field, as {@code schedule.zone} or {@code notAfter}.
 *
 * <pre>
 * {"schedule": {"kind": "daily", "time": "07:00", "zone": "Europe/Berlin"},
 *  "notBefore": "2026-12-01T00:00:00Z", "notAfter": "2027-06-30T00:00:00Z", "active": true}
 * </pre>
 */
public final class ScheduleParser {

  /** Longest interval: a year. Longer rhythms belong in a calendar expression. */
  static final long MAX_INTERVAL_SECONDS = 366L * 24 * 3600;

  /**
   * The instants a bound or an anchor may name: four-digit years, as the databases store them and
   * as the firing computations (which step a day either side) can reach without leaving {@code
   * java.time}'s range.
   */
  static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");

  static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  private static final List<String> CALENDAR_ATTRIBUTES =
      List.of("second", "minute", "hour", "dayOfMonth", "month", "dayOfWeek", "year");

  private final Duration minimumInterval;
  private final boolean checkFirings;

  private ScheduleParser(Duration minimumInterval, boolean checkFirings) {
    this.minimumInterval = minimumInterval;
    this.checkFirings = checkFirings;
  }

  /** Reads user input: intervals and calendar spacing of at least {@code minimumInterval}. */
  public static ScheduleParser forInput(Duration minimumInterval) {
    return new ScheduleParser(minimumInterval, true);
  }

  /**
   * Reads a stored schedule, accepted when it was written: no minimum (the setting may have changed
   * since) and no need to fire again.
   */
  public static ScheduleParser forStored() {
    return new ScheduleParser(Duration.ofSeconds(1), false);
  }

  /** A timer request: its definition and whether it starts active. */
  public record TimerRequest(TimerDefinition definition, boolean active) {}

  /**
   * Parses a whole timer request body. The definition must fire at least once after {@code now}
   * when it is active.
   */
  public TimerRequest request(JsonObject body, Instant now) {
    if (body == null) {
      throw new InvalidInputException("body", "request body is required");
    }
    known(body, "", Set.of("schedule", "notBefore", "notAfter", "active"));
    var scheduleValue = body.get("schedule");
    if (scheduleValue == null || scheduleValue.getValueType() != JsonValue.ValueType.OBJECT) {
      throw new InvalidInputException("schedule", "is required and must be a JSON object");
    }
    var schedule = schedule(scheduleValue.asJsonObject(), now);
    var notBefore = instant(body, "notBefore");
    var notAfter = instant(body, "notAfter");
    if (notBefore.isPresent() && notAfter.isPresent() && notAfter.get().isBefore(notBefore.get())) {
      throw new InvalidInputException("notAfter", "must not be before notBefore");
    }
    var active = bool(body, "active").orElse(true);
    var definition = new TimerDefinition(schedule, notBefore, notAfter);
    if (active) {
      requireFires(definition, now);
    }
    return new TimerRequest(definition, active);
  }

  /** Parses a schedule document (the {@code schedule} field of a request). */
  public Schedule schedule(JsonObject json, Instant now) {
    var kindText = string(json, "kind", true).orElseThrow();
    var kind =
        WireEnum.find(ScheduleKind.class, kindText)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "schedule.kind",
                        "unknown kind '"
                            + kindText
                            + "'; one of "
                            + Arrays.stream(ScheduleKind.values())
                                .map(ScheduleKind::wire)
                                .collect(Collectors.joining(", "))));
    return switch (kind) {
      case DAILY -> {
        known(json, "schedule.", Set.of("kind", "time", "zone"));
        yield new Schedule.Daily(time(json), zone(json));
      }
      case WEEKLY -> {
        known(json, "schedule.", Set.of("kind", "dayOfWeek", "time", "zone"));
        yield new Schedule.Weekly(dayOfWeek(json), time(json), zone(json));
      }
      case INTERVAL -> {
        known(json, "schedule.", Set.of("kind", "everySeconds", "anchor"));
        // Whole seconds: every firing is then a whole second, as the alarms store it.
        var anchor = instantIn(json, "anchor").orElse(now).truncatedTo(ChronoUnit.SECONDS);
        yield new Schedule.Interval(every(json), anchor);
      }
      case CALENDAR -> {
        var fields = new TreeSet<>(CALENDAR_ATTRIBUTES);
        fields.add("kind");
        fields.add("zone");
        known(json, "schedule.", fields);
        var attributes = new LinkedHashMap<String, String>();
        for (var attribute : CALENDAR_ATTRIBUTES) {
          calendarValue(json, attribute).ifPresent(value -> attributes.put(attribute, value));
        }
        var calendar = new Schedule.Calendar(CalendarExpression.parse(attributes), zone(json));
        if (checkFirings) {
          requireSpacing(calendar, now);
        }
        yield calendar;
      }
    };
  }

  /** An active definition must fire at least once from now on. */
  public static void requireFires(TimerDefinition definition, Instant now) {
    if (definition.nextAfter(now).isEmpty()) {
      throw new InvalidInputException(
          definition.notAfter().isPresent() ? "notAfter" : "schedule",
          "the timer would never fire after " + now + " (within ten years)");
    }
  }

  private void requireSpacing(Schedule.Calendar calendar, Instant now) {
    var previous = calendar.nextAfter(now);
    if (previous.isEmpty()) {
      throw new InvalidInputException(
          "schedule", "the calendar expression never fires after " + now + " (within ten years)");
    }
    for (var i = 0; i < 3; i++) {
      var next = calendar.nextAfter(previous.get());
      if (next.isEmpty()) {
        return;
      }
      var gap = Duration.between(previous.get(), next.get());
      if (gap.compareTo(minimumInterval) < 0) {
        throw new InvalidInputException(
            "schedule",
            "fires "
                + gap.toSeconds()
                + " s apart; the least allowed is "
                + minimumInterval.toSeconds()
                + " s (reveille.timer.min-interval-seconds)");
      }
      previous = next;
    }
  }

  private Duration every(JsonObject json) {
    var value = json.get("everySeconds");
    if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
      throw new InvalidInputException("schedule.everySeconds", "is required: a whole number");
    }
    var seconds = number.bigIntegerValue();
    if (seconds.compareTo(java.math.BigInteger.valueOf(minimumInterval.toSeconds())) < 0
        || seconds.compareTo(java.math.BigInteger.valueOf(MAX_INTERVAL_SECONDS)) > 0) {
      throw new InvalidInputException(
          "schedule.everySeconds",
          "must be between "
              + minimumInterval.toSeconds()
              + " (reveille.timer.min-interval-seconds) and "
              + MAX_INTERVAL_SECONDS
              + ", was "
              + seconds);
    }
    return Duration.ofSeconds(seconds.longValueExact());
  }

  private static LocalTime time(JsonObject json) {
    var text = string(json, "time", true).orElseThrow();
    try {
      if (!text.matches("\\d{2}:\\d{2}(:\\d{2})?")) {
        throw new DateTimeParseException("not HH:mm[:ss]", text, 0);
      }
      return LocalTime.parse(text);
    } catch (DateTimeParseException e) {
      throw new InvalidInputException(
          "schedule.time", "must be a local time HH:mm or HH:mm:ss, got '" + text + "'");
    }
  }

  private static ZoneId zone(JsonObject json) {
    var text = string(json, "zone", true).orElseThrow();
    try {
      if (text.startsWith("+") || text.startsWith("-") || text.matches("(?i)GMT[+-].*|UTC[+-].*")) {
        throw new DateTimeException("offset, not a region");
      }
      return ZoneId.of(text);
    } catch (DateTimeException e) {
      throw new InvalidInputException(
          "schedule.zone",
          "unknown time zone '" + text + "'; use an IANA name such as Europe/Berlin, or UTC");
    }
  }

  private static DayOfWeek dayOfWeek(JsonObject json) {
    var text = string(json, "dayOfWeek", true).orElseThrow();
    try {
      return DayOfWeek.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(
          "schedule.dayOfWeek", "must be MONDAY … SUNDAY, got '" + text + "'");
    }
  }

  private static Optional<String> calendarValue(JsonObject json, String attribute) {
    var value = json.get(attribute);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return Optional.empty();
    }
    if (value instanceof JsonNumber number && number.isIntegral()) {
      return Optional.of(number.bigIntegerValue().toString());
    }
    if (value instanceof JsonString string && !string.getString().isBlank()) {
      if (string.getString().length() > 200) {
        throw new InvalidInputException("schedule." + attribute, "is longer than 200 characters");
      }
      return Optional.of(string.getString());
    }
    throw new InvalidInputException(
        "schedule." + attribute, "must be a non-blank string or a whole number");
  }

  private static Optional<Instant> instant(JsonObject json, String field) {
    return instantAt(json, field, field);
  }

  private static Optional<Instant> instantIn(JsonObject json, String field) {
    return instantAt(json, field, "schedule." + field);
  }

  private static Optional<Instant> instantAt(JsonObject json, String field, String path) {
    var value = json.get(field);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return Optional.empty();
    }
    if (value instanceof JsonString string) {
      try {
        var instant = Instant.parse(string.getString());
        if (!instant.isBefore(EARLIEST) && !instant.isAfter(LATEST)) {
          return Optional.of(instant);
        }
      } catch (DateTimeParseException e) {
        // reported below
      }
    }
    throw new InvalidInputException(
        path,
        "must be an ISO-8601 instant such as 2026-12-01T07:00:00Z in the years 1 to 9999, got "
            + value);
  }

  private static Optional<Boolean> bool(JsonObject json, String field) {
    var value = json.get(field);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return Optional.empty();
    }
    return switch (value.getValueType()) {
      case TRUE -> Optional.of(true);
      case FALSE -> Optional.of(false);
      default -> throw new InvalidInputException(field, "must be true or false, got " + value);
    };
  }

  private static Optional<String> string(JsonObject json, String field, boolean required) {
    var value = json.get(field);
    var path = "schedule." + field;
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      if (required) {
        throw new InvalidInputException(path, "is required");
      }
      return Optional.empty();
    }
    if (!(value instanceof JsonString string) || string.getString().isBlank()) {
      throw new InvalidInputException(path, "must be a non-blank string, got " + value);
    }
    if (string.getString().length() > 200) {
      throw new InvalidInputException(path, "is longer than 200 characters");
    }
    return Optional.of(string.getString());
  }

  private static void known(JsonObject json, String prefix, Set<String> fields) {
    for (var name : json.keySet()) {
      if (!fields.contains(name)) {
        throw new InvalidInputException(
            prefix + name,
            "unknown field; known fields: " + String.join(", ", new TreeSet<>(fields)));
      }
    }
  }
}
