package io.reveille.sync.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How far one origin host's records have come on this site.
 *
 * <p>For this site's own host: {@code highestSeen} is the last counter the sender gave a record,
 * {@code appliedThrough} the last one it handed to the broker (every record up to it sent). For a
 * peer's host: {@code appliedThrough} is the last counter applied with every record before it
 * applied, {@code highestSeen} the highest counter received; between them lies a gap or records
 * waiting to apply, and {@code blockedReason} says why the next one could not apply, if it could
 * not.
 */
@Entity
@Table(name = "sync_origins")
@NamedQuery(name = "SyncOrigin.all", query = "SELECT o FROM SyncOrigin o ORDER BY o.hostId")
public class SyncOrigin {

  /** The longest reason kept for an origin whose next record could not apply. */
  public static final int MAX_REASON_LENGTH = 500;

  @Id
  @Column(name = "host_id", length = 64, nullable = false, updatable = false)
  private String hostId;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "applied_through", nullable = false)
  private long appliedThrough;

  @Column(name = "highest_seen", nullable = false)
  private long highestSeen;

  @Column(name = "blocked_reason", length = MAX_REASON_LENGTH)
  private String blockedReason;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected SyncOrigin() {}

  /** An origin nothing of which has come yet. */
  public SyncOrigin(String hostId, Instant now) {
    this.hostId = Objects.requireNonNull(hostId, "hostId");
    this.updatedAt = Objects.requireNonNull(now, "now");
  }

  /** Gives the next counter (this site's own host); the record is not sent yet. */
  public long numberNext(Instant now) {
    highestSeen = Math.addExact(highestSeen, 1);
    updatedAt = now;
    return highestSeen;
  }

  /**
   * Every record through {@code counter} was handed to the broker (this site's own host).
   *
   * @throws IllegalArgumentException beyond the last counter given
   */
  public void sentThrough(long counter, Instant now) {
    if (counter > highestSeen) {
      throw new IllegalArgumentException(
          "counter " + counter + " of " + hostId + " is not given yet (last " + highestSeen + ")");
    }
    if (counter > appliedThrough) {
      appliedThrough = counter;
      updatedAt = now;
    }
  }

  /** A peer's record numbered {@code counter} arrived. */
  public void seen(long counter, Instant now) {
    if (counter < 1) {
      throw new IllegalArgumentException("a counter is at least 1, not " + counter);
    }
    if (counter > highestSeen) {
      highestSeen = counter;
      updatedAt = now;
    }
  }

  /**
   * The peer's next record, {@code appliedThrough + 1}, is applied; returns its counter.
   *
   * @throws IllegalStateException when no record beyond {@code appliedThrough} was seen
   */
  public long appliedNext(Instant now) {
    if (appliedThrough >= highestSeen) {
      throw new IllegalStateException(
          "no record of " + hostId + " after " + appliedThrough + " was received");
    }
    appliedThrough += 1;
    blockedReason = null;
    updatedAt = now;
    return appliedThrough;
  }

  /** The peer's next record could not apply, for {@code reason}; it is tried again later. */
  public void blocked(String reason, Instant now) {
    var text = Objects.requireNonNull(reason, "reason");
    var kept = text.length() <= MAX_REASON_LENGTH ? text : text.substring(0, MAX_REASON_LENGTH);
    // Tried again every round: the row changes only when the reason does.
    if (!kept.equals(blockedReason)) {
      blockedReason = kept;
      updatedAt = now;
    }
  }

  /** The next counter to apply (a peer) or to send (this site). */
  public long next() {
    return appliedThrough + 1;
  }

  /** Counters received but not applied, gaps among them included. */
  public long behind() {
    return highestSeen - appliedThrough;
  }

  public String getHostId() {
    return hostId;
  }

  public long getAppliedThrough() {
    return appliedThrough;
  }

  public long getHighestSeen() {
    return highestSeen;
  }

  public Optional<String> getBlockedReason() {
    return Optional.ofNullable(blockedReason);
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getVersion() {
    return version;
  }
}
