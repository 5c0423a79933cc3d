package io.reveille.wake.control;

import io.reveille.wake.entity.WakeReason;
import java.util.Objects;

/**
 * A CDI event fired, synchronously, inside the transaction that completes a run, after the run is
 * marked completed and under the agent's state lock: what an observer writes commits with the
 * completion, exactly once per run. An observer that throws fails the completion, which is tried
 * again; one that must not, catches.
 *
 * <p>{@code selfContained}: the run was begun, executed and completed in one transaction because
 * its workflow said it was self-contained ({@link AgentWorkflow#isSelfContained}): it called no
 * tool and no model, so it wrote no tool results, and an observer that reads those can skip it.
 */
public record RunCompleted(
    String agentId, String runKey, String threadId, WakeReason reason, boolean selfContained) {
  public RunCompleted {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(runKey, "runKey");
    Objects.requireNonNull(threadId, "threadId");
    Objects.requireNonNull(reason, "reason");
  }
}
