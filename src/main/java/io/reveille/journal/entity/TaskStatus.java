package io.reveille.journal.entity;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a task is: open work moves freely between {@code OPEN}, {@code IN_PROGRESS} and {@code
 * BLOCKED} and ends as {@code DONE} or {@code REJECTED}; an ended task can only be reopened. The
 * names are also the wire and database values.
 */
public enum TaskStatus {
  OPEN,
  IN_PROGRESS,
  BLOCKED,
  DONE,
  REJECTED;

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

  public static Optional<TaskStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.name().equals(wire)).findFirst();
  }

  /** Every wire name, comma-separated, for error messages that list the choices. */
  public static String wireNames() {
    return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
  }
}
