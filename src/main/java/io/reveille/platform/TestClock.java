package io.reveille.platform;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.function.Function;

/**
 * The server's clock for integration tests that must cross a day boundary, an expiry or a ritual
 * without waiting for it: {@value #OFFSET} moves the clock by a duration (ISO-8601, e.g. {@code
 * P1D} or {@code -PT3H}), {@value #FIXED} stops it at an instant. Either is refused unless {@value
 * #ENABLED} is {@code true} as well, so that a clock setting left in a production configuration
 * stops the start instead of skewing every timer, lease and retention; the packaged defaults set
 * none of them.
 */
public final class TestClock {

  /** The flag without which the clock settings are refused. */
  public static final String ENABLED = "reveille.testing.enabled";

  /** A duration added to the system clock. */
  public static final String OFFSET = "reveille.testing.clock.offset";

  /** An instant the clock stays at. */
  public static final String FIXED = "reveille.testing.clock.fixed";

  private TestClock() {}

  /**
   * The clock the settings read through {@code lookup} ask for: {@code base} unless a test clock is
   * set.
   *
   * @throws IllegalStateException naming the setting: a test clock without {@value #ENABLED}, both
   *     an offset and a fixed instant, or a value that does not parse
   */
  public static Clock from(Function<String, Optional<String>> lookup, Clock base) {
    var offset = value(lookup, OFFSET);
    var fixed = value(lookup, FIXED);
    if (offset.isEmpty() && fixed.isEmpty()) {
      return base;
    }
    var enabled = value(lookup, ENABLED).map(String::strip).orElse("false");
    if (!enabled.equals("true")) {
      throw new IllegalStateException(
          (offset.isPresent() ? OFFSET : FIXED)
              + " is a test-only setting: it is refused unless "
              + ENABLED
              + "=true (never set either in production)");
    }
    if (offset.isPresent() && fixed.isPresent()) {
      throw new IllegalStateException(OFFSET + " and " + FIXED + " exclude each other; set one");
    }
    if (offset.isPresent()) {
      try {
        return Clock.offset(base, Duration.parse(offset.get().strip()));
      } catch (DateTimeException e) {
        throw new IllegalStateException(
            OFFSET + " must be an ISO-8601 duration like P1D or -PT3H, was " + offset.get());
      }
    }
    try {
      return Clock.fixed(Instant.parse(fixed.get().strip()), ZoneOffset.UTC);
    } catch (DateTimeException e) {
      throw new IllegalStateException(
          FIXED + " must be an instant like 2026-12-01T06:59:50Z, was " + fixed.get());
    }
  }

  private static Optional<String> value(Function<String, Optional<String>> lookup, String key) {
    return lookup.apply(key).filter(text -> !text.isBlank());
  }
}
