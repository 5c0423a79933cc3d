package io.reveille.agent.control;

import java.util.Objects;

/**
 * A CDI event fired when an agent has been deleted for good. Observers that keep per-agent state
 * outside the database (such as a node's subscription index) listen after the transaction's
 * success, so a rolled-back delete leaves them untouched.
 */
public record AgentDeleted(String agentId) {
  public AgentDeleted {
    Objects.requireNonNull(agentId, "agentId");
  }
}
