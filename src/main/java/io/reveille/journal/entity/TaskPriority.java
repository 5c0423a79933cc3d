package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.Set;

/** How urgent a task is, {@code p0} (drop everything) to {@code p3} (some day). */
public enum TaskPriority implements WireEnum {
  P0("p0"),
  P1("p1"),
  P2("p2"),
  P3("p3");

  private final String wire;

  TaskPriority(String wire) {
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

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<TaskPriority> {
    public Converter() {
      super(TaskPriority.class);
    }
  }
}
