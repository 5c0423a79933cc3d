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
 * How long the console's session tokens live ({@code reveille.console.*}, docs/operations.md): a
 * token expires {@code session-ttl} after it was issued or renewed, and a console session is
 * renewed at most until {@code session-max-lifetime} after its sign-in, when the password is asked
 * for again. Checked when the application starts.
 */
@ApplicationScoped
public class SessionTokenConfig {

  static final String PREFIX = "reveille.console.";

  /** The settings, checked; the rules take them without the container. */
  public record Settings(Duration ttl, Duration maxLifetime) {
    public Settings {
      within(PREFIX + "session-ttl", ttl, Duration.ofMinutes(1), Duration.ofHours(1));
      within(
          PREFIX + "session-max-lifetime", maxLifetime, Duration.ofMinutes(1), Duration.ofDays(7));
      if (maxLifetime.compareTo(ttl) < 0) {
        throw new IllegalArgumentException(
            PREFIX
                + "session-max-lifetime ("
                + maxLifetime
                + ") must be at least "
                + PREFIX
                + "session-ttl ("
                + ttl
                + ")");
      }
    }
  }

  private Settings settings;

  SessionTokenConfig() {}

  @Inject
  public SessionTokenConfig(
      @ConfigProperty(name = PREFIX + "session-ttl", defaultValue = "PT15M") String ttl,
      @ConfigProperty(name = PREFIX + "session-max-lifetime", defaultValue = "PT12H")
          String maxLifetime) {
    this.settings =
        new Settings(
            duration(PREFIX + "session-ttl", ttl),
            duration(PREFIX + "session-max-lifetime", maxLifetime));
  }

  /** Creates this bean, and so checks the settings, when the application starts. */
  void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
    settings();
  }

  public Settings settings() {
    return settings;
  }
}
