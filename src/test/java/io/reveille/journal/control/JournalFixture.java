package io.reveille.journal.control;

import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** Test-only reads inside the server: recorded batches and wake runs, straight from the tables. */
@ApplicationScoped
@Transactional
public class JournalFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** How many recorded notification batches mention {@code entityId}. */
  public long batchesMentioning(String entityId) {
    return em.createQuery(
            "SELECT COUNT(r) FROM NotificationBatchRecord r WHERE r.document LIKE :id", Long.class)
        .setParameter("id", "%\"" + entityId + "\"%")
        .getSingleResult();
  }

  public List<WakeRunLogEntry> runs(String agentId) {
    return em.createNamedQuery("WakeRunLogEntry.findByAgentNewestFirst", WakeRunLogEntry.class)
        .setParameter("agentId", agentId)
        .getResultList();
  }
}
