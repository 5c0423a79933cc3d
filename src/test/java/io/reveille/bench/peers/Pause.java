package io.reveille.bench.peers;

import java.time.Duration;

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
}
