package io.reveille.wake.control;

import io.reveille.agent.control.AgentLifecycleChanged;
import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentLifecycle;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;

/**
 * Forgives an agent's failure streak when it is resumed: an agent that went dormant after too many
 * failed wakes starts afresh, without the back-off, once an operator has fixed the cause. Observed
 * synchronously, inside the resume's transaction.
 */
@ApplicationScoped
public class FailureStreaks {

  @Inject AgentService agents;
  @Inject Clock clock;

  void onLifecycleChanged(@Observes AgentLifecycleChanged change) {
    if (change.from() == AgentLifecycle.DORMANT && change.to() == AgentLifecycle.ACTIVE) {
      agents.stateForUpdate(change.agentId()).resetFailures(clock.instant());
    }
  }
}
