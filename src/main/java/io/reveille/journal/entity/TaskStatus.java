package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where a task is: open work moves freely between {@code open}, {@code inProgress}, {@code
 * blocked}, {@code groomed} (refined and ready to be picked up) and {@code onHold} (set aside on
 * purpose, not blocked by anything) and ends as {@code done} or {@code rejected}; an ended task can
 * only be reopened.
 */
public enum TaskStatus implements WireEnum {
  OPEN("open"),
  IN_PROGRESS("inProgress"),
  BLOCKED("blocked"),
  GROOMED("groomed"),
  ON_HOLD("onHold"),
  DONE("done"),
  REJECTED("rejected");

  private final String wire;

  TaskStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** The constant name, the wire and database spelling of releases before the one convention. */
  @Override
  public Set<String> legacy() {
    return Set.of(name());
  }

  /** Whether the task is finished, one way or the other. */
  public boolean isClosed() {
    return this == DONE || this == REJECTED;
  }

  /** Whether a task in this status may move to {@code next}; staying put is not a move. */
  public boolean canMoveTo(TaskStatus next) {
    return next != this && successors().contains(next);
  }

  private Set<TaskStatus> successors() {
    return isClosed() ? EnumSet.of(OPEN) : EnumSet.complementOf(EnumSet.of(this));
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<TaskStatus> {
    public Converter() {
      super(TaskStatus.class);
    }
  }
}
