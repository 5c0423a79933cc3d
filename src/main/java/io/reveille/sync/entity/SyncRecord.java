package io.reveille.sync.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One record of the sequence log: a change of a shared record, written by this site in the
 * transaction of the change (its origin is this site's host, its counter given when the sender
 * numbers it), or received from a peer (its origin's host and counter as sent, kept once).
 *
 * <p>A record's document never changes; only its counter is given once, and when it was sent or
 * applied is noted once. It has no version: the sender holds its origin's row while it numbers, and
 * a received record is inserted once under its unique (origin, counter).
 */
@Entity
@Table(name = "sync_records")
@NamedQuery(
    name = "SyncRecord.unnumbered",
    query =
        "SELECT r FROM SyncRecord r WHERE r.originHost = :host AND r.originCounter IS NULL"
            + " ORDER BY r.loggedAt, r.id")
@NamedQuery(
    name = "SyncRecord.numberedBetween",
    query =
        "SELECT r FROM SyncRecord r WHERE r.originHost = :host AND r.originCounter > :after"
            + " AND r.originCounter <= :through ORDER BY r.originCounter")
@NamedQuery(
    name = "SyncRecord.byOriginCounter",
    query = "SELECT r FROM SyncRecord r WHERE r.originHost = :host AND r.originCounter = :counter")
@NamedQuery(
    name = "SyncRecord.countersBetween",
    query =
        "SELECT r.originCounter FROM SyncRecord r WHERE r.originHost = :host"
            + " AND r.originCounter > :after AND r.originCounter <= :through"
            + " ORDER BY r.originCounter")
@NamedQuery(
    name = "SyncRecord.countUnnumbered",
    query =
        "SELECT COUNT(r) FROM SyncRecord r WHERE r.originHost = :host AND r.originCounter IS NULL")
public class SyncRecord {

  /** The longest record type name. */
  public static final int MAX_TYPE_LENGTH = 32;

  /** The longest id of the record a sync record carries. */
  public static final int MAX_RECORD_ID_LENGTH = 200;

  @Id
  @Column(name = "id", length = 64, nullable = false, updatable = false)
  private String id;

  @Column(name = "origin_host", length = 64, nullable = false, updatable = false)
  private String originHost;

  @Column(name = "origin_counter")
  private Long originCounter;

  @Column(name = "record_type", length = MAX_TYPE_LENGTH, nullable = false, updatable = false)
  private String recordType;

  @Column(name = "record_id", length = MAX_RECORD_ID_LENGTH, nullable = false, updatable = false)
  private String recordId;

  @Column(name = "schema_version", nullable = false, updatable = false)
  private int schemaVersion;

  @Column(name = "document", nullable = false, updatable = false)
  private String document;

  @Column(name = "logged_at", nullable = false, updatable = false)
  private Instant loggedAt;

  @Column(name = "sent_at")
  private Instant sentAt;

  @Column(name = "applied_at")
  private Instant appliedAt;

  protected SyncRecord() {}

  /** A change of this site's, not numbered yet. */
  public static SyncRecord own(
      String id,
      String host,
      String type,
      String recordId,
      int schemaVersion,
      String document,
      Instant now) {
    return new SyncRecord(id, host, null, type, recordId, schemaVersion, document, now);
  }

  /** A record received from {@code origin}, numbered {@code counter} there. */
  public static SyncRecord received(
      String id,
      String origin,
      long counter,
      String type,
      String recordId,
      int schemaVersion,
      String document,
      Instant now) {
    if (counter < 1) {
      throw new IllegalArgumentException("a counter is at least 1, not " + counter);
    }
    return new SyncRecord(id, origin, counter, type, recordId, schemaVersion, document, now);
  }

  private SyncRecord(
      String id,
      String originHost,
      Long originCounter,
      String recordType,
      String recordId,
      int schemaVersion,
      String document,
      Instant loggedAt) {
    if (schemaVersion < 1) {
      throw new IllegalArgumentException("a schema version is at least 1");
    }
    this.id = Objects.requireNonNull(id, "id");
    this.originHost = Objects.requireNonNull(originHost, "originHost");
    this.originCounter = originCounter;
    this.recordType = Objects.requireNonNull(recordType, "recordType");
    this.recordId = Objects.requireNonNull(recordId, "recordId");
    this.schemaVersion = schemaVersion;
    this.document = Objects.requireNonNull(document, "document");
    this.loggedAt = Objects.requireNonNull(loggedAt, "loggedAt");
  }

  /**
   * Gives this site's record its counter, once.
   *
   * @throws IllegalStateException when it has one
   */
  public void number(long counter) {
    if (originCounter != null) {
      throw new IllegalStateException(
          "sync record " + id + " is numbered " + originCounter + " already");
    }
    if (counter < 1) {
      throw new IllegalArgumentException("a counter is at least 1, not " + counter);
    }
    originCounter = counter;
  }

  /** Notes when the record was handed to the broker (the first time only). */
  public void sent(Instant now) {
    if (originCounter == null) {
      throw new IllegalStateException("sync record " + id + " is sent before it is numbered");
    }
    if (sentAt == null) {
      sentAt = Objects.requireNonNull(now, "now");
    }
  }

  /**
   * Notes that the record was applied.
   *
   * @throws IllegalStateException when it was applied already
   */
  public void applied(Instant now) {
    if (appliedAt != null) {
      throw new IllegalStateException("sync record " + id + " is applied already");
    }
    appliedAt = Objects.requireNonNull(now, "now");
  }

  public String getId() {
    return id;
  }

  public String getOriginHost() {
    return originHost;
  }

  public OptionalLong getOriginCounter() {
    return originCounter == null ? OptionalLong.empty() : OptionalLong.of(originCounter);
  }

  public String getRecordType() {
    return recordType;
  }

  public String getRecordId() {
    return recordId;
  }

  public int getSchemaVersion() {
    return schemaVersion;
  }

  public String getDocument() {
    return document;
  }

  public Instant getLoggedAt() {
    return loggedAt;
  }

  public Optional<Instant> getSentAt() {
    return Optional.ofNullable(sentAt);
  }

  public Optional<Instant> getAppliedAt() {
    return Optional.ofNullable(appliedAt);
  }
}
