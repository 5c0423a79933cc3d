package io.reveille.sync.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A range of a peer origin's counters found missing here, and how far filling it has come: {@code
 * noticed} (missing, not asked for yet, for a record can be merely late), {@code requested} (asked
 * of the origin, and asked again while it stays missing), {@code confirmed} (every record of the
 * range applied: only then is the range complete). A confirmed range never opens again.
 */
@Entity
@Table(name = "sync_backfills")
@NamedQuery(
    name = "SyncBackfill.open",
    query =
        "SELECT b FROM SyncBackfill b WHERE b.status <> 'confirmed' ORDER BY b.originHost,"
            + " b.fromCounter")
@NamedQuery(
    name = "SyncBackfill.openOf",
    query =
        "SELECT b FROM SyncBackfill b WHERE b.originHost = :host AND b.status <> 'confirmed'"
            + " ORDER BY b.fromCounter")
public class SyncBackfill {

  /** The most counters one range asks for; a longer gap is filled a range at a time. */
  public static final int MAX_RANGE = 1_000;

  /** Where filling a range stands. */
  public static final String NOTICED = "noticed";

  public static final String REQUESTED = "requested";
  public static final String CONFIRMED = "confirmed";

  @Id
  @Column(name = "id", length = 64, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "origin_host", length = 64, nullable = false, updatable = false)
  private String originHost;

  @Column(name = "from_counter", nullable = false, updatable = false)
  private long fromCounter;

  @Column(name = "to_counter", nullable = false, updatable = false)
  private long toCounter;

  @Column(name = "status", length = 16, nullable = false)
  private String status;

  @Column(name = "noticed_at", nullable = false, updatable = false)
  private Instant noticedAt;

  @Column(name = "requested_at")
  private Instant requestedAt;

  @Column(name = "requests", nullable = false)
  private int requests;

  @Column(name = "confirmed_at")
  private Instant confirmedAt;

  protected SyncBackfill() {}

  /**
   * A range just found missing.
   *
   * @throws IllegalArgumentException for an empty range, one before counter 1 or one longer than
   *     {@link #MAX_RANGE}
   */
  public SyncBackfill(String id, String originHost, long from, long to, Instant now) {
    if (from < 1 || to < from || to - from >= MAX_RANGE) {
      throw new IllegalArgumentException(
          "a range is 1 to " + MAX_RANGE + " counters from 1, not " + from + ".." + to);
    }
    this.id = Objects.requireNonNull(id, "id");
    this.originHost = Objects.requireNonNull(originHost, "originHost");
    this.fromCounter = from;
    this.toCounter = to;
    this.status = NOTICED;
    this.noticedAt = Objects.requireNonNull(now, "now");
  }

  /**
   * Whether the origin should be asked for the range now: noticed at least {@code patience} ago and
   * never asked, or asked at least {@code retry} ago and still open.
   */
  public boolean due(Instant now, Duration patience, Duration retry) {
    return switch (status) {
      case NOTICED -> !now.isBefore(noticedAt.plus(patience));
      case REQUESTED -> !now.isBefore(requestedAt.plus(retry));
      default -> false;
    };
  }

  /**
   * The origin is asked (again).
   *
   * @throws IllegalStateException once confirmed
   */
  public void requested(Instant now) {
    if (CONFIRMED.equals(status)) {
      throw new IllegalStateException("backfill " + id + " is confirmed; nothing to ask for");
    }
    status = REQUESTED;
    requestedAt = Objects.requireNonNull(now, "now");
    requests = Math.addExact(requests, 1);
  }

  /**
   * Every record of the range is applied ({@code appliedThrough} at or past its end): the range is
   * complete. Refused before that.
   *
   * @throws IllegalStateException when a record of the range is not applied yet, or it is confirmed
   *     already
   */
  public void confirm(long appliedThrough, Instant now) {
    if (CONFIRMED.equals(status)) {
      throw new IllegalStateException("backfill " + id + " is confirmed already");
    }
    if (appliedThrough < toCounter) {
      throw new IllegalStateException(
          "backfill "
              + id
              + " of "
              + fromCounter
              + ".."
              + toCounter
              + " is applied through "
              + appliedThrough
              + " only");
    }
    status = CONFIRMED;
    confirmedAt = Objects.requireNonNull(now, "now");
  }

  public String getId() {
    return id;
  }

  public String getOriginHost() {
    return originHost;
  }

  public long getFromCounter() {
    return fromCounter;
  }

  public long getToCounter() {
    return toCounter;
  }

  public String getStatus() {
    return status;
  }

  public Instant getNoticedAt() {
    return noticedAt;
  }

  public Optional<Instant> getRequestedAt() {
    return Optional.ofNullable(requestedAt);
  }

  public int getRequests() {
    return requests;
  }

  public Optional<Instant> getConfirmedAt() {
    return Optional.ofNullable(confirmedAt);
  }
}
