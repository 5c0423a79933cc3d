package io.reveille.schedule.control;

import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Timer settings (docs/operations.md, configuration: reveille.timer.*), checked when the
 * application starts using them.
 */
@ApplicationScoped
public class ScheduleConfig {

  private Duration minimumInterval;
  private int maxPerAgent;
  private Duration pollInterval;
  private int batchSize;
  private int workers;

  ScheduleConfig() {}

  @Inject
  ScheduleConfig(
      @ConfigProperty(name = "reveille.timer.min-interval-seconds") long seconds,
      @ConfigProperty(name = "reveille.timer.max-per-agent", defaultValue = "50") int maxPerAgent,
      @ConfigProperty(name = "reveille.timer.poll-millis", defaultValue = "500") long pollMillis,
      @ConfigProperty(name = "reveille.timer.batch-size", defaultValue = "100") int batchSize,
      @ConfigProperty(name = "reveille.timer.workers", defaultValue = "2") int workers) {
    this.minimumInterval =
        Duration.ofSeconds(within("reveille.timer.min-interval-seconds", seconds, 1, 86_400));
    this.maxPerAgent = (int) within("reveille.timer.max-per-agent", maxPerAgent, 1, 10_000);
    this.pollInterval =
        Duration.ofMillis(within("reveille.timer.poll-millis", pollMillis, 50, 60_000));
    this.batchSize = (int) within("reveille.timer.batch-size", batchSize, 1, 1_000);
    this.workers = (int) within("reveille.timer.workers", workers, 1, 16);
  }

  /** The most timers one agent may have, active or not. */
  public int maxPerAgent() {
    return maxPerAgent;
  }

  /**
   * The longest this node's clock sleeps between two rounds: how soon it sees an alarm another node
   * set. It sleeps until the earliest alarm otherwise, and an alarm set on this node wakes it.
   */
  public Duration pollInterval() {
    return pollInterval;
  }

  /** The most alarms fired in one transaction. */
  public int batchSize() {
    return batchSize;
  }

  /**
   * How many batches of alarms this node fires at once, on PostgreSQL (on Apache Derby, embedded in
   * one server, always one).
   */
  public int workers() {
    return workers;
  }

  /** The shortest time a timer may leave between two firings. */
  public Duration minimumInterval() {
    return minimumInterval;
  }
}
