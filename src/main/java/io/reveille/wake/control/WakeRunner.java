package io.reveille.wake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
 * it happens (see {@link WakeExecutor}); its tool calls are replayed from the ledger on a re-run.
 * <em>Complete</em> writes the workflow's outcome (report and head, closing messages) and marks the
 * run completed in one transaction under the agent's state lock: a completed run is never executed
 * again, and its report is written once. A failure anywhere records the run as failed with the
 * agent's failure streak, its back-off and, at the limit, the agent's dormancy.
 *
 * <p>Single-flight per agent: the wakes queue groups messages by agent id, so the broker hands one
 * agent's jobs to one consumer at a time; and begin refuses to start a run while another run of the
 * agent is started and within its lease ({@code reveille.wake.run-lease-seconds}), putting the job
 * back on the queue a little later — which also holds across nodes and brokers.
 */
@ApplicationScoped
public class WakeRunner {

  private static final Logger LOG = Logger.getLogger(WakeRunner.class.getName());

  @Inject WakeRunSteps steps;

  public void run(String runKey, String agentId) {
    var begun = steps.begin(runKey, agentId);
    if (begun.isEmpty()) {
      return;
    }
    var run = begun.get();
    try {
      var outcome = steps.execute(run);
      steps.complete(run, outcome);
      LOG.log(Level.FINE, "Run {0} of agent {1} completed", new Object[] {runKey, run.agentId()});
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Run " + runKey + " of agent " + run.agentId() + " failed", e);
      steps.fail(run, e);
    }
  }
}
