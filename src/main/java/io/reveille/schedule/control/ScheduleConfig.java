package io.reveille.schedule.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Timer settings (README: reveille.timer.*), checked when the application starts using them. */
@ApplicationScoped
public class ScheduleConfig {

  private Duration minimumInterval;

  ScheduleConfig() {}

  @Inject
  ScheduleConfig(@ConfigProperty(name = "reveille.timer.min-interval-seconds") long seconds) {
    if (seconds < 1 || seconds > 86_400) {
      throw new IllegalArgumentException(
          "reveille.timer.min-interval-seconds must be between 1 and 86400, was " + seconds);
    }
    this.minimumInterval = Duration.ofSeconds(seconds);
  }

  /** The shortest time a timer may leave between two firings. */
  public Duration minimumInterval() {
    return minimumInterval;
  }
}
