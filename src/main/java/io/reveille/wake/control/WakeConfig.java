package io.reveille.wake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Wake settings (README: reveille.wake.*), checked when the application starts using them. */
@ApplicationScoped
public class WakeConfig {

  private Duration subscriptionThrottle;
  private Duration selfMutationTtl;
  private Duration runLease;
  private Duration failureBackoff;
  private Duration failureBackoffMax;
  private int maxConsecutiveFailures;

  WakeConfig() {}

  @Inject
  WakeConfig(
      @ConfigProperty(name = "reveille.wake.subscription-throttle-seconds") long throttleSeconds,
      @ConfigProperty(name = "reveille.wake.self-mutation-ttl-seconds") long ttlSeconds,
      @ConfigProperty(name = "reveille.wake.run-lease-seconds", defaultValue = "900")
          long leaseSeconds,
      @ConfigProperty(name = "reveille.wake.failure-backoff-seconds", defaultValue = "30")
          long backoffSeconds,
      @ConfigProperty(name = "reveille.wake.failure-backoff-max-seconds", defaultValue = "3600")
          long backoffMaxSeconds,
      @ConfigProperty(name = "reveille.wake.max-consecutive-failures", defaultValue = "5")
          int maxFailures) {
    this.subscriptionThrottle =
        seconds("reveille.wake.subscription-throttle-seconds", throttleSeconds, 0, 86_400);
    this.selfMutationTtl = seconds("reveille.wake.self-mutation-ttl-seconds", ttlSeconds, 0, 3_600);
    this.runLease = seconds("reveille.wake.run-lease-seconds", leaseSeconds, 10, 86_400);
    this.failureBackoff =
        seconds("reveille.wake.failure-backoff-seconds", backoffSeconds, 0, 86_400);
    this.failureBackoffMax =
        seconds("reveille.wake.failure-backoff-max-seconds", backoffMaxSeconds, 0, 7 * 86_400);
    if (failureBackoffMax.compareTo(failureBackoff) < 0) {
      throw new IllegalArgumentException(
          "reveille.wake.failure-backoff-max-seconds ("
              + backoffMaxSeconds
              + ") must not be below reveille.wake.failure-backoff-seconds ("
              + backoffSeconds
              + ")");
    }
    if (maxFailures < 1 || maxFailures > 1_000) {
      throw new IllegalArgumentException(
          "reveille.wake.max-consecutive-failures must be between 1 and 1000, was " + maxFailures);
    }
    this.maxConsecutiveFailures = maxFailures;
  }

  private static Duration seconds(String key, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          key + " must be between " + min + " and " + max + " seconds, was " + value);
    }
    return Duration.ofSeconds(value);
  }

  /** The least time between the starts of two subscription wakes of one agent. */
  public Duration subscriptionThrottle() {
    return subscriptionThrottle;
  }

  /**
   * How long an entity an agent's run changed stays "its own change": an untagged batch naming only
   * such entities does not wake that agent. Zero turns this second suppression layer off.
   */
  public Duration selfMutationTtl() {
    return selfMutationTtl;
  }

  /** How long a started run holds its agent's other runs back. */
  public Duration runLease() {
    return runLease;
  }

  /**
   * The back-off after the {@code streak}-th failed wake in a row: the base, doubled for each
   * further failure, at most the maximum.
   */
  public Duration failureBackoff(int streak) {
    if (streak < 1) {
      return Duration.ZERO;
    }
    var backoff = failureBackoff;
    for (var i = 1; i < streak && backoff.compareTo(failureBackoffMax) < 0; i++) {
      backoff = backoff.multipliedBy(2);
    }
    return backoff.compareTo(failureBackoffMax) > 0 ? failureBackoffMax : backoff;
  }

  /** How many failed wakes in a row make the agent dormant. */
  public int maxConsecutiveFailures() {
    return maxConsecutiveFailures;
  }
}
