package io.reveille.wake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs one wake job, exactly once in effect.
 *
 * <p>Three transactions: <em>begin</em> (skip a finished run, mark it started, record the wake on
 * the agent state) commits before the workflow runs, so a crash during the workflow leaves a {@code
 * started} entry behind; the broker redelivers the message (or start-up recovery re-enqueues it)
 * and the run is executed again under the same run key. <em>Execute</em> runs the workflow and
 * marks the run completed in one transaction, so its effects and its completion commit together: a
 * completed run is never executed again. A workflow failure rolls its effects back and
 * <em>fail</em> records it with the agent's failure streak.
 *
 * <p>Single-flight per agent: the wakes queue groups messages by agent id, so the broker hands one
 * agent's jobs to one consumer at a time, across nodes; and every begin writes the agent state,
 * whose {@code @Version} refuses a second concurrent begin.
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
      steps.execute(run);
      LOG.log(Level.FINE, "Run {0} of agent {1} completed", new Object[] {runKey, run.agentId()});
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Run " + runKey + " of agent " + run.agentId() + " failed", e);
      steps.fail(run, e);
    }
  }
}
