package io.reveille.inference.control;

/**
 * Why no completion could be had. Messages name the endpoint and the HTTP status, never the API
 * key; the subtypes tell the fault-tolerance policy what is worth retrying.
 */
public abstract class InferenceException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  InferenceException(String message) {
    super(message);
  }

  InferenceException(String message, Throwable cause) {
    super(message, cause);
  }
}
