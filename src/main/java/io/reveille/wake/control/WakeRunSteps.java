package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The three transactions of a run, each committed on its own (see {@link WakeRunner}): begin,
 * execute, and record a failure. A separate bean so that each call passes the transaction
 * interceptor.
 */
@ApplicationScoped
@Transactional(TxType.REQUIRES_NEW)
public class WakeRunSteps {

  private static final Logger LOG = Logger.getLogger(WakeRunSteps.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject Clock clock;
  @Inject SelfMutations selfMutations;
  @Inject @Any Instance<WakeExecutor> executors;

  /** Thrown when the run's log entry is not visible yet: the delivery is retried. */
  public static class NotYetVisibleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotYetVisibleException(String message) {
      super(message);
    }
  }

  /**
   * Marks the run started and the agent woken, or says why it must not run: already completed or
   * skipped (a redelivery or a recovery duplicate), failed, the agent gone, dormant or destroyed
   * (logged as skipped), or no workflow for its kind.
   */
  public Optional<WakeRun> begin(String runKey, String agentId) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      if (agents.find(agentId).isEmpty()) {
        // Deleting an agent deletes its run log; a job still on the queue has nothing to run.
        LOG.log(
            Level.INFO,
            "Run {0} belongs to deleted agent {1}; job dropped",
            new Object[] {runKey, agentId});
        return Optional.empty();
      }
      throw new NotYetVisibleException("run " + runKey + " is not in the run log (yet)");
    }
    if (agents.find(entry.getAgentId()).isPresent()) {
      // Queue behind a scheduler merging tokens into this run, then read the run as it committed.
      agents.stateForUpdate(entry.getAgentId());
      em.refresh(entry);
    }
    if (entry.getStatus() != WakeStatus.QUEUED && entry.getStatus() != WakeStatus.STARTED) {
      LOG.log(
          Level.FINE,
          "Run {0} is already {1}; delivery ignored",
          new Object[] {runKey, entry.getStatus().wire()});
      return Optional.empty();
    }
    var now = clock.instant();
    var agent = agents.find(entry.getAgentId());
    if (agent.isEmpty()) {
      entry.skip(now, "agent no longer exists");
      return Optional.empty();
    }
    if (agent.get().getLifecycle() != AgentLifecycle.ACTIVE) {
      entry.skip(now, "agent is " + agent.get().getLifecycle().wire());
      return Optional.empty();
    }
    if (executorFor(agent.get().getKind()).isEmpty()) {
      entry.skip(now, "no workflow for agent kind " + agent.get().getKind().wire() + " yet");
      return Optional.empty();
    }
    if (isOwnChange(entry)) {
      entry.skip(now, "every trigger token is an entity the agent changed itself");
      agents.stateForUpdate(entry.getAgentId()).clearDeferral();
      return Optional.empty();
    }
    if (entry.getStatus() == WakeStatus.STARTED) {
      LOG.log(
          Level.INFO, "Run {0} was started before and did not finish; running it again", runKey);
      entry.restart(now);
    } else {
      entry.start(now);
    }
    var state = agents.stateForUpdate(entry.getAgentId());
    state.recordWake(now);
    if (entry.getReason() == WakeReason.SUBSCRIPTION) {
      // The deferred subscription job is this one; a timer or manual run leaves it deferred.
      state.clearDeferral();
    }
    em.flush();
    return Optional.of(
        new WakeRun(
            runKey,
            entry.getAgentId(),
            agent.get().getKind(),
            entry.getReason(),
            entry.getThreadId(),
            entry.getTokens(),
            entry.getAttempts(),
            Optional.ofNullable(entry.getScheduledAt())
                .map(
                    from ->
                        new WakeRun.TimerFirings(
                            entry.getReasonId(),
                            from,
                            entry.getScheduledUntil(),
                            entry.getFirings()))));
  }

  /**
   * The deferred-job re-check of self-notification suppression: a subscription job that waited in
   * the queue (behind a run, or for the throttle) while the agent changed every entity it was
   * triggered by is the echo of the agent's own writes.
   */
  private boolean isOwnChange(WakeRunLogEntry entry) {
    if (entry.getReason() != WakeReason.SUBSCRIPTION || entry.getStatus() != WakeStatus.QUEUED) {
      return false;
    }
    var tokens = entry.getTokens();
    return SelfSuppression.isOwnChange(
        tokens, selfMutations.changedAround(entry.getAgentId(), tokens, entry.getCreatedAt()));
  }

  /** Runs the workflow and completes the run, in one transaction. */
  public void execute(WakeRun run) {
    // Held until the run commits: a scheduler writing the counter waits instead of voiding the run.
    var state = agents.stateForUpdate(run.agentId());
    var executor =
        executorFor(run.kind())
            .orElseThrow(
                () -> new IllegalStateException("no workflow for agent kind " + run.kind().wire()));
    executor.execute(run);
    var now = clock.instant();
    em.find(WakeRunLogEntry.class, run.runKey()).complete(now);
    state.recordSuccess(now);
    em.flush();
  }

  /** Records a failed run and lengthens the agent's failure streak. */
  public void fail(WakeRun run, Throwable failure) {
    var now = clock.instant();
    var entry = em.find(WakeRunLogEntry.class, run.runKey());
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      return;
    }
    entry.fail(now, failure.getClass().getSimpleName() + ": " + failure.getMessage());
    agents.stateForUpdate(run.agentId()).recordFailure(now);
  }

  private Optional<WakeExecutor> executorFor(io.reveille.agent.entity.AgentKind kind) {
    return executors.stream().filter(e -> e.kind() == kind).findFirst();
  }
}
