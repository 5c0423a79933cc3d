package io.reveille.notification.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The causes of the runs this JVM executes right now, by agent, so that the batches a run's changes
 * make carry one hop more ({@link Cause#next}): the messages, report and state an agent's run
 * writes, and the journal changes of its tool calls. A run is entered when it starts (its cause
 * read from its run log entry) and left when its thread is done with it; an agent has at most one
 * run started at a time, anywhere in the cluster, so the agent names the run.
 *
 * <p>A change to an agent made while its run is in flight here (an operator's tool call, say)
 * carries that run's cause too: a deeper cause than its own, which stops a chain sooner, never
 * later.
 */
@ApplicationScoped
public class RunCauses {

  private record Running(String runKey, Cause cause) {}

  private final Map<String, Running> byAgent = new ConcurrentHashMap<>();

  /** Run {@code runKey} of {@code agentId}, woken by {@code cause}, is executing here. */
  public void enter(String agentId, String runKey, Cause cause) {
    byAgent.put(
        Objects.requireNonNull(agentId, "agentId"),
        new Running(Objects.requireNonNull(runKey, "runKey"), Objects.requireNonNull(cause)));
  }

  /** Run {@code runKey} of {@code agentId} is no longer executing here (another run is left be). */
  public void leave(String agentId, String runKey) {
    byAgent.computeIfPresent(
        agentId, (id, running) -> running.runKey.equals(runKey) ? null : running);
  }

  /** The cause of a batch about a change to {@code agentId}: one hop past its run's, if it runs. */
  public Cause ofChangeTo(String agentId) {
    var running = byAgent.get(agentId);
    return running == null ? Cause.NONE : running.cause.next(agentId);
  }

  /**
   * The cause of a batch about a change run {@code runKey} of {@code agentId} made (a tool call):
   * one hop past the run's when it executes here; none for a call outside a run.
   */
  public Cause ofChangeBy(String agentId, Optional<String> runKey) {
    var running = byAgent.get(agentId);
    return running == null || runKey.isEmpty() || !running.runKey.equals(runKey.get())
        ? Cause.NONE
        : running.cause.next(agentId);
  }
}
