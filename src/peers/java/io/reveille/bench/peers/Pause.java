package io.reveille.bench.peers;

import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;

/** Lets time pass in a benchmark driver (between polls, until a due second). */
final class Pause {

  private Pause() {}

  static void of(Duration duration) {
    try {
      Thread.sleep(Math.max(0, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /**
   * Polls {@code done} twice a second until it reaches {@code expected}, printing each thousand;
   * fails after {@code timeout}, saying how far {@code what} got.
   */
  static void until(String what, LongSupplier done, long expected, Duration timeout) {
    var deadline = Instant.now().plus(timeout);
    var last = -1L;
    while (true) {
      var count = done.getAsLong();
      if (count >= expected) {
        return;
      }
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException(
            what + ": " + count + " of " + expected + " after " + timeout);
      }
      if (count / 1000 != last / 1000) {
        System.out.printf("  %s: %,d of %,d%n", what, count, expected);
      }
      last = count;
      of(Duration.ofMillis(500));
    }
  }
}
