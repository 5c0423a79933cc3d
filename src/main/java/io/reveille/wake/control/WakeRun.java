package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;
import io.reveille.wake.entity.WakeReason;
import java.util.List;
import java.util.Objects;

/** What a workflow is told about the run it executes: whose, why, and what changed. */
public record WakeRun(
    String runKey,
    String agentId,
    AgentKind kind,
    WakeReason reason,
    String threadId,
    List<String> tokens,
    int attempt) {
  public WakeRun {
    Objects.requireNonNull(runKey, "runKey");
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(threadId, "threadId");
    tokens = List.copyOf(tokens);
  }
}
