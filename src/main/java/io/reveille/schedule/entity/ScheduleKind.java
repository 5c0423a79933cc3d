package io.reveille.schedule.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * The shape of a timer's schedule document ({@code schedule.kind} in the API). Persisted by wire
 * name so that queries and reports can tell timers apart without parsing their JSON.
 */
public enum ScheduleKind implements WireEnum {
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

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<ScheduleKind> {
    public Converter() {
      super(ScheduleKind.class);
    }
  }
}
