package io.reveille.mcp.control;

import io.reveille.mcp.entity.McpSession;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentReport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * MCP sessions in the database, so that any node answers any session and a node's death loses none.
 * A session id is 256 random bits (base64url), handed to the client once; only its SHA-256 is kept.
 * A session answers only the principal that opened it and only on its agent's path — anyone else is
 * told it does not exist — and ends when the client closes it or after {@link
 * McpConfig#sessionIdle} without a request.
 */
@ApplicationScoped
public class McpSessions {

  /** How stale the last-used time may get before a request writes it again. */
  static final Duration SEEN_RESOLUTION = Duration.ofMinutes(1);

  private static final SecureRandom RANDOM = new SecureRandom();

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject McpConfig config;
  @Inject MemoryService memory;

  /** A session just opened, and the id its client will send back. */
  public record Opened(String id, McpSession session) {}

  /**
   * Opens a session. A principal that holds {@link McpConfig#maxSessions} open ones already loses
   * the one it used least recently (its client, answered 404 there, initializes again): clients
   * that never close their sessions cannot lock their principal out.
   */
  @Transactional
  public Opened open(
      String agentId,
      String principal,
      String protocolVersion,
      Optional<String> clientName,
      Optional<String> clientVersion) {
    var now = clock.instant();
    var open =
        em.createQuery(
                "SELECT s FROM McpSession s WHERE s.principal = :principal"
                    + " AND s.closedAt IS NULL AND s.lastSeenAt > :since"
                    + " ORDER BY s.lastSeenAt, s.createdAt",
                McpSession.class)
            .setParameter("principal", principal)
            .setParameter("since", now.minus(config.sessionIdle()))
            .getResultList();
    for (var i = 0; i <= open.size() - config.maxSessions(); i++) {
      open.get(i).close(now);
    }
    var bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    var id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    var session =
        new McpSession(
            hash(id),
            agentId,
            principal,
            protocolVersion,
            clientName,
            clientVersion,
            McpLogLevels.DEFAULT,
            now);
    em.persist(session);
    return new Opened(id, session);
  }

  /**
   * The open session {@code id} of {@code principal} on {@code agentId}'s endpoint, marked used;
   * empty when there is none (never was, closed, expired, another principal's or agent's).
   */
  @Transactional
  public Optional<McpSession> find(String id, String principal, String agentId) {
    if (id == null || id.isEmpty() || id.length() > 100) {
      return Optional.empty();
    }
    var session = em.find(McpSession.class, hash(id));
    var now = clock.instant();
    if (session == null
        || !session.getPrincipal().equals(principal)
        || !session.getAgentId().equals(agentId)
        || session.isOver(now, config.sessionIdle())) {
      return Optional.empty();
    }
    session.seen(now, SEEN_RESOLUTION);
    return Optional.of(session);
  }

  /** Closes the session; false when it was not open for this principal and agent. */
  @Transactional
  public boolean close(String id, String principal, String agentId) {
    var session = find(id, principal, agentId);
    session.ifPresent(open -> open.close(clock.instant()));
    return session.isPresent();
  }

  /** Changes the open session {@code id} (found as by {@link #find}); false when none. */
  @Transactional
  public boolean update(String id, String principal, String agentId, Consumer<McpSession> change) {
    var session = find(id, principal, agentId);
    session.ifPresent(change);
    return session.isPresent();
  }

  /**
   * What an open event stream of a session has to send now: nothing, or that the agent's report
   * changed since the session was last told (it is subscribed to it, and {@code lastSent} — the
   * report the stream's client last heard of, from its {@code Last-Event-ID} — is not the current
   * one). Of several streams of one session that look at once, one wins the report ({@code
   * report_seen} moves by a conditional update) and sends it. Empty when the session ended.
   *
   * @param resumeAfter on a stream's first look only, the report its client last heard of ({@code
   *     Last-Event-ID}): a report since then is sent on this stream whichever stream was told of
   *     it; empty on every other look
   */
  @Transactional
  public Optional<Tick> tick(String idHash, Optional<String> resumeAfter) {
    var session = em.find(McpSession.class, idHash);
    if (session == null || session.isOver(clock.instant(), config.sessionIdle())) {
      return Optional.empty();
    }
    var uri = McpResources.reportUri(session.getAgentId());
    if (!session.subscriptions().contains(uri)) {
      return Optional.of(new Tick(Optional.empty(), uri));
    }
    var current = currentReportId(session.getAgentId());
    if (current.isEmpty() || resumeAfter.equals(current)) {
      return Optional.of(new Tick(Optional.empty(), uri));
    }
    var won =
        em.createQuery(
                    "UPDATE McpSession s SET s.reportSeen = :report, s.version = s.version + 1"
                        + " WHERE s.idHash = :id AND (s.reportSeen IS NULL OR s.reportSeen <>"
                        + " :report)")
                .setParameter("report", current.get())
                .setParameter("id", idHash)
                .executeUpdate()
            == 1;
    return Optional.of(new Tick(won || resumeAfter.isPresent() ? current : Optional.empty(), uri));
  }

  /** The id of the agent's current report, if it wrote one. */
  public Optional<String> currentReportId(String agentId) {
    return memory
        .currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE)
        .map(AgentReport::getId);
  }

  /**
   * A look of an event stream at its session.
   *
   * @param updatedReport the report to tell the client of, when there is one
   * @param uri the report's resource URI
   */
  public record Tick(Optional<String> updatedReport, String uri) {}

  /** The report the session was last told of, or the current one: where a new stream starts. */
  @Transactional
  public Optional<String> reportSeen(String idHash) {
    return Optional.ofNullable(em.find(McpSession.class, idHash)).flatMap(McpSession::reportSeen);
  }

  /** Adds {@code uri} to the session's subscriptions (at most {@code max}). */
  public static void subscribe(McpSession session, String uri, int max) {
    var uris = new LinkedHashSet<>(session.subscriptions());
    uris.add(uri);
    if (uris.size() > max) {
      throw new IllegalArgumentException("a session subscribes to at most " + max + " resources");
    }
    session.setSubscriptions(uris);
  }

  /** Removes {@code uri} from the session's subscriptions. */
  public static void unsubscribe(McpSession session, String uri) {
    var uris = new LinkedHashSet<>(session.subscriptions());
    uris.remove(uri);
    session.setSubscriptions(uris);
  }

  /** The SHA-256 of a session id, as hex: the key it is kept under. */
  public static String hash(String id) {
    return McpTools.sha256(id);
  }
}
