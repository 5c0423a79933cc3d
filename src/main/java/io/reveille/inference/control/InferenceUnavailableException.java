package io.reveille.inference.control;

/**
 * No endpoint is configured (or the key file cannot be read): no retry helps until an operator
 * fixes the configuration.
 */
public class InferenceUnavailableException extends InferenceException {

  private static final long serialVersionUID = 1L;

  public InferenceUnavailableException(String message) {
    super(message);
  }

  public InferenceUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
