package io.reveille.inference.control;

/**
 * The endpoint refused the request (a 4xx other than 429: bad key, unknown model, invalid body):
 * retrying the same request cannot help.
 */
public class InferenceRequestException extends InferenceException {

  private static final long serialVersionUID = 1L;

  public InferenceRequestException(String message) {
    super(message);
  }

  public InferenceRequestException(String message, Throwable cause) {
    super(message, cause);
  }
}
