package io.reveille.agent.entity;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where an agent is in its life: {@code created → active ⇄ dormant → destroyed}. Only active agents
 * wake; a destroyed agent is a tombstone until it is deleted. The moves themselves are methods of
 * {@link Agent}, which refuses the illegal ones.
 */
public enum AgentLifecycle {
  CREATED("created"),
  ACTIVE("active"),
  DORMANT("dormant"),
  DESTROYED("destroyed");

  private final String wire;

  AgentLifecycle(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  public String wire() {
    return wire;
  }

  public static Optional<AgentLifecycle> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }

  /** Every wire name, comma-separated, for error messages that list the choices. */
  public static String wireNames() {
    return Arrays.stream(values()).map(AgentLifecycle::wire).collect(Collectors.joining(", "));
  }

  /** Stores the wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireNameConverter<AgentLifecycle> {
    public Converter() {
      super(AgentLifecycle.class, AgentLifecycle::wire, AgentLifecycle::fromWire);
    }
  }
}
