package io.reveille.wake.control;

import static io.reveille.platform.Settings.within;

import io.reveille.platform.error.TooManyRequestsException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How often an agent may be woken on request — manual wakes and session turns, each of which may
 * cost a model conversation — so that a loop of requests cannot run hundreds of wakes: a token
 * bucket per agent holding {@code reveille.wake.requested-burst} wakes, refilled at {@code
 * reveille.wake.requested-per-minute}. Per node: n nodes allow n times the rate.
 */
@ApplicationScoped
public class WakeRateLimit {

  /** Buckets kept before full ones (agents not woken lately) are dropped. */
  static final int PRUNE_ABOVE = 10_000;

  private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
  private int burst;
  private double perSecond;
  private Clock clock;

  WakeRateLimit() {}

  @Inject
  public WakeRateLimit(
      @ConfigProperty(name = "reveille.wake.requested-burst", defaultValue = "10") int burst,
      @ConfigProperty(name = "reveille.wake.requested-per-minute", defaultValue = "20")
          int perMinute,
      Clock clock) {
    this.burst = (int) within("reveille.wake.requested-burst", burst, 1, 10_000);
    this.perSecond = within("reveille.wake.requested-per-minute", perMinute, 1, 60_000) / 60.0;
    this.clock = clock;
  }

  /**
   * Takes one wake from the agent's allowance.
   *
   * @throws TooManyRequestsException (429) when it is spent, with the time until the next wake
   */
  public void take(String agentId) {
    tryTake(agentId)
        .ifPresent(
            wait -> {
              throw new TooManyRequestsException(
                  "agent "
                      + agentId
                      + " was woken on request "
                      + burst
                      + " times in quick succession (reveille.wake.requested-burst, refilled at"
                      + " reveille.wake.requested-per-minute); retry in "
                      + wait.toSeconds()
                      + " s",
                  wait);
            });
  }

  /**
   * Takes one wake from the agent's allowance; empty when allowed, else how long until the next
   * wake would be (the {@code Retry-After}, at least a second).
   */
  public Optional<Duration> tryTake(String agentId) {
    var now = clock.instant();
    if (buckets.size() > PRUNE_ABOVE) {
      buckets.values().removeIf(bucket -> bucket.isFull(now));
    }
    return buckets.computeIfAbsent(agentId, id -> new Bucket(now)).take(now);
  }

  private final class Bucket {
    private double tokens = burst;
    private Instant updated;

    Bucket(Instant now) {
      updated = now;
    }

    synchronized Optional<Duration> take(Instant now) {
      refill(now);
      if (tokens >= 1) {
        tokens -= 1;
        return Optional.empty();
      }
      var seconds = (long) Math.ceil((1 - tokens) / perSecond);
      return Optional.of(Duration.ofSeconds(Math.max(1, seconds)));
    }

    synchronized boolean isFull(Instant now) {
      refill(now);
      return tokens >= burst;
    }

    private void refill(Instant now) {
      if (now.isAfter(updated)) {
        var elapsed = Duration.between(updated, now).toNanos() / 1e9;
        tokens = Math.min(burst, tokens + elapsed * perSecond);
        updated = now;
      }
    }
  }
}
