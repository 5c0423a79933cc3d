package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;
import io.reveille.notification.control.Cause;
import io.reveille.security.control.Role;
import io.reveille.wake.entity.WakeReason;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a workflow is told about the run it executes: whose, why, and what changed.
 *
 * @param causedBy the role of the person whose session turn or manual wake caused the run; empty
 *     for the wakes Reveille makes itself (subscriptions, timers). A tool call of the run whose
 *     effects go beyond it needs an admin's approval.
 * @param cause the chain of agent runs behind the batch that woke the run ({@link Cause#NONE} for a
 *     wake no agent's run led to); the batches the run's changes make carry one hop more
 */
public record WakeRun(
    String runKey,
    String agentId,
    AgentKind kind,
    WakeReason reason,
    String threadId,
    List<String> tokens,
    int attempt,
    Optional<TimerFirings> firings,
    Optional<Role> causedBy,
    Cause cause) {

  /** A run no agent's run led to. */
  public WakeRun(
      String runKey,
      String agentId,
      AgentKind kind,
      WakeReason reason,
      String threadId,
      List<String> tokens,
      int attempt,
      Optional<TimerFirings> firings,
      Optional<Role> causedBy) {
    this(runKey, agentId, kind, reason, threadId, tokens, attempt, firings, causedBy, Cause.NONE);
  }

  /** A run no person caused. */
  public WakeRun(
      String runKey,
      String agentId,
      AgentKind kind,
      WakeReason reason,
      String threadId,
      List<String> tokens,
      int attempt,
      Optional<TimerFirings> firings) {
    this(runKey, agentId, kind, reason, threadId, tokens, attempt, firings, Optional.empty());
  }

  /**
   * The nominal firings a timer wake stands for: one, or the range a catch-up coalesced.
   *
   * @param timerId the timer that fired
   */
  public record TimerFirings(String timerId, Instant from, Instant until, long count) {
    public TimerFirings {
      Objects.requireNonNull(timerId, "timerId");
      Objects.requireNonNull(from, "from");
      Objects.requireNonNull(until, "until");
    }
  }

  public WakeRun {
    Objects.requireNonNull(firings, "firings");
    Objects.requireNonNull(causedBy, "causedBy");
    Objects.requireNonNull(cause, "cause");
    Objects.requireNonNull(runKey, "runKey");
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(threadId, "threadId");
    tokens = List.copyOf(tokens);
  }
}
