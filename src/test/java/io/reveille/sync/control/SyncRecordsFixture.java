package io.reveille.sync.control;

import io.reveille.sync.entity.SyncRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** The sync records this site wrote, for in-server tests. */
@ApplicationScoped
@Transactional
public class SyncRecordsFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** How many records of {@code host} carry messages of the agent {@code agentId}. */
  public long messagesOf(String host, String agentId) {
    return em.createQuery(
            "SELECT COUNT(r) FROM SyncRecord r, AgentMessage m WHERE r.recordId = m.id"
                + " AND m.agentId = :agent AND r.originHost = :host",
            Long.class)
        .setParameter("host", host)
        .setParameter("agent", agentId)
        .getSingleResult();
  }

  /** The records of {@code host} that carry the record {@code recordId}. */
  public List<SyncRecord> of(String host, String recordId) {
    return em.createQuery(
            "SELECT r FROM SyncRecord r WHERE r.originHost = :host AND r.recordId = :id",
            SyncRecord.class)
        .setParameter("host", host)
        .setParameter("id", recordId)
        .getResultList();
  }
}
