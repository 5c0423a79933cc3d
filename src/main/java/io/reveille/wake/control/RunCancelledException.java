package io.reveille.wake.control;

/**
 * Stops a run at a step boundary because an operator cancelled it: the runner records the run
 * {@code cancelled} and the step in flight {@code skipped}. Not a failure.
 */
public class RunCancelledException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public RunCancelledException(String runKey) {
    super("run " + runKey + " was cancelled");
  }
}
