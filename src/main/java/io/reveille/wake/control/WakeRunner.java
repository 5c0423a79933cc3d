package io.reveille.wake.control;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.reveille.notification.control.RunCauses;
import io.reveille.observability.control.Metrics;
import io.reveille.observability.control.Tracing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one wake job, exactly once in effect.
 *
 * <p><em>Begin</em> (one transaction: skip a finished run, hold it back while another run of the
 * agent is in progress, mark it started, record the wake on the agent state) commits before the
 * workflow runs, so a crash during the workflow leaves a {@code started} entry behind; the broker
 * redelivers the message (or start-up recovery re-enqueues it) and the run is executed again under
 * the same run key. The workflow then runs outside any transaction, each of its steps committed as
 * it happens (see {@link AgentWorkflow}); its tool calls are replayed from the ledger on a re-run.
 * <em>Complete</em> writes the workflow's outcome (report and head, closing messages) and marks the
 * run completed in one transaction under the agent's state lock: a completed run is never executed
 * again, and its report is written once. A failure anywhere records the run as failed with the
 * agent's failure streak, its back-off and, at the limit, the agent's dormancy.
 *
 * <p>A self-contained run (its workflow commits nothing of its own and reaches nothing outside: the
 * deterministic engine's wakes of a custom agent) is begun, executed and completed in one
 * transaction instead ({@link WakeRunSteps#beginOrRun}): a crash rolls all of it back, and the
 * redelivered job runs it from the start.
 *
 * <p>Single-flight per agent: the wakes queue groups messages by agent id, so the broker hands one
 * agent's jobs to one consumer at a time; and begin refuses to start a run while another run of the
 * agent is started and within its lease ({@code reveille.wake.run-lease-seconds}), putting the job
 * back on the queue a little later — which also holds across nodes and brokers.
 *
 * <p>Nothing leaves a run {@code started} for good: a workflow that throws an {@link Error} is
 * recorded as failed; a completion that fails is tried again; a failure that cannot be recorded
 * rolls the delivery back. A started run no thread holds ({@link RunsInFlight}) is taken up again
 * by the next delivery, and by the sweeper once its lease has run out.
 */
@ApplicationScoped
public class WakeRunner {

  private static final Logger LOG = Logger.getLogger(WakeRunner.class.getName());

  @Inject WakeRunSteps steps;
  @Inject RunMeters meters;
  @Inject RunsInFlight inFlight;
  @Inject RunCauses causes = new RunCauses();
  @Inject SweepConfig config;
  @Inject Metrics metrics;

  /** How a run ended, as {@code reveille_wakes_total} counts it ("retried": not recorded). */
  static final String COMPLETED = "completed";

  static final String FAILED = "failed";

  static final String WAITING = "waiting";

  static final String CANCELLED = "cancelled";

  public void run(String runKey, String agentId) {
    if (!inFlight.enter(runKey)) {
      // A second delivery (a redelivery after the consumer's transaction timed out, a recovery
      // re-enqueue) of a run a thread of this JVM is executing right now: that one completes it.
      LOG.log(Level.INFO, "Run {0} is running in this server; the delivery is dropped", runKey);
      return;
    }
    try {
      var beganAt = System.nanoTime();
      var begun = beginOrRun(runKey, agentId);
      if (begun.isEmpty()) {
        return;
      }
      var run = begun.get().run();
      // A run's duration starts after begin, except for one that ran within it.
      var startedAt = begun.get().completed() ? beganAt : System.nanoTime();
      var ending = "retried";
      try {
        if (begun.get().completed()) {
          ending = COMPLETED;
          return;
        }
        WakeOutcome outcome;
        try {
          outcome = steps.execute(run, begun.get().prepared());
        } catch (RuntimeException | Error e) {
          var waiting = causeOf(e, RunWaitingException.class);
          if (waiting.isPresent()) {
            steps.park(run, waiting.get());
            ending = WAITING;
            return;
          }
          var over = causeOf(e, RunBudgetExceededException.class);
          if (over.isPresent()
              && !over.get().isDailyQuota()
              && meters.asksHumanOnBudget(run.runKey())) {
            steps.park(run, new RunWaitingException(over.get().code(), over.get().getMessage()));
            ending = WAITING;
            return;
          }
          if (causeOf(e, RunCancelledException.class).isPresent()) {
            steps.cancelled(run);
            ending = CANCELLED;
            return;
          }
          recordFailure(run, e);
          ending = FAILED;
          return;
        }
        ending = completeOrFail(run, outcome) ? COMPLETED : FAILED;
      } finally {
        metrics.wakeFinished(
            run.reason().wire(), ending, Duration.ofNanos(System.nanoTime() - startedAt));
        var span = Span.current();
        span.setAttribute(Tracing.REASON, run.reason().wire())
            .setAttribute(Tracing.OUTCOME, ending);
        if (FAILED.equals(ending)) {
          span.setStatus(StatusCode.ERROR, "the run failed");
        }
      }
    } finally {
      causes.leave(agentId, runKey);
      inFlight.leave(runKey);
    }
  }

  /**
   * Begins the run, executing and completing it at once when it is self-contained. Whatever that
   * one transaction threw — the workflow or completion failing inside it, or its commit failing
   * (the container may wrap that exception) — nothing of it committed, so the run is begun again to
   * go step by step, where a failure is recorded with its consequences and a failing completion is
   * retried. When begin itself cannot go on (the database is away), that second begin throws too
   * and the broker brings the job back.
   */
  private java.util.Optional<WakeRunSteps.Begun> beginOrRun(String runKey, String agentId) {
    try {
      return steps.beginOrRun(runKey, agentId);
    } catch (RuntimeException e) {
      LOG.log(
          Level.FINE,
          "Run {0} did not go in one transaction ({1}); it goes step by step",
          new Object[] {runKey, e.toString()});
      return steps.begin(runKey, agentId).map(run -> new WakeRunSteps.Begun(run, false));
    }
  }

  /**
   * Completes the run, trying again when completing fails (a database blip): the workflow's effects
   * have committed, and its report must not be lost to a moment's outage. Completing is one
   * transaction that writes nothing when the run is no longer started, so a repeat is safe. Only
   * after {@code reveille.wake.complete-attempts} is the run recorded as failed.
   */
  private boolean completeOrFail(WakeRun run, WakeOutcome outcome) {
    for (var attempt = 1; ; attempt++) {
      try {
        steps.complete(run, outcome);
        LOG.log(
            Level.FINE,
            "Run {0} of agent {1} completed",
            new Object[] {run.runKey(), run.agentId()});
        return true;
      } catch (RuntimeException e) {
        if (attempt >= config.completeAttempts()) {
          recordFailure(run, e);
          return false;
        }
        LOG.log(
            Level.WARNING,
            "Completing run {0} failed (attempt {1} of {2}), trying again: {3}",
            new Object[] {run.runKey(), attempt, config.completeAttempts(), e.toString()});
        try {
          // A back-off before the next attempt at a failing database, not a wait for an event.
          Thread.sleep(config.completeRetryDelay().multipliedBy(attempt).toMillis());
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          recordFailure(run, e);
          return false;
        }
      }
    }
  }

  /** {@code thrown} or the first of its causes that is a {@code type}. */
  static <T extends Throwable> java.util.Optional<T> causeOf(Throwable thrown, Class<T> type) {
    for (var cause = thrown; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return java.util.Optional.of(type.cast(cause));
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * Records the run as failed. When even that fails (the database is away), the exception leaves
   * the delivery: its transaction rolls back, the broker brings the job back, and — the run being
   * started but held by no thread — the next delivery runs it again under its run key.
   */
  private void recordFailure(WakeRun run, Throwable failure) {
    LOG.log(
        Level.WARNING, "Run " + run.runKey() + " of agent " + run.agentId() + " failed", failure);
    try {
      steps.fail(run, failure);
    } catch (RuntimeException e) {
      e.addSuppressed(failure);
      throw e;
    }
  }
}
