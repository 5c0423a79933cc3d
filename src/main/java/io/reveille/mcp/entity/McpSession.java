package io.reveille.mcp.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.truncate;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An MCP client's session with one agent: who opened it, which protocol version was agreed, the
 * level of log messages it wants, the resources it subscribed to and the report it was last told
 * about. Found by the SHA-256 of the {@code Mcp-Session-Id} the client holds; closed once (by the
 * client's {@code DELETE}) and never reopened.
 */
@Entity
@Table(name = "mcp_sessions")
public class McpSession {

  public static final int PRINCIPAL_LENGTH = 200;
  public static final int CLIENT_NAME_LENGTH = 200;
  public static final int CLIENT_VERSION_LENGTH = 100;

  @Id
  @Column(name = "id_hash", length = 64)
  private String idHash;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "principal", length = PRINCIPAL_LENGTH, nullable = false, updatable = false)
  private String principal;

  @Column(name = "protocol_version", length = 16, nullable = false, updatable = false)
  private String protocolVersion;

  @Column(name = "client_name", length = CLIENT_NAME_LENGTH, updatable = false)
  private String clientName;

  @Column(name = "client_version", length = CLIENT_VERSION_LENGTH, updatable = false)
  private String clientVersion;

  @Column(name = "log_level", length = 16, nullable = false)
  private String logLevel;

  /** Subscribed resource URIs, one per line; null when none. */
  @Column(name = "subscriptions")
  private String subscriptions;

  @Column(name = "report_seen", length = 64)
  private String reportSeen;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "last_seen_at", nullable = false)
  private Instant lastSeenAt;

  @Column(name = "closed_at")
  private Instant closedAt;

  protected McpSession() {}

  public McpSession(
      String idHash,
      String agentId,
      String principal,
      String protocolVersion,
      Optional<String> clientName,
      Optional<String> clientVersion,
      String logLevel,
      Instant now) {
    this.idHash = idArgument("idHash", idHash, 64);
    this.agentId = idArgument("agentId", agentId, 64);
    this.principal = idArgument("principal", principal, PRINCIPAL_LENGTH);
    this.protocolVersion = idArgument("protocolVersion", protocolVersion, 16);
    this.clientName = clientName.map(name -> truncate(name, CLIENT_NAME_LENGTH)).orElse(null);
    this.clientVersion =
        clientVersion.map(given -> truncate(given, CLIENT_VERSION_LENGTH)).orElse(null);
    this.logLevel = idArgument("logLevel", logLevel, 16);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.lastSeenAt = now;
  }

  /** Whether it is closed, or has not been used for {@code idle}. */
  public boolean isOver(Instant now, Duration idle) {
    return closedAt != null || !lastSeenAt.plus(idle).isAfter(now);
  }

  /**
   * Marks it used at {@code now}; only when it was last marked at least {@code resolution} ago, so
   * that a busy session is not written on every request. Returns whether it changed.
   */
  public boolean seen(Instant now, Duration resolution) {
    if (lastSeenAt.plus(resolution).isAfter(now)) {
      return false;
    }
    lastSeenAt = now;
    return true;
  }

  /**
   * Closes it.
   *
   * @throws IllegalStateException when it is closed already
   */
  public void close(Instant now) {
    if (closedAt != null) {
      throw new IllegalStateException("MCP session closed already");
    }
    closedAt = Objects.requireNonNull(now, "now");
  }

  public void setLogLevel(String level) {
    this.logLevel = idArgument("logLevel", level, 16);
  }

  /** The subscribed resource URIs, in the order they were subscribed. */
  public Set<String> subscriptions() {
    if (subscriptions == null || subscriptions.isEmpty()) {
      return Set.of();
    }
    return new LinkedHashSet<>(Arrays.asList(subscriptions.split("\n")));
  }

  /** Replaces the subscribed URIs (none may hold a line break). */
  public void setSubscriptions(Set<String> uris) {
    if (uris.stream().anyMatch(uri -> uri.indexOf('\n') >= 0 || uri.isBlank())) {
      throw new IllegalArgumentException("a subscribed URI is one non-blank line");
    }
    subscriptions = uris.isEmpty() ? null : String.join("\n", uris);
  }

  /** Records that the client was told of report {@code reportId}. */
  public void setReportSeen(String reportId) {
    this.reportSeen = reportId;
  }

  public Optional<String> reportSeen() {
    return Optional.ofNullable(reportSeen);
  }

  public String getAgentId() {
    return agentId;
  }

  public String getPrincipal() {
    return principal;
  }

  public String getProtocolVersion() {
    return protocolVersion;
  }

  public String getLogLevel() {
    return logLevel;
  }

  public Optional<String> clientName() {
    return Optional.ofNullable(clientName);
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getLastSeenAt() {
    return lastSeenAt;
  }

  public Optional<Instant> closedAt() {
    return Optional.ofNullable(closedAt);
  }
}
