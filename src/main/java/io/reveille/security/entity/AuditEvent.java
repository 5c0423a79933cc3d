package io.reveille.security.entity;

import io.reveille.platform.wire.WireEnum;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One state-changing API request as the audit trail keeps it: who (principal, roles, how they
 * signed in), what (method, path, the ids it addressed), when, and how it ended. Append-only: no
 * setters, never updated, so no version.
 */
@Entity
@Table(name = "audit_events")
public class AuditEvent {

  /**
   * How a request ended: done (2xx/3xx), failed (4xx other than 401/403, 5xx), refused (401/403).
   */
  public enum Outcome implements WireEnum {
    SUCCEEDED,
    FAILED,
    REFUSED;

    @Override
    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Outcome of(int status) {
      if (status == 401 || status == 403) {
        return REFUSED;
      }
      return status < 400 ? SUCCEEDED : FAILED;
    }
  }

  public static final int MAX_PRINCIPAL = 256;
  public static final int MAX_PATH = 1024;
  public static final int MAX_TARGETS = 512;

  @Id
  @Column(name = "id", length = 36)
  private String id;

  @Column(name = "occurred_at", nullable = false, updatable = false)
  private Instant occurredAt;

  @Column(name = "request_id", length = 64, nullable = false, updatable = false)
  private String requestId;

  @Column(name = "principal", length = MAX_PRINCIPAL, nullable = false, updatable = false)
  private String principal;

  @Column(name = "roles", length = 64, nullable = false, updatable = false)
  private String roles;

  @Column(name = "mechanism", length = 16, nullable = false, updatable = false)
  private String mechanism;

  @Column(name = "http_method", length = 8, nullable = false, updatable = false)
  private String method;

  @Column(name = "path", length = MAX_PATH, nullable = false, updatable = false)
  private String path;

  @Column(name = "agent_id", length = 64, updatable = false)
  private String agentId;

  @Column(name = "target_ids", length = MAX_TARGETS, updatable = false)
  private String targetIds;

  @Column(name = "status", nullable = false, updatable = false)
  private int status;

  @Column(name = "outcome", length = 16, nullable = false, updatable = false)
  private String outcome;

  protected AuditEvent() {}

  /** What the audit trail records of one request; long values are cut to their column. */
  public record Details(
      Instant occurredAt,
      String requestId,
      String principal,
      String roles,
      String mechanism,
      String method,
      String path,
      Optional<String> agentId,
      Optional<String> targetIds,
      int status) {
    public Details {
      Objects.requireNonNull(occurredAt, "occurredAt");
      Objects.requireNonNull(requestId, "requestId");
      Objects.requireNonNull(principal, "principal");
      Objects.requireNonNull(roles, "roles");
      Objects.requireNonNull(mechanism, "mechanism");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(agentId, "agentId");
      Objects.requireNonNull(targetIds, "targetIds");
    }
  }

  public static AuditEvent of(Details details) {
    var event = new AuditEvent();
    event.id = UUID.randomUUID().toString();
    event.occurredAt = details.occurredAt();
    event.requestId = cut(details.requestId(), 64);
    event.principal = cut(details.principal(), MAX_PRINCIPAL);
    event.roles = cut(details.roles(), 64);
    event.mechanism = cut(details.mechanism(), 16);
    event.method = cut(details.method(), 8);
    event.path = cut(details.path(), MAX_PATH);
    event.agentId = details.agentId().filter(a -> a.length() <= 64).orElse(null);
    event.targetIds = details.targetIds().map(t -> cut(t, MAX_TARGETS)).orElse(null);
    event.status = details.status();
    event.outcome = Outcome.of(details.status()).wire();
    return event;
  }

  private static String cut(String value, int max) {
    return value.length() <= max ? value : value.substring(0, max);
  }

  public String getId() {
    return id;
  }

  public Instant getOccurredAt() {
    return occurredAt;
  }

  public String getRequestId() {
    return requestId;
  }

  public String getPrincipal() {
    return principal;
  }

  public String getRoles() {
    return roles;
  }

  public String getMechanism() {
    return mechanism;
  }

  public String getMethod() {
    return method;
  }

  public String getPath() {
    return path;
  }

  public Optional<String> getAgentId() {
    return Optional.ofNullable(agentId);
  }

  public Optional<String> getTargetIds() {
    return Optional.ofNullable(targetIds);
  }

  public int getStatus() {
    return status;
  }

  public String getOutcome() {
    return outcome;
  }
}
