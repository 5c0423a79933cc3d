package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.notification.control.RunCauses;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.AfterCommit;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The transactions of a run's steps (see {@link WakeRunner}): begin, the workflow (outside any
 * transaction), complete, and record a failure, a wait or a cancel; each step commits on its own. A
 * separate bean so that each call passes the transaction interceptor, and the one place where a
 * step's transaction begins: the work of each is done, in that transaction, by beans that never
 * begin one ({@code MANDATORY}):
 *
 * <ul>
 *   <li>{@link RunGate} — whether a delivered run may start (single flight, skips, give-up);
 *   <li>{@link RunClaim} — marking it started, claimed and held to its budgets;
 *   <li>{@link RunCompletion} — completing it, or recording it waiting or cancelled;
 *   <li>{@link RunFailures} — recording it failed, with the back-off and dormancy that follow.
 * </ul>
 *
 * <p>Leases and heartbeats ({@link RunLeases}) and budgets and usage ({@link RunMeters}) are asked
 * by the sweeper and the workflows directly. A self-contained run is begun, executed and completed
 * in one transaction: its begin's own ({@link #beginOrRun}), or the caller's ({@link #runWithin}).
 */
@ApplicationScoped
@Transactional(TxType.REQUIRES_NEW)
public class WakeRunSteps {

  @Inject RunGate gate;
  @Inject RunClaim claim;
  @Inject RunCompletion completion;
  @Inject RunFailures failures;
  @Inject AgentWorkflows workflows;
  @Inject AgentService agents;
  @Inject Metrics metrics;
  @Inject RunCauses causes = new RunCauses();

  /** The container's registry: whether the one transaction of a self-contained run is doomed. */
  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * Marks the run started and the agent woken, or says why it must not run: already completed or
   * skipped (a redelivery or a recovery duplicate), failed, the agent gone, dormant or destroyed
   * (logged as skipped), or no workflow for its kind.
   *
   * @throws RunGate.NotYetVisibleException when the run's entry is not visible yet
   */
  public Optional<WakeRun> begin(String runKey, String agentId) {
    return begin(runKey, agentId, false);
  }

  /**
   * {@link #begin(String, String)}; {@code justWritten} when the caller wrote the run's entry in
   * this transaction under the agent's state lock ({@link #runWithin}): then there is no committed
   * version to read again, and nothing is flushed here, so that the run's completion writes the
   * entry and the state once instead of once more each.
   */
  private Optional<WakeRun> begin(String runKey, String agentId, boolean justWritten) {
    return gate.admit(runKey, agentId, justWritten)
        .map(admitted -> claim.claim(admitted, justWritten));
  }

  /**
   * What {@link #beginOrRun} did: started the run, its workflow still to be executed; or executed
   * and completed it within the same transaction ({@code completed}).
   */
  public record Begun(WakeRun run, boolean completed, Optional<AgentWorkflow.Prepared> prepared) {

    /** Begun, with nothing its workflow read in the same transaction. */
    public Begun(WakeRun run, boolean completed) {
      this(run, completed, Optional.empty());
    }
  }

  /**
   * Thrown when a self-contained run's workflow or completion failed inside {@link #beginOrRun} (an
   * {@link Error} too), or left the transaction marked for rollback: the transaction rolls back
   * (the run stays queued), and the caller runs it again step by step, where the failure is
   * recorded (or completing retried) as usual.
   */
  public static class SelfContainedRunFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SelfContainedRunFailedException(String runKey, Throwable cause) {
      super("Run " + runKey + " failed within its begin: " + cause, cause);
    }
  }

  /**
   * {@link #begin Begins} the run and, when its workflow says the run is self-contained ({@link
   * AgentWorkflow#isSelfContained}: no step of it commits anything or reaches outside, such as the
   * deterministic engine's wakes of a custom agent), executes the workflow and {@link #complete
   * completes} the run in the same transaction: one commit instead of three, and the agent's state
   * locked and its run read once. A crash anywhere in it rolls all of it back, and the redelivered
   * job runs it from the start, with nothing to repeat. A run that is not self-contained is only
   * begun, as {@link #begin} does.
   *
   * @throws SelfContainedRunFailedException when the workflow or the completion of a self-contained
   *     run threw (the whole transaction rolls back)
   */
  public Optional<Begun> beginOrRun(String runKey, String agentId) {
    var begun = begin(runKey, agentId, false);
    if (begun.isEmpty()) {
      return Optional.empty();
    }
    var run = begun.get();
    var workflow = workflows.forKind(run.kind()).orElseThrow();
    if (!workflow.isSelfContained(run)) {
      return Optional.of(new Begun(run, false, prepared(workflow, run)));
    }
    try {
      completion.complete(
          run, Objects.requireNonNull(workflow.execute(run), "workflow outcome"), true);
    } catch (RuntimeException | Error e) {
      throw new SelfContainedRunFailedException(runKey, e);
    }
    if (transactions != null && transactions.getRollbackOnly()) {
      // Something swallowed a failure that doomed the transaction: the commit would fail.
      throw new SelfContainedRunFailedException(
          runKey, new IllegalStateException("the transaction was marked for rollback"));
    }
    return Optional.of(new Begun(run, true));
  }

  /**
   * What the workflow of a run that is not self-contained reads first ({@link
   * AgentWorkflow#prepare}), in begin's transaction. A failure that leaves the transaction usable
   * is the workflow's to meet again when it executes; one that doomed it is thrown, and the caller
   * begins the run again without the reads.
   */
  private Optional<AgentWorkflow.Prepared> prepared(AgentWorkflow workflow, WakeRun run) {
    Optional<AgentWorkflow.Prepared> prepared;
    try {
      prepared = workflow.prepare(run);
    } catch (RuntimeException e) {
      prepared = Optional.empty();
    }
    if (transactions != null && transactions.getRollbackOnly()) {
      throw new IllegalStateException(
          "run " + run.runKey() + ": its first reads marked begin's transaction for rollback");
    }
    return prepared;
  }

  /**
   * Runs a subscription job the scheduler has just written, inside the caller's transaction (the
   * intake's), when its workflow is self-contained: {@link #begin begins} it, executes the workflow
   * and {@link #complete completes} it, so the batch, its wake and its run commit together, with no
   * wake job, no second delivery and no transaction of the run's own. Single flight still holds:
   * begin refuses while another run of the agent is started (and puts the job on the queue), and
   * the agent's state row stays locked until the intake commits. Anything that fails here rolls the
   * intake back; the broker redelivers the batch, and a redelivered batch is never run inline, so
   * its wake then takes the queue and the runner, where failures are recorded.
   *
   * @return true when the job was run here (or begin settled it: skipped, or put back on the
   *     queue); false when it is not self-contained, and the caller sends it to the wake queue
   */
  @Transactional(TxType.MANDATORY)
  public boolean runWithin(WakeRunLogEntry entry) {
    var agent = agents.find(entry.getAgentId());
    var workflow = agent.flatMap(a -> workflows.forKind(a.getKind()));
    if (workflow.isEmpty()
        || !workflow.get().isSelfContained(RunClaim.runOf(entry, agent.get().getKind()))) {
      return false;
    }
    var took = System.nanoTime();
    var begun = begin(entry.getRunKey(), entry.getAgentId(), true);
    if (begun.isEmpty()) {
      return true;
    }
    var run = begun.get();
    try {
      // Written with the caller's next flush: a timer batch flushes once a slice of firings.
      completion.complete(
          run,
          Objects.requireNonNull(workflow.get().execute(run), "workflow outcome"),
          true,
          false);
    } finally {
      causes.leave(run.agentId(), run.runKey());
    }
    var reason = run.reason().wire();
    AfterCommit.run(
        transactions,
        () ->
            metrics.wakeFinished(
                reason, WakeRunner.COMPLETED, Duration.ofNanos(System.nanoTime() - took)));
    return true;
  }

  /**
   * Runs the agent's workflow outside any transaction (the consumer's is suspended): each of its
   * steps commits on its own.
   */
  @Transactional(TxType.NOT_SUPPORTED)
  public WakeOutcome execute(WakeRun run) {
    return execute(run, Optional.empty());
  }

  /**
   * As {@link #execute(WakeRun)}, outside any transaction too, with what the workflow read in
   * begin's transaction.
   */
  @Transactional(TxType.NOT_SUPPORTED)
  public WakeOutcome execute(WakeRun run, Optional<AgentWorkflow.Prepared> prepared) {
    var workflow =
        workflows
            .forKind(run.kind())
            .orElseThrow(
                () -> new IllegalStateException("no workflow for agent kind " + run.kind().wire()));
    return Objects.requireNonNull(workflow.execute(run, prepared), "workflow outcome");
  }

  /** Completes the run with the workflow's outcome, in one transaction ({@link RunCompletion}). */
  public void complete(WakeRun run, WakeOutcome outcome) {
    completion.complete(run, outcome);
  }

  /**
   * Records the run failed, with what follows from it, in one transaction ({@link RunFailures}).
   */
  public void fail(WakeRun run, Throwable failure) {
    failures.fail(run, failure);
  }

  /** Records the run waiting for a person, in one transaction ({@link RunCompletion#park}). */
  public void park(WakeRun run, RunWaitingException why) {
    completion.park(run, why);
  }

  /** Records the run cancelled at a step boundary, in one transaction. */
  public void cancelled(WakeRun run) {
    completion.cancelled(run);
  }

  /**
   * Gives up a job that will never run — the broker dead-lettered it — as a failed run with {@code
   * why}, and counts it like any failure (back-off, dormancy), which frees the agent for its next
   * match, in one transaction. A run that is finished already, or is being executed, is left alone;
   * so a second node sweeping the same job changes nothing.
   *
   * @return whether the run was given up here
   */
  public boolean abandon(String runKey, String why) {
    return failures.abandon(runKey, why);
  }
}
