package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;

/** The client's expected version ({@code If-Match}) is not the current one; nothing changed. */
@ApplicationException(rollback = true)
public class PreconditionFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public PreconditionFailedException(String message) {
    super(message);
  }
}
