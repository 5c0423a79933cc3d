package io.reveille.alertness.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.Set;

/**
 * Test-only: a second {@link SubscriptionCatalog} in the same server, standing for another node's.
 * It shares the database but receives none of this node's in-process events, as a catalog on
 * another server would.
 */
@ApplicationScoped
public class OtherNodeCatalog {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  private SubscriptionCatalog catalog;

  /** Refreshes the other node's index from the database; returns what it holds for the agent. */
  @Transactional
  public synchronized Set<String> refreshAndList(String agentId) {
    if (catalog == null) {
      catalog = new SubscriptionCatalog();
      catalog.em = em;
    }
    catalog.current();
    return catalog.indexedSubscriptionIds(agentId);
  }
}
