package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;

/** A named thing that does not exist (or no longer does). */
@ApplicationException(rollback = true)
public class NotFoundException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String id;

  public NotFoundException(String what, String id) {
    super("no " + what + " '" + id + "'");
    this.id = id;
  }

  public String getId() {
    return id;
  }
}
