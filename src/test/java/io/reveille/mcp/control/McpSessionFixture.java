package io.reveille.mcp.control;

import io.reveille.mcp.entity.McpSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;

/** Test-only access to MCP sessions inside the server: sessions last used at a given time. */
@ApplicationScoped
@Transactional
public class McpSessionFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** A session of {@code agentId} last used at {@code at}; returns the key it is kept under. */
  public String plant(String agentId, String principal, Instant at) {
    var key = McpSessions.hash("planted-" + java.util.UUID.randomUUID());
    em.persist(
        new McpSession(
            key, agentId, principal, "2025-11-25", Optional.empty(), Optional.empty(), "info", at));
    return key;
  }

  public boolean exists(String key) {
    return em.find(McpSession.class, key) != null;
  }
}
