package io.reveille.alertness.control;

/**
 * A notification batch that can never be processed, whatever the retry: malformed JSON, a missing
 * {@code batchId}, an unknown schema version, a limit exceeded. Such a batch is dead-lettered with
 * {@link #getMessage()} as the reason instead of being redelivered.
 */
public class InvalidBatchException extends Exception {

  private static final long serialVersionUID = 1L;

  public InvalidBatchException(String reason) {
    super(reason);
  }
}
