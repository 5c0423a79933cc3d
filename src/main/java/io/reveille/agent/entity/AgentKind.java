package io.reveille.agent.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * What an agent is for; the kind decides its workflow and the tools it may use. New kinds are added
 * here and need no schema change (stored by wire name).
 */
public enum AgentKind implements WireEnum {
  CUSTOM("custom"),
  TASK_AGENT("taskAgent"),
  DAY_PLANNER("dayPlanner");

  private final String wire;

  AgentKind(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AgentKind> {
    public Converter() {
      super(AgentKind.class);
    }
  }
}
