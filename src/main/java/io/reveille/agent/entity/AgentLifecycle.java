package io.reveille.agent.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * Where an agent is in its life: {@code created → active ⇄ dormant → destroyed}. Only active agents
 * wake; a destroyed agent is a tombstone until it is deleted. The moves themselves are methods of
 * {@link Agent}, which refuses the illegal ones.
 */
public enum AgentLifecycle implements WireEnum {
  CREATED("created"),
  ACTIVE("active"),
  DORMANT("dormant"),
  DESTROYED("destroyed");

  private final String wire;

  AgentLifecycle(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AgentLifecycle> {
    public Converter() {
      super(AgentLifecycle.class);
    }
  }
}
