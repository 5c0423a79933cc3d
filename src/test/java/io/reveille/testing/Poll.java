package io.reveille.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Polling with a deadline for in-container tests, where Awaitility is not on the server's class
 * path: checks the condition every 100 ms and fails when the deadline passes.
 */
public final class Poll {

  private Poll() {}

  public static void until(Duration timeout, BooleanSupplier condition) {
    until(timeout, condition, () -> "");
  }

  /**
   * As {@link #until(Duration, BooleanSupplier)}; a failure says what {@code seen} read last, so
   * that it shows what the condition was waiting on.
   */
  public static void until(Duration timeout, BooleanSupplier condition, Supplier<String> seen) {
    var deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within " + timeout + ": " + seen.get());
      }
      pause(Duration.ofMillis(100));
    }
  }

  /** Lets time pass, for checks that something does <em>not</em> happen within a while. */
  public static void pause(Duration duration) {
    try {
      Thread.sleep(Math.max(0, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
