package io.reveille.platform.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * A readiness check's answer, kept for a short while ({@code
 * reveille.health.readiness-cache-millis}). The readiness endpoint is open to anyone who reaches
 * the port, and each real probe takes a database connection or a broker session: uncached, a stream
 * of anonymous requests would drain the pool the agents need. So a check probes at most once per
 * window, one probe at a time; while a probe is on its way, other callers get the last answer
 * instead of waiting or probing too (only the very first callers, with no answer yet, wait for it).
 * DOWN is kept like UP: during an outage the probes would hurt most.
 */
final class CachedCheck {

  private record Answer(HealthCheckResponse response, Instant at) {}

  private final Clock clock;
  private final Duration keep;
  private final Supplier<HealthCheckResponse> probe;
  private final ReentrantLock probing = new ReentrantLock();
  private volatile Answer last;

  /**
   * @param keep how long an answer is given again; zero probes every time (one at a time)
   */
  CachedCheck(Clock clock, Duration keep, Supplier<HealthCheckResponse> probe) {
    if (keep.isNegative()) {
      throw new IllegalArgumentException(
          "reveille.health.readiness-cache-millis must not be negative");
    }
    this.clock = clock;
    this.keep = keep;
    this.probe = probe;
  }

  HealthCheckResponse call() {
    var answer = last;
    if (fresh(answer)) {
      return answer.response();
    }
    if (answer == null) {
      probing.lock();
    } else if (!probing.tryLock()) {
      return answer.response();
    }
    try {
      answer = last;
      if (fresh(answer)) {
        return answer.response();
      }
      var response = probe.get();
      last = new Answer(response, clock.instant());
      return response;
    } finally {
      probing.unlock();
    }
  }

  private boolean fresh(Answer answer) {
    return answer != null && clock.instant().isBefore(answer.at().plus(keep));
  }
}
