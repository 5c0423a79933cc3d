package io.reveille.agent.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentState;
import java.util.Objects;

/**
 * A CDI event fired in the transaction that created an agent here, after its rows were written:
 * observers that record the change in the same transaction (multi-site sync's log) listen
 * synchronously. An agent taken in from another site fires none.
 */
public record AgentCreated(Agent agent, AgentState state) {
  public AgentCreated {
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(state, "state");
  }
}
