package io.reveille.agent.entity;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How an agent is driven: on its own (wakes from notifications and timers), only in sessions with a
 * user, or both.
 */
public enum AgentMode {
  AUTONOMOUS("autonomous"),
  INTERACTIVE("interactive"),
  HYBRID("hybrid");

  private final String wire;

  AgentMode(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  public String wire() {
    return wire;
  }

  public static Optional<AgentMode> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }

  /** Every wire name, comma-separated, for error messages that list the choices. */
  public static String wireNames() {
    return Arrays.stream(values()).map(AgentMode::wire).collect(Collectors.joining(", "));
  }

  /** Stores the wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireNameConverter<AgentMode> {
    public Converter() {
      super(AgentMode.class, AgentMode::wire, AgentMode::fromWire);
    }
  }
}
