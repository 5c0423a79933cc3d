package io.reveille.agent.entity;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What an agent is doing on one node right now, as recorded in its {@link AgentRuntimeState}. The
 * moves are methods of that entity, which refuses the illegal ones.
 */
public enum AgentRunStatus {
  IDLE("idle"),
  QUEUED("queued"),
  RUNNING("running"),
  FAILED("failed");

  private final String wire;

  AgentRunStatus(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  public String wire() {
    return wire;
  }

  public static Optional<AgentRunStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }

  /** Every wire name, comma-separated, for error messages that list the choices. */
  public static String wireNames() {
    return Arrays.stream(values()).map(AgentRunStatus::wire).collect(Collectors.joining(", "));
  }

  /** Stores the wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireNameConverter<AgentRunStatus> {
    public Converter() {
      super(AgentRunStatus.class, AgentRunStatus::wire, AgentRunStatus::fromWire);
    }
  }
}
