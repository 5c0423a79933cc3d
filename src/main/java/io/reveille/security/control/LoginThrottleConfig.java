package io.reveille.security.control;

import static io.reveille.platform.Settings.duration;
import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How failed sign-ins with a password are slowed ({@code reveille.login-throttle.*},
 * docs/operations.md): how many failures are answered at once, per user and client and per client,
 * the first wait and its cap, how long an early attempt is held rather than refused, when failures
 * are forgotten and how many are kept. Checked when the application starts, so a bad value stops
 * the start with the setting's name instead of surfacing at the first sign-in.
 */
@ApplicationScoped
public class LoginThrottleConfig {

  static final String PREFIX = "reveille.login-throttle.";

  /** The settings, checked; the rules take them without the container. */
  public record Settings(
      int failures,
      int clientFailures,
      Duration delay,
      Duration maxDelay,
      Duration maxHold,
      Duration forgetAfter,
      int tracked) {

    public Settings {
      within(PREFIX + "failures", failures, 1, 1_000);
      within(PREFIX + "client-failures", clientFailures, 1, 1_000_000);
      if (clientFailures < failures) {
        throw new IllegalArgumentException(
            PREFIX
                + "client-failures ("
                + clientFailures
                + ") must be at least "
                + PREFIX
                + "failures ("
                + failures
                + "): a client's failures include those of each of its users");
      }
      within(PREFIX + "delay", delay, Duration.ofMillis(1), Duration.ofMinutes(1));
      within(PREFIX + "max-delay", maxDelay, Duration.ofSeconds(1), Duration.ofDays(1));
      if (maxDelay.compareTo(delay) < 0) {
        throw new IllegalArgumentException(
            PREFIX
                + "max-delay ("
                + maxDelay
                + ") must be at least "
                + PREFIX
                + "delay ("
                + delay
                + ")");
      }
      within(PREFIX + "max-hold", maxHold, Duration.ZERO, Duration.ofSeconds(10));
      within(PREFIX + "forget-after", forgetAfter, Duration.ofSeconds(1), Duration.ofDays(1));
      within(PREFIX + "tracked", tracked, 100, 10_000_000);
    }
  }

  private Settings settings;

  LoginThrottleConfig() {}

  @Inject
  public LoginThrottleConfig(
      @ConfigProperty(name = PREFIX + "failures", defaultValue = "3") int failures,
      @ConfigProperty(name = PREFIX + "client-failures", defaultValue = "20") int clientFailures,
      @ConfigProperty(name = PREFIX + "delay", defaultValue = "PT0.25S") String delay,
      @ConfigProperty(name = PREFIX + "max-delay", defaultValue = "PT15M") String maxDelay,
      @ConfigProperty(name = PREFIX + "max-hold", defaultValue = "PT2S") String maxHold,
      @ConfigProperty(name = PREFIX + "forget-after", defaultValue = "PT15M") String forgetAfter,
      @ConfigProperty(name = PREFIX + "tracked", defaultValue = "10000") int tracked) {
    this.settings =
        new Settings(
            failures,
            clientFailures,
            duration(PREFIX + "delay", delay),
            duration(PREFIX + "max-delay", maxDelay),
            duration(PREFIX + "max-hold", maxHold),
            duration(PREFIX + "forget-after", forgetAfter),
            tracked);
  }

  /** Creates this bean, and so checks the settings, when the application starts. */
  void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
    settings();
  }

  public Settings settings() {
    return settings;
  }
}
