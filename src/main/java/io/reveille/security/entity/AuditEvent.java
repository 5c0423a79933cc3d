package io.reveille.security.entity;

import io.reveille.platform.wire.WireEnum;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * One state-changing API request as the audit trail keeps it: who (principal, roles, how they
 * signed in, from which address), what (method, path, the ids it addressed), when, and how it ended
 * — or a {@link RefusalSummary}: the refusals of requests without a signed-in caller from one
 * client address in one window, counted in a single row so that anyone who reaches the port cannot
 * grow the trail by one row per request. Append-only: no setters, never updated, so no version.
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

  /** The principal of a request without a signed-in caller. */
  public static final String ANONYMOUS = "anonymous";

  public static final int MAX_PRINCIPAL = 256;
  public static final int MAX_PATH = 1024;
  public static final int MAX_TARGETS = 512;
  public static final int MAX_CLIENT_REQUEST_ID = 64;
  public static final int MAX_CLIENT_ADDRESS = 64;
  public static final int MAX_REFUSALS = 256;

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

  @Column(name = "client_request_id", length = MAX_CLIENT_REQUEST_ID, updatable = false)
  private String clientRequestId;

  @Column(name = "client_address", length = MAX_CLIENT_ADDRESS, updatable = false)
  private String clientAddress;

  @Column(name = "request_count", nullable = false, updatable = false)
  private int count;

  @Column(name = "last_at", updatable = false)
  private Instant lastAt;

  @Column(name = "refusals", length = MAX_REFUSALS, updatable = false)
  private String refusals;

  protected AuditEvent() {}

  /**
   * What the audit trail records of one request; long values are cut to their column. {@code
   * requestId} is the server's own; {@code clientRequestId} the id the client sent, if any.
   */
  public record Details(
      Instant occurredAt,
      String requestId,
      Optional<String> clientRequestId,
      Optional<String> clientAddress,
      String principal,
      String roles,
      String mechanism,
      String method,
      String path,
      Optional<String> agentId,
      Optional<String> targetIds,
      int status) {
    public Details {
      Objects.requireNonNull(clientRequestId, "clientRequestId");
      Objects.requireNonNull(clientAddress, "clientAddress");
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

  /**
   * The refusals of requests without a signed-in caller from one client address in one window: how
   * many, the first and last time, how many of each status, and the method and path they all used
   * ({@code *} when they differed). The request ids are those of the first refusal.
   */
  public record RefusalSummary(
      String clientAddress,
      Instant first,
      Instant last,
      long count,
      SortedMap<Integer, Long> statuses,
      String method,
      String path,
      String requestId,
      Optional<String> clientRequestId) {
    public RefusalSummary {
      Objects.requireNonNull(clientAddress, "clientAddress");
      Objects.requireNonNull(first, "first");
      Objects.requireNonNull(last, "last");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(requestId, "requestId");
      Objects.requireNonNull(clientRequestId, "clientRequestId");
      if (count < 1 || statuses.isEmpty() || last.isBefore(first)) {
        throw new IllegalArgumentException(
            "a refusal summary counts at least one refusal, first to last");
      }
      statuses = Collections.unmodifiableSortedMap(new TreeMap<>(statuses));
    }

    /** The count of each status, {@code 401:9990,413:10}. */
    public String refusals() {
      return statuses.entrySet().stream()
          .map(e -> e.getKey() + ":" + e.getValue())
          .collect(Collectors.joining(","));
    }

    /** The status refused most often (the lowest of equals), the row's status. */
    public int status() {
      return statuses.entrySet().stream()
          .max(
              Map.Entry.<Integer, Long>comparingByValue()
                  .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
          .orElseThrow()
          .getKey();
    }
  }

  /** The row of one request. */
  public static AuditEvent of(Details details) {
    var event = new AuditEvent();
    event.id = UUID.randomUUID().toString();
    event.occurredAt = details.occurredAt();
    event.requestId = cut(details.requestId(), 64);
    event.clientRequestId =
        details.clientRequestId().map(c -> cut(c, MAX_CLIENT_REQUEST_ID)).orElse(null);
    event.clientAddress = details.clientAddress().map(c -> cut(c, MAX_CLIENT_ADDRESS)).orElse(null);
    event.count = 1;
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

  /**
   * The one row of a {@link RefusalSummary}: principal {@code anonymous}, outcome {@code refused},
   * its status the one refused most often; its time the first refusal's.
   */
  public static AuditEvent of(RefusalSummary summary) {
    var event = new AuditEvent();
    event.id = UUID.randomUUID().toString();
    event.occurredAt = summary.first();
    event.lastAt = summary.last();
    event.requestId = cut(summary.requestId(), 64);
    event.clientRequestId =
        summary.clientRequestId().map(c -> cut(c, MAX_CLIENT_REQUEST_ID)).orElse(null);
    event.clientAddress = cut(summary.clientAddress(), MAX_CLIENT_ADDRESS);
    event.principal = ANONYMOUS;
    event.roles = "";
    event.mechanism = "none";
    event.method = cut(summary.method(), 8);
    event.path = cut(summary.path(), MAX_PATH);
    event.count = (int) Math.min(Integer.MAX_VALUE, summary.count());
    event.status = summary.status();
    event.outcome = Outcome.REFUSED.wire();
    event.refusals = cut(summary.refusals(), MAX_REFUSALS);
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

  public Optional<String> getClientRequestId() {
    return Optional.ofNullable(clientRequestId);
  }

  public Optional<String> getClientAddress() {
    return Optional.ofNullable(clientAddress);
  }

  /** How many requests the row stands for: 1, or a summary's count. */
  public int getCount() {
    return count;
  }

  /** A summary's last refusal; empty for the row of one request. */
  public Optional<Instant> getLastAt() {
    return Optional.ofNullable(lastAt);
  }

  /** A summary's count of each status ({@code 401:9990,413:10}); empty for one request. */
  public Optional<String> getRefusals() {
    return Optional.ofNullable(refusals);
  }
}
