package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;

/** A request that contradicts the current state of what it addresses; retrying as is won't help. */
@ApplicationException(rollback = true)
public class ConflictException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ConflictException(String message) {
    super(message);
  }
}
