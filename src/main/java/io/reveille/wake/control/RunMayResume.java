package io.reveille.wake.control;

import java.util.Objects;

/**
 * Fired (as a CDI event, after the deciding transaction commits) when what a waiting run waits for
 * was decided — a proposal approved or rejected: the run, if it is still waiting, is queued again
 * and resumes from its last checkpoint. A run that is not waiting ignores it.
 */
public record RunMayResume(String runKey, String why) {
  public RunMayResume {
    Objects.requireNonNull(runKey, "runKey");
    Objects.requireNonNull(why, "why");
  }
}
