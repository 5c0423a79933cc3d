package io.reveille.wake.control;

import java.util.Objects;

/**
 * Fired (synchronously, inside the transaction that cancels the run) when a run is cancelled: what
 * the run left open for a person — pending proposals — is closed with it, so that no later decision
 * applies a change for a run that was given up.
 */
public record RunCancelled(String agentId, String runKey) {
  public RunCancelled {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(runKey, "runKey");
  }
}
