package io.reveille.schedule.control;

import static io.reveille.platform.Settings.within;

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
    this.minimumInterval =
        Duration.ofSeconds(within("reveille.timer.min-interval-seconds", seconds, 1, 86_400));
    this.maxPerAgent = (int) within("reveille.timer.max-per-agent", maxPerAgent, 1, 10_000);
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
