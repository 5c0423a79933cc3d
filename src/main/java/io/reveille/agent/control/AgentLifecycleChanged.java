package io.reveille.agent.control;

import io.reveille.agent.entity.AgentLifecycle;
import java.util.Objects;
import java.util.Optional;

/**
 * An agent moved between lifecycle states (paused, resumed, destroyed). Fired synchronously inside
 * the transaction that moves it, so observers change their own rows in the same commit — a timer
 * feature cancels or re-arms the agent's timers with the transition, or neither happens.
 *
 * @param actor the principal who asked for the move over the API; empty when Reveille itself moved
 *     the agent (a run that failed too often sends it to sleep)
 */
public record AgentLifecycleChanged(
    String agentId, AgentLifecycle from, AgentLifecycle to, Optional<String> actor) {
  public AgentLifecycleChanged {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(actor, "actor");
  }
}
