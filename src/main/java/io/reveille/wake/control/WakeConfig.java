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

  WakeConfig() {}

  @Inject
  WakeConfig(
      @ConfigProperty(name = "reveille.wake.subscription-throttle-seconds") long throttleSeconds,
      @ConfigProperty(name = "reveille.wake.self-mutation-ttl-seconds") long ttlSeconds) {
    this.subscriptionThrottle =
        seconds("reveille.wake.subscription-throttle-seconds", throttleSeconds, 86_400);
    this.selfMutationTtl = seconds("reveille.wake.self-mutation-ttl-seconds", ttlSeconds, 3_600);
  }

  private static Duration seconds(String key, long value, long max) {
    if (value < 0 || value > max) {
      throw new IllegalArgumentException(
          key + " must be between 0 and " + max + " seconds, was " + value);
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
}
