package io.reveille.journal.entity;

import java.util.Arrays;
import java.util.Optional;

/** How urgent a task is, {@code P0} (drop everything) to {@code P3} (some day). */
public enum TaskPriority {
  P0,
  P1,
  P2,
  P3;

  public static Optional<TaskPriority> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.name().equals(wire)).findFirst();
  }
}
