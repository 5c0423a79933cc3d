package io.reveille.agent.entity;

import io.reveille.platform.wire.WireEnum;

/**
 * What an agent is doing now, as its state shows it ({@code runStatus}): read from its runs in the
 * run log, where single flight keeps at most one started run an agent, never stored apart.
 */
public enum AgentRunStatus implements WireEnum {
  /** No run of the agent is queued, started or waiting. */
  IDLE("idle"),
  /** A run is queued (perhaps deferred by the throttle or a back-off), none started. */
  QUEUED("queued"),
  /** A run is started. */
  RUNNING("running"),
  /** A run waits for a person (an answer, an approval, a budget). */
  WAITING("waiting");

  private final String wire;

  AgentRunStatus(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON. */
  @Override
  public String wire() {
    return wire;
  }
}
