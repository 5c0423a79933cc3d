package io.reveille.wake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Wake settings (README: reveille.wake.*), checked when the application starts using them. */
@ApplicationScoped
public class WakeConfig {

  private Duration subscriptionThrottle;

  WakeConfig() {}

  @Inject
  WakeConfig(@ConfigProperty(name = "reveille.wake.subscription-throttle-seconds") long seconds) {
    if (seconds < 0 || seconds > 86_400) {
      throw new IllegalArgumentException(
          "reveille.wake.subscription-throttle-seconds must be between 0 and 86400, was "
              + seconds);
    }
    this.subscriptionThrottle = Duration.ofSeconds(seconds);
  }

  /** The least time between the starts of two subscription wakes of one agent. */
  public Duration subscriptionThrottle() {
    return subscriptionThrottle;
  }
}
