package io.reveille.sync.control;

import static io.reveille.platform.Settings.within;

import io.reveille.platform.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Multi-site sync's settings ({@code reveille.sync.*}), checked when read. Without a host id the
 * site shares nothing: no record is written, sent or taken in.
 */
@ApplicationScoped
public class SyncConfig {

  private Optional<String> hostId;
  private Duration sendPeriod;
  private int sendBatch;
  private Duration headPeriod;
  private Duration backfillPatience;
  private Duration backfillRetry;

  SyncConfig() {}

  @Inject
  public SyncConfig(
      Site site,
      @ConfigProperty(name = "reveille.sync.send-millis") long sendMillis,
      @ConfigProperty(name = "reveille.sync.send-batch") int sendBatch,
      @ConfigProperty(name = "reveille.sync.head-seconds") long headSeconds,
      @ConfigProperty(name = "reveille.sync.backfill-after-seconds") long backfillAfterSeconds,
      @ConfigProperty(name = "reveille.sync.backfill-retry-seconds") long backfillRetrySeconds) {
    this.hostId = site.hostId();
    this.sendPeriod =
        Duration.ofMillis(within("reveille.sync.send-millis", sendMillis, 50, 60_000));
    this.sendBatch = (int) within("reveille.sync.send-batch", sendBatch, 1, 1_000);
    this.headPeriod =
        Duration.ofSeconds(within("reveille.sync.head-seconds", headSeconds, 1, 3_600));
    this.backfillPatience =
        Duration.ofSeconds(
            within("reveille.sync.backfill-after-seconds", backfillAfterSeconds, 0, 3_600));
    this.backfillRetry =
        Duration.ofSeconds(
            within("reveille.sync.backfill-retry-seconds", backfillRetrySeconds, 1, 86_400));
  }

  /** This site's host id, the same on every node of the site; empty when the site does not sync. */
  public Optional<String> hostId() {
    return hostId;
  }

  /** Whether this site syncs at all. */
  public boolean enabled() {
    return hostId.isPresent();
  }

  /** How often a node looks for records to send. */
  public Duration sendPeriod() {
    return sendPeriod;
  }

  /** How often a site tells its peers how far it has sent (its head). */
  public Duration headPeriod() {
    return headPeriod;
  }

  /** How long a missing range may stay missing before its origin is asked for it. */
  public Duration backfillPatience() {
    return backfillPatience;
  }

  /** How long after asking for a range that stays missing the origin is asked again. */
  public Duration backfillRetry() {
    return backfillRetry;
  }

  /** The most records one send numbers and hands to the broker. */
  public int sendBatch() {
    return sendBatch;
  }
}
