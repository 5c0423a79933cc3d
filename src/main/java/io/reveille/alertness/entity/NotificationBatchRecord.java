package io.reveille.alertness.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import org.hibernate.annotations.Immutable;

/**
 * The fact that a notification batch was received, keyed by its producer's {@code batchId}.
 *
 * <p>Immutable: a batch is recorded once and never changes. Its primary key is the dedupe point, so
 * a batch redelivered by the broker or resent by a producer is recognised and dropped, even when
 * two deliveries race (the second insert fails and its delivery is retried, then finds the record).
 */
@Entity
@Immutable
@Table(name = "notification_batches")
public class NotificationBatchRecord {

  @Id
  @Column(name = "batch_id", length = 200)
  private String batchId;

  @Column(name = "origin", length = 16, nullable = false)
  private String origin;

  @Column(name = "host_id", length = 200)
  private String hostId;

  @Column(name = "host_counter")
  private Long counter;

  @Column(name = "origin_agent_id", length = 200)
  private String originAgentId;

  @Column(name = "token_count", nullable = false)
  private int tokenCount;

  @Column(name = "document", nullable = false)
  private String document;

  @Column(name = "received_at", nullable = false)
  private Instant receivedAt;

  protected NotificationBatchRecord() {}

  public NotificationBatchRecord(
      String batchId,
      String origin,
      String hostId,
      Long counter,
      String originAgentId,
      int tokenCount,
      String document,
      Instant receivedAt) {
    this.batchId = Objects.requireNonNull(batchId, "batchId");
    this.origin = Objects.requireNonNull(origin, "origin");
    this.hostId = hostId;
    this.counter = counter;
    this.originAgentId = originAgentId;
    if (tokenCount < 0) {
      throw new IllegalArgumentException("tokenCount must not be negative");
    }
    this.tokenCount = tokenCount;
    this.document = Objects.requireNonNull(document, "document");
    this.receivedAt = Objects.requireNonNull(receivedAt, "receivedAt");
  }

  public String getBatchId() {
    return batchId;
  }

  public String getOrigin() {
    return origin;
  }

  public String getHostId() {
    return hostId;
  }

  public Long getCounter() {
    return counter;
  }

  public String getOriginAgentId() {
    return originAgentId;
  }

  public int getTokenCount() {
    return tokenCount;
  }

  /** The batch as received and normalised (schemaVersion 1 JSON). */
  public String getDocument() {
    return document;
  }

  public Instant getReceivedAt() {
    return receivedAt;
  }
}
