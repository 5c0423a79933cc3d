package io.reveille.wake.control;

/**
 * A job's workflow ended with none of its stop conditions holding: the run fails with {@link
 * Jobs#UNFINISHED} instead of completing, since a job is done only when one holds.
 */
public class JobUnfinishedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public JobUnfinishedException(String message) {
    super(message);
  }

  /** The run's error code. */
  public String code() {
    return Jobs.UNFINISHED;
  }
}
