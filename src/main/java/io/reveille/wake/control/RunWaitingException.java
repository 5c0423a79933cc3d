package io.reveille.wake.control;

import java.util.Objects;

/**
 * Stops a run at a step boundary because it needs a person: a tool call awaits approval, or an
 * external call's outcome is in doubt. The runner records the run {@code waiting} with {@link
 * #code()} and the message, and the step {@code blocked}; resuming the run queues it again, and it
 * carries on from its last checkpoint.
 */
public class RunWaitingException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String code;

  public RunWaitingException(String code, String message) {
    super(message);
    this.code = Objects.requireNonNull(code, "code");
  }

  /** What the run waits for, as its {@code errorCode} shows it (e.g. {@code awaiting_approval}). */
  public String code() {
    return code;
  }
}
