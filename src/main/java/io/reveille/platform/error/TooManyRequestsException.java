package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;
import java.time.Duration;

/** A request over its rate limit (429); the caller may try again after {@link #retryAfter()}. */
@ApplicationException(rollback = true)
public class TooManyRequestsException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final Duration retryAfter;

  public TooManyRequestsException(String message, Duration retryAfter) {
    super(message);
    this.retryAfter = retryAfter;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
