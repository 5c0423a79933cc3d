package io.reveille.schedule.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.Optional;

/**
 * The shape of a timer's schedule document ({@code schedule.kind} in the API). Persisted by wire
 * name so that queries and reports can tell timers apart without parsing their JSON.
 */
public enum ScheduleKind {
  /** Every day at a local time in a zone. */
  DAILY("daily"),
  /** Once a week on a day at a local time in a zone. */
  WEEKLY("weekly"),
  /** Every n seconds from an anchor instant; independent of any zone. */
  INTERVAL("interval"),
  /** A calendar expression (second, minute, hour, day of week and month, month) in a zone. */
  CALENDAR("calendar");

  private final String wire;

  ScheduleKind(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<ScheduleKind> fromWire(String wire) {
    return Arrays.stream(values()).filter(kind -> kind.wire.equals(wire)).findFirst();
  }

  /** Stores the kind by its wire name. */
  public static class Converter implements AttributeConverter<ScheduleKind, String> {

    @Override
    public String convertToDatabaseColumn(ScheduleKind kind) {
      return kind == null ? null : kind.wire;
    }

    @Override
    public ScheduleKind convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown schedule kind '" + wire + "' in the database"));
    }
  }
}
