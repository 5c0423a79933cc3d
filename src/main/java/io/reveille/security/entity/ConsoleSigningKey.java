package io.reveille.security.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;

/**
 * The key the console's session tokens are signed with, shared by every node through the database:
 * a token one node issued must verify on any other, and the database is the one thing they share.
 * There is one row ({@link #THE_KEY}); whichever node needs it first creates it, and the primary
 * key makes a second, concurrent creation fail instead of replacing it. Never updated.
 */
@Entity
@Table(name = "console_signing_keys")
public class ConsoleSigningKey {

  /** The id of the one key. */
  public static final int THE_KEY = 1;

  @Id
  @Column(name = "id")
  private int id;

  /** The key's bytes, base64. */
  @Column(name = "secret", length = 128, nullable = false, updatable = false)
  private String secret;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  protected ConsoleSigningKey() {}

  public ConsoleSigningKey(String secret, Instant createdAt) {
    this.id = THE_KEY;
    this.secret = Objects.requireNonNull(secret, "secret");
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
  }

  public String getSecret() {
    return secret;
  }
}
