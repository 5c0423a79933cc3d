package io.reveille.sync.control;

import io.reveille.sync.entity.SyncOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;

/**
 * The ranges of a peer origin's counters not received here: between the last one applied in order
 * and the highest one seen (a record, or the origin's head), those no record was kept for.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class SyncGaps {

  /** The most received counters read to find gaps; what lies beyond shows on later reads. */
  static final int MAX_SCAN = 10_000;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** A range of counters not received, {@code from} through {@code to}. */
  public record Gap(long from, long to) {}

  /** At most {@code limit} gaps of {@code origin}, lowest first. */
  public List<Gap> of(SyncOrigin origin, int limit) {
    var gaps = new ArrayList<Gap>();
    if (origin.behind() == 0) {
      return gaps;
    }
    var received =
        em.createNamedQuery("SyncRecord.countersBetween", Long.class)
            .setParameter("host", origin.getHostId())
            .setParameter("after", origin.getAppliedThrough())
            .setParameter("through", origin.getHighestSeen())
            .setMaxResults(MAX_SCAN)
            .getResultList();
    var expected = origin.getAppliedThrough() + 1;
    for (var counter : received) {
      if (counter > expected && gaps.size() < limit) {
        gaps.add(new Gap(expected, counter - 1));
      }
      expected = counter + 1;
    }
    if (received.size() < MAX_SCAN && expected <= origin.getHighestSeen() && gaps.size() < limit) {
      gaps.add(new Gap(expected, origin.getHighestSeen()));
    }
    return gaps;
  }
}
