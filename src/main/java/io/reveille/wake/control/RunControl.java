package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What an operator (or a decision) does to a run: cancel it, resume it when it waits, retry it when
 * it failed. Each is one transaction that takes the agent's state lock first (the order every run
 * transaction keeps), moves the run, and queues it again where it must run, so the job and the move
 * commit together.
 */
@ApplicationScoped
@Transactional(TxType.REQUIRES_NEW)
public class RunControl {

  private static final Logger LOG = Logger.getLogger(RunControl.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject WakeQueue queue;
  @Inject RunJournal journal;
  @Inject Clock clock;
  @Inject jakarta.enterprise.event.Event<RunCancelled> cancelled;

  /**
   * Cancels the run: at once when it is queued, waiting or failed; at its next step boundary when
   * it is started.
   *
   * @return the run as it is now ({@code cancelled}, or still {@code started} with the mark set)
   * @throws ConflictException when the run is completed, skipped or cancelled already
   */
  public WakeRunLogEntry cancel(String runKey) {
    var entry = locked(runKey);
    if (entry.getStatus().isFinal()) {
      throw new ConflictException(
          "run " + runKey + " is " + entry.getStatus().wire() + "; there is nothing to cancel");
    }
    if (entry.requestCancel(clock.instant(), "cancelled by an operator")) {
      journal.settle(runKey, StepStatus.SKIPPED, null, "cancelled by an operator");
      cancelled.fire(new RunCancelled(entry.getAgentId(), runKey));
    }
    return entry;
  }

  /**
   * Resumes a waiting run: it is queued again and carries on from its last checkpoint.
   *
   * @throws ConflictException when the run is not waiting
   */
  public WakeRunLogEntry resume(String runKey) {
    var entry = locked(runKey);
    if (entry.getStatus() != WakeStatus.WAITING) {
      throw new ConflictException(
          "run " + runKey + " is " + entry.getStatus().wire() + "; only a waiting run resumes");
    }
    requireActiveAgent(entry);
    var now = clock.instant();
    entry.resume(now);
    queue.enqueue(
        entry.getAgentId(), runKey, Duration.ZERO, runKey + ":resume:" + now.toEpochMilli());
    return entry;
  }

  /**
   * Runs a failed run again under its run key, from its last checkpoint: what it did before is
   * answered from its receipts.
   *
   * @throws ConflictException when the run did not fail
   */
  public WakeRunLogEntry retry(String runKey) {
    var entry = locked(runKey);
    if (entry.getStatus() != WakeStatus.FAILED) {
      throw new ConflictException(
          "run " + runKey + " is " + entry.getStatus().wire() + "; only a failed run is retried");
    }
    requireActiveAgent(entry);
    var now = clock.instant();
    entry.retry(now);
    queue.enqueue(
        entry.getAgentId(), runKey, Duration.ZERO, runKey + ":retry:" + now.toEpochMilli());
    return entry;
  }

  /**
   * A decision a waiting run waited for was made (after it committed): the run resumes. A run that
   * is not waiting (resumed by an operator already, cancelled) stays as it is.
   */
  @Transactional(TxType.NOT_SUPPORTED)
  public void onDecision(@Observes(during = TransactionPhase.AFTER_SUCCESS) RunMayResume decided) {
    try {
      if (self().resumeIfWaiting(decided.runKey())) {
        LOG.log(Level.INFO, "Run {0} resumes: {1}", new Object[] {decided.runKey(), decided.why()});
      }
    } catch (RuntimeException e) {
      // The decision stands; the operator can still resume the run over the API.
      LOG.log(Level.WARNING, "Run " + decided.runKey() + " could not be resumed", e);
    }
  }

  /** Resumes the run if it is waiting and its agent active; whether it did. */
  public boolean resumeIfWaiting(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null || entry.getStatus() != WakeStatus.WAITING) {
      return false;
    }
    if (!agents.get(entry.getAgentId()).isActive()) {
      LOG.log(
          Level.INFO,
          "Run {0} stays waiting: its agent is not active; resume the agent, then the run",
          runKey);
      return false;
    }
    resume(runKey);
    return true;
  }

  /**
   * A run of a paused or dormant agent would be skipped for good when it begins: the agent must be
   * resumed first.
   */
  private void requireActiveAgent(WakeRunLogEntry entry) {
    var agent = agents.get(entry.getAgentId());
    if (!agent.isActive()) {
      throw new ConflictException(
          "agent "
              + entry.getAgentId()
              + " is "
              + agent.getLifecycle().wire()
              + "; resume the agent, then run "
              + entry.getRunKey());
    }
  }

  private RunControl self() {
    return jakarta.enterprise.inject.spi.CDI.current().select(RunControl.class).get();
  }

  private WakeRunLogEntry locked(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      throw new NotFoundException("run", runKey);
    }
    agents.stateForUpdate(entry.getAgentId());
    em.refresh(entry);
    return entry;
  }
}
