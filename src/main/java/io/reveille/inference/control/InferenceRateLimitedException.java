package io.reveille.inference.control;

import java.time.Duration;
import java.util.Optional;

/** The endpoint answered 429: retry later, after {@link #retryAfter()} when it said so. */
public class InferenceRateLimitedException extends InferenceException {

  private static final long serialVersionUID = 1L;

  private final transient Duration retryAfter;

  public InferenceRateLimitedException(String message, Optional<Duration> retryAfter) {
    super(message);
    this.retryAfter = retryAfter.orElse(null);
  }

  /** The server's {@code Retry-After}, when it gave one in seconds. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
