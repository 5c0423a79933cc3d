package io.reveille.inference.control;

/** No answer within {@code reveille.inference.timeout-seconds}. */
public class InferenceTimeoutException extends InferenceException {

  private static final long serialVersionUID = 1L;

  public InferenceTimeoutException(String message) {
    super(message);
  }

  public InferenceTimeoutException(String message, Throwable cause) {
    super(message, cause);
  }
}
