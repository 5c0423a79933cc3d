package io.reveille.agent.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * How an agent is driven: on its own (wakes from notifications and timers), only in sessions with a
 * user, or both.
 */
public enum AgentMode implements WireEnum {
  AUTONOMOUS("autonomous"),
  INTERACTIVE("interactive"),
  HYBRID("hybrid");

  private final String wire;

  AgentMode(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AgentMode> {
    public Converter() {
      super(AgentMode.class);
    }
  }
}
