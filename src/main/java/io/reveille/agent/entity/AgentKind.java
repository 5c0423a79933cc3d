package io.reveille.agent.entity;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What an agent is for; the kind decides its workflow and the tools it may use. New kinds are added
 * here and need no schema change (stored by wire name).
 */
public enum AgentKind {
  CUSTOM("custom"),
  TASK_AGENT("taskAgent"),
  DAY_PLANNER("dayPlanner");

  private final String wire;

  AgentKind(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  public String wire() {
    return wire;
  }

  public static Optional<AgentKind> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }

  /** Every wire name, comma-separated, for error messages that list the choices. */
  public static String wireNames() {
    return Arrays.stream(values()).map(AgentKind::wire).collect(Collectors.joining(", "));
  }

  /** Stores the wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireNameConverter<AgentKind> {
    public Converter() {
      super(AgentKind.class, AgentKind::wire, AgentKind::fromWire);
    }
  }
}
