package io.reveille.wake.control;

import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How the wake path heals itself (README: {@code reveille.wake.heartbeat-seconds} and the settings
 * after it): the heartbeat that renews a working run's lease, the sweeper's period and limits, and
 * the retries of a failing completion. Checked when the application starts using them.
 */
@ApplicationScoped
public class SweepConfig {

  private Duration heartbeat;
  private Duration sweep;
  private Duration staleQueued;
  private int maxRunAttempts;
  private int completeAttempts;
  private Duration completeRetryDelay;

  SweepConfig() {}

  @Inject
  public SweepConfig(
      @ConfigProperty(name = "reveille.wake.run-lease-seconds", defaultValue = "900")
          long leaseSeconds,
      @ConfigProperty(name = "reveille.wake.heartbeat-seconds", defaultValue = "60")
          long heartbeatSeconds,
      @ConfigProperty(name = "reveille.wake.sweep-seconds", defaultValue = "30") long sweepSeconds,
      @ConfigProperty(name = "reveille.wake.stale-queued-seconds", defaultValue = "600")
          long staleQueuedSeconds,
      @ConfigProperty(name = "reveille.wake.max-run-attempts", defaultValue = "5")
          int maxRunAttempts,
      @ConfigProperty(name = "reveille.wake.complete-attempts", defaultValue = "4")
          int completeAttempts,
      @ConfigProperty(name = "reveille.wake.complete-retry-delay-millis", defaultValue = "500")
          long completeRetryDelayMillis) {
    this.heartbeat =
        Duration.ofSeconds(
            within("reveille.wake.heartbeat-seconds", heartbeatSeconds, 1, leaseSeconds / 3));
    this.sweep = Duration.ofSeconds(within("reveille.wake.sweep-seconds", sweepSeconds, 1, 3_600));
    this.staleQueued =
        Duration.ofSeconds(
            within("reveille.wake.stale-queued-seconds", staleQueuedSeconds, 1, 7 * 86_400));
    this.maxRunAttempts = (int) within("reveille.wake.max-run-attempts", maxRunAttempts, 1, 1_000);
    this.completeAttempts =
        (int) within("reveille.wake.complete-attempts", completeAttempts, 1, 100);
    this.completeRetryDelay =
        Duration.ofMillis(
            within(
                "reveille.wake.complete-retry-delay-millis", completeRetryDelayMillis, 0, 60_000));
  }

  /** How often a working run's lease is renewed. */
  public Duration heartbeat() {
    return heartbeat;
  }

  /** How often each node sweeps. */
  public Duration sweep() {
    return sweep;
  }

  /** How long past its due time a queued job may wait before the sweeper looks for its message. */
  public Duration staleQueued() {
    return staleQueued;
  }

  /** How many times a run is started before begin gives it up as failed. */
  public int maxRunAttempts() {
    return maxRunAttempts;
  }

  /** How many times a run's completion is tried before the run counts as failed. */
  public int completeAttempts() {
    return completeAttempts;
  }

  /** The wait before the second completion attempt; the n-th waits n times as long. */
  public Duration completeRetryDelay() {
    return completeRetryDelay;
  }
}
