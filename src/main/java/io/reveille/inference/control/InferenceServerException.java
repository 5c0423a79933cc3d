package io.reveille.inference.control;

/**
 * The endpoint failed (5xx, unreachable, or an answer that is not the protocol): worth retrying.
 */
public class InferenceServerException extends InferenceException {

  private static final long serialVersionUID = 1L;

  public InferenceServerException(String message) {
    super(message);
  }

  public InferenceServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
