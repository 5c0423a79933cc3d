package io.reveille.agent.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * What an agent is doing on one node right now, as recorded in its {@link AgentRuntimeState}. The
 * moves are methods of that entity, which refuses the illegal ones.
 */
public enum AgentRunStatus implements WireEnum {
  IDLE("idle"),
  QUEUED("queued"),
  RUNNING("running"),
  FAILED("failed");

  private final String wire;

  AgentRunStatus(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AgentRunStatus> {
    public Converter() {
      super(AgentRunStatus.class);
    }
  }
}
