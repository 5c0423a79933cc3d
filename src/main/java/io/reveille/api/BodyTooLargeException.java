package io.reveille.api;

import java.io.IOException;

/**
 * A request body grew past the server's limit while it was read (a body sent without {@code
 * Content-Length}). An {@link IOException}, so every body reader passes it on; however a reader
 * wraps it, the API answers 413.
 */
public class BodyTooLargeException extends IOException {
  private static final long serialVersionUID = 1L;

  public BodyTooLargeException(long limit) {
    super("the request body is larger than the " + limit + " bytes this server accepts");
  }
}
