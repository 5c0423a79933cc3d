package io.reveille.sync.control;

import io.reveille.sync.entity.SyncOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;

/** The rows of {@code sync_origins}, each held by one transaction at a time. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class SyncOrigins {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  /**
   * The row of the origin {@code host}, locked for the caller's transaction; written first when
   * nothing of that origin was here yet. Another node writing the same row at that moment fails on
   * the key and tries again (its next round, or the broker's redelivery), finding this one.
   */
  public SyncOrigin locked(String host) {
    var origin = em.find(SyncOrigin.class, host, LockModeType.PESSIMISTIC_WRITE);
    if (origin == null) {
      origin = new SyncOrigin(host, clock.instant());
      em.persist(origin);
      em.flush();
    }
    return origin;
  }
}
