package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.NodeIdentity;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The first half of begin: whether a delivered run may start now. It takes the agent's state lock,
 * reads the run as it committed, and settles every run that must not start — already finished (a
 * redelivery, a recovery duplicate), the agent gone, not active or without a workflow, every token
 * the agent's own change (skipped); another run of the agent live, here or on another node within
 * its lease (back on the queue, single flight); started too often without finishing (given up as a
 * failure). What passes is {@link RunClaim claimed} in the same transaction.
 *
 * <p>{@code MANDATORY}: the gate and the claim are one transaction, the begin's own ({@link
 * WakeRunSteps#begin}) or the intake's or timer batch's that wrote the run ({@link
 * WakeRunSteps#runWithin}).
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
class RunGate {

  private static final Logger LOG = Logger.getLogger(RunGate.class.getName());

  /** How long a run held back by another run of its agent waits before it is tried again. */
  static final Duration BUSY_RETRY = Duration.ofSeconds(2);

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject NodeIdentity node;
  @Inject WakeQueue queue;
  @Inject SweepConfig sweepConfig;
  @Inject Clock clock;
  @Inject SelfMutations selfMutations;
  @Inject Metrics metrics;
  @Inject AgentWorkflows workflows;
  @Inject RunLeases leases;
  @Inject RunFailures failures;
  @Inject RunEntries entries;

  /** Thrown when the run's log entry is not visible yet: the delivery is retried. */
  public static class NotYetVisibleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotYetVisibleException(String message) {
      super(message);
    }
  }

  /**
   * A run that may start, as the gate read it: its entry (locked behind the agent's state), its
   * agent, and the instant the gate decided at.
   */
  record Admission(WakeRunLogEntry entry, Agent agent, Instant now) {}

  /**
   * Whether the run may start, settling it when it must not.
   *
   * @param justWritten the caller wrote the run's entry in this transaction under the agent's state
   *     lock: there is no committed version to read again, and the deferred-job re-check of
   *     self-suppression has nothing to find (the caller's match took the agent's own changes out)
   * @throws NotYetVisibleException when the run is not in the run log yet and its agent exists
   */
  public Optional<Admission> admit(String runKey, String agentId, boolean justWritten) {
    // Just written, the entry may be held back from the persistence context (RunEntries); else it
    // is read once, behind the agent's state lock (read).
    var entry = justWritten ? entries.find(runKey) : read(runKey, agentId);
    if (entry == null) {
      if (agents.find(agentId).isEmpty()) {
        entries.requireHealthyTransaction(runKey);
        // Deleting an agent deletes its run log; a job still on the queue has nothing to run.
        LOG.log(
            Level.INFO,
            "Run {0} belongs to deleted agent {1}; job dropped",
            new Object[] {runKey, agentId});
        return Optional.empty();
      }
      throw new NotYetVisibleException("run " + runKey + " is not in the run log (yet)");
    }
    if (justWritten && agents.find(entry.getAgentId()).isPresent()) {
      agents.stateForUpdate(entry.getAgentId());
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
    if (agent.get().resumesBy(now)) {
      // Dormant until a moment that has come (its daily token quota renewed): this run resumes it.
      agents.resume(entry.getAgentId(), java.util.OptionalLong.empty());
    }
    if (!agent.get().isActive()) {
      entry.skip(now, "agent is " + agent.get().getLifecycle().wire());
      return Optional.empty();
    }
    if (workflows.forKind(agent.get().getKind()).isEmpty()) {
      entry.skip(now, "no workflow for agent kind " + agent.get().getKind().wire() + " yet");
      return Optional.empty();
    }
    // A run written in this transaction was matched a moment ago, with the agent's own changes
    // taken out then (the intake's suppression): nothing can have changed since.
    if (!justWritten && isOwnChange(entry)) {
      entry.skip(now, "every trigger token is an entity the agent changed itself");
      metrics.wakeDecision("suppressed");
      agents.stateForUpdate(entry.getAgentId()).clearDeferral();
      return Optional.empty();
    }
    var busy = leases.otherRunInProgress(entry, now);
    if (busy.isPresent()) {
      // Another run of this agent is in progress (another node, or recovery beside a live run):
      // this one waits its turn on the queue instead of running beside it.
      LOG.log(
          Level.FINE,
          "Run {0} waits: run {1} of agent {2} is in progress",
          new Object[] {runKey, busy.get().getRunKey(), entry.getAgentId()});
      queue.enqueue(entry.getAgentId(), runKey, BUSY_RETRY, runKey + ":busy:" + now.toEpochMilli());
      return Optional.empty();
    }
    if (entry.getStatus() == WakeStatus.STARTED && !mayRestart(entry, now)) {
      return Optional.empty();
    }
    return Optional.of(new Admission(entry, agent.get(), now));
  }

  /**
   * The run as it committed, read after the state lock of {@code agentId}, the agent its job names:
   * a scheduler merging tokens into the run holds that lock, so the run is read once it is done, in
   * one statement after the lock (the gate runs in a transaction of its own, whose persistence
   * context holds no entry read before it). Null when the run is not in the run log. A run of
   * another agent than its job names (a job written wrong) is read again behind its own agent's
   * lock.
   */
  private WakeRunLogEntry read(String runKey, String agentId) {
    agents.lockState(agentId);
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry != null
        && !entry.getAgentId().equals(agentId)
        && agents.find(entry.getAgentId()).isPresent()) {
      agents.stateForUpdate(entry.getAgentId());
      em.refresh(entry);
    }
    return entry;
  }

  /**
   * Whether a started run may be taken up again. The caller holds this run (WakeRunner enters it in
   * RunsInFlight before begin), so a run this boot started is one whose thread is gone. One another
   * node runs within its lease goes back on the queue; one started {@code
   * reveille.wake.max-run-attempts} times is given up.
   */
  private boolean mayRestart(WakeRunLogEntry entry, Instant now) {
    var runKey = entry.getRunKey();
    var owner = entry.getOwner();
    if (owner != null && !node.isThisNode(owner) && leases.withinLease(entry, now)) {
      LOG.log(
          Level.FINE,
          "Run {0} is running on {1}; the delivery waits for its lease",
          new Object[] {runKey, owner});
      queue.enqueue(entry.getAgentId(), runKey, BUSY_RETRY, runKey + ":busy:" + now.toEpochMilli());
      return false;
    }
    if (entry.getAttempts() >= sweepConfig.maxRunAttempts()) {
      // Every start so far ended without an outcome (the JVM died under it, say): running it
      // again would only repeat that, so it is given up and counted as a failure.
      var why =
          "given up: started "
              + entry.getAttempts()
              + " times without finishing (reveille.wake.max-run-attempts)";
      entry.abandon(now, why);
      failures.countFailure(entry, why, now);
      LOG.log(Level.WARNING, "Run {0} {1}", new Object[] {runKey, why});
      return false;
    }
    return true;
  }

  /**
   * The deferred-job re-check of self-notification suppression: a subscription job that waited in
   * the queue (behind a run, or for the throttle) while the agent changed every entity it was
   * triggered by is the echo of the agent's own writes.
   */
  private boolean isOwnChange(WakeRunLogEntry entry) {
    if (entry.getReason() != WakeReason.SUBSCRIPTION
        || entry.getStatus() != WakeStatus.QUEUED
        || entry.hasStarted()) {
      // A run that started before (resumed, retried) is past that question: its own changes since
      // are its work, not an echo.
      return false;
    }
    var tokens = entry.getTokens();
    return SelfSuppression.isOwnChange(
        tokens, selfMutations.changedAround(entry.getAgentId(), tokens, entry.getCreatedAt()));
  }
}
