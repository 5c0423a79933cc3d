package io.reveille.dayplanner.control;

import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** Test-only reads inside the server: an agent's wake runs, newest first. */
@ApplicationScoped
@Transactional
public class DayPlannerFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  public List<WakeRunLogEntry> runs(String agentId) {
    return em.createNamedQuery("WakeRunLogEntry.findByAgentNewestFirst", WakeRunLogEntry.class)
        .setParameter("agentId", agentId)
        .getResultList();
  }

  public WakeRunLogEntry run(String runKey) {
    return em.find(WakeRunLogEntry.class, runKey);
  }
}
