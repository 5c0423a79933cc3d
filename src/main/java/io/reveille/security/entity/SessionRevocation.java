package io.reveille.security.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;

/**
 * A console session signed out: every token of it is refused, on every node, until {@code
 * expiresAt}, when the last of them would have expired anyway and the row may go. Never updated.
 */
@Entity
@Table(name = "console_session_revocations")
@NamedQuery(
    name = SessionRevocation.PURGE,
    query = "DELETE FROM SessionRevocation r WHERE r.expiresAt < :now")
public class SessionRevocation {

  public static final String PURGE = "SessionRevocation.purge";

  @Id
  @Column(name = "session_id", length = 36)
  private String sessionId;

  @Column(name = "principal", length = 64, nullable = false, updatable = false)
  private String principal;

  @Column(name = "revoked_at", nullable = false, updatable = false)
  private Instant revokedAt;

  @Column(name = "expires_at", nullable = false, updatable = false)
  private Instant expiresAt;

  protected SessionRevocation() {}

  public SessionRevocation(
      String sessionId, String principal, Instant revokedAt, Instant expiresAt) {
    this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
    this.principal = Objects.requireNonNull(principal, "principal");
    this.revokedAt = Objects.requireNonNull(revokedAt, "revokedAt");
    this.expiresAt = Objects.requireNonNull(expiresAt, "expiresAt");
    if (expiresAt.isBefore(revokedAt)) {
      throw new IllegalArgumentException("a revocation cannot expire before it was made");
    }
  }

  public String getSessionId() {
    return sessionId;
  }

  public Instant getExpiresAt() {
    return expiresAt;
  }
}
