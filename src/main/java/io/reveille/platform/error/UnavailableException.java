package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;

/**
 * Something the request needs (the broker, say) does not answer now; the same request may succeed
 * later (503).
 */
@ApplicationException(rollback = true)
public class UnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public UnavailableException(String message) {
    super(message);
  }

  public UnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
