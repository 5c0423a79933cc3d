package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentKind;
import io.reveille.notification.control.Cause;
import io.reveille.notification.control.RunCauses;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.AfterCommit;
import io.reveille.platform.NodeIdentity;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Role;
import io.reveille.wake.control.RunGate.Admission;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The second half of begin: a run the {@link RunGate gate} admitted is marked started (or started
 * again, one attempt more), claimed by this node and boot, held to the budgets of its first start,
 * and recorded as the agent's wake. Its first start is counted once the transaction commits.
 *
 * <p>{@code MANDATORY}: in the gate's transaction, with the agent's state it locked.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
class RunClaim {

  private static final Logger LOG = Logger.getLogger(RunClaim.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject NodeIdentity node;
  @Inject RunSpecs specs;
  @Inject Jobs jobs;
  @Inject Metrics metrics;
  @Inject RunCauses causes = new RunCauses();

  /** The container's registry, to count a start only once its transaction commits. */
  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * Starts the admitted run and returns it as its workflow sees it.
   *
   * @param justWritten the caller wrote the run's entry in this transaction: nothing is flushed
   *     here, so that the run's completion writes the entry and the state once instead of once more
   *     each
   */
  public WakeRun claim(Admission admitted, boolean justWritten) {
    var entry = admitted.entry();
    var agent = admitted.agent();
    var now = admitted.now();
    if (entry.getStatus() == WakeStatus.STARTED) {
      LOG.log(
          Level.INFO,
          "Run {0} was started before and did not finish; running it again",
          entry.getRunKey());
      entry.restart(now);
    } else {
      entry.start(now);
      countStarted(entry.getReason().wire(), Duration.between(entry.getCreatedAt(), now));
    }
    entry.claim(node.owner());
    // The first start fixes the run's budgets; a restart keeps the ones it started under.
    if (entry.getRunSpec().isEmpty()) {
      var spec = specs.forAgent(agent.getKind(), agent.getConfig());
      if (entry.getReason() == WakeReason.MANUAL) {
        // A job's budgets (only lower) and escalation apply.
        var job = jobs.of(entry.getRunKey());
        if (job.isPresent()) {
          spec = job.get().spec().applyTo(spec);
        }
      }
      entry.fixSpec(spec.toJson());
    }
    var state = agents.stateForUpdate(entry.getAgentId());
    state.recordWake(now);
    if (entry.getReason() == WakeReason.SUBSCRIPTION) {
      // The deferred subscription job is this one; a timer or manual run leaves it deferred.
      state.clearDeferral();
    }
    if (entry.getReason() == WakeReason.SCHEDULED) {
      // The wake the agent set itself: it is awake now, and what it heard meanwhile came with it.
      state.clearSleep();
    }
    if (!justWritten) {
      em.flush();
    }
    var run = runOf(entry, agent.getKind());
    // Left by whoever executes the run, once its thread is done with it (WakeRunner, runWithin).
    causes.enter(run.agentId(), run.runKey(), run.cause());
    return run;
  }

  /**
   * Counts a run's first start once the transaction that started it has committed: a start rolled
   * back (a self-contained run that failed and is begun again step by step) is not counted twice.
   */
  void countStarted(String reason, Duration sinceCreated) {
    AfterCommit.run(transactions, () -> metrics.wakeStarted(reason, sinceCreated));
  }

  /** The run a log entry describes, as the workflow sees it. */
  static WakeRun runOf(WakeRunLogEntry entry, AgentKind kind) {
    return new WakeRun(
        entry.getRunKey(),
        entry.getAgentId(),
        kind,
        entry.getReason(),
        entry.getThreadId(),
        entry.getTokens(),
        entry.getAttempts(),
        Optional.ofNullable(entry.getScheduledAt())
            .map(
                from ->
                    new WakeRun.TimerFirings(
                        entry.getReasonId(), from, entry.getScheduledUntil(), entry.getFirings())),
        entry
            .getCausedBy()
            .map(
                wire ->
                    WireEnum.find(Role.class, wire)
                        .orElseThrow(
                            () ->
                                new IllegalStateException(
                                    "run " + entry.getRunKey() + " names an unknown causer"))),
        new Cause(entry.getCauseHops(), entry.getCauseChain()));
  }
}
