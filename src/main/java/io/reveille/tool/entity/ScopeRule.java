package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;

/**
 * How a tool is held to the agent's {@code allowedCategoryIds} (deny by default: an agent with no
 * allowed category reaches nothing).
 */
public enum ScopeRule implements WireEnum {
  /** Reads return only entities whose category is in scope. */
  READS_FILTERED_BY_SCOPE("readsFilteredByScope"),
  /** The entity written must be in a category in scope, checked before anything changes. */
  TARGET_IN_SCOPE("targetInScope"),
  /** A move or copy needs its destination in scope as well as its source. */
  DESTINATION_IN_SCOPE("destinationInScope"),
  /** The tool touches only the calling agent's own memory, which belongs to no category. */
  AGENT_OWN_MEMORY("agentOwnMemory"),
  /** The tool touches only the calling agent's own wake schedule, which belongs to no category. */
  AGENT_OWN_SCHEDULE("agentOwnSchedule"),
  /**
   * The tool calls another system and touches no journal entity, so no category applies; who may
   * call it is decided by the {@code externalCall} capability alone.
   */
  OUTSIDE_REVEILLE("outsideReveille");

  private final String wire;

  ScopeRule(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }
}
