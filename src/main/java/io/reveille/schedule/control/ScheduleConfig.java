package io.reveille.schedule.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Timer settings (README: reveille.timer.*), checked when the application starts using them. */
@ApplicationScoped
public class ScheduleConfig {

  private Duration minimumInterval;
  private int maxPerAgent;

  ScheduleConfig() {}

  @Inject
  ScheduleConfig(
      @ConfigProperty(name = "reveille.timer.min-interval-seconds") long seconds,
      @ConfigProperty(name = "reveille.timer.max-per-agent", defaultValue = "50") int maxPerAgent) {
    if (seconds < 1 || seconds > 86_400) {
      throw new IllegalArgumentException(
          "reveille.timer.min-interval-seconds must be between 1 and 86400, was " + seconds);
    }
    if (maxPerAgent < 1 || maxPerAgent > 10_000) {
      throw new IllegalArgumentException(
          "reveille.timer.max-per-agent must be between 1 and 10000, was " + maxPerAgent);
    }
    this.minimumInterval = Duration.ofSeconds(seconds);
    this.maxPerAgent = maxPerAgent;
  }

  /** The most timers one agent may have, active or not. */
  public int maxPerAgent() {
    return maxPerAgent;
  }

  /** The shortest time a timer may leave between two firings. */
  public Duration minimumInterval() {
    return minimumInterval;
  }
}
