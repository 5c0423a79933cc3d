package io.reveille.sync.control;

import io.reveille.sync.entity.SyncBackfill;
import io.reveille.sync.entity.SyncOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Fills what is missing of the peers' records, in two phases per range: a range found missing is
 * noticed; still missing after {@code reveille.sync.backfill-after-seconds} (a record may merely be
 * late, or still in another session of the consumer), its origin is asked for it, and asked again
 * every {@code reveille.sync.backfill-retry-seconds} while it stays missing; the range is confirmed
 * complete only once every record of it is applied here. A site restored from a backup, whose
 * applied counters went back, finds its gaps (or, with the origin's next head, its missing tail)
 * the same way.
 */
@ApplicationScoped
public class SyncBackfills {

  /** The most missing ranges one origin has open at a time. */
  static final int MAX_OPEN = 20;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject SyncConfig config;
  @Inject SyncGaps gaps;
  @Inject Clock clock;

  /**
   * How many records of each peer origin are received or announced here and not applied yet: one
   * read of the origins, for the round's retries, its lag gauges and its backfills.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public java.util.Map<String, Long> behindByPeer() {
    var self = config.hostId().orElse("");
    var behind = new java.util.TreeMap<String, Long>();
    for (var origin : em.createNamedQuery("SyncOrigin.all", SyncOrigin.class).getResultList()) {
      if (!origin.getHostId().equals(self)) {
        behind.put(origin.getHostId(), origin.behind());
      }
    }
    return behind;
  }

  /**
   * The peer origins a backfill round has to look at: those of {@code behind} with something not
   * applied, and those with a range still open.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<String> origins(java.util.Map<String, Long> behind) {
    var hosts = new java.util.TreeSet<String>();
    behind.forEach(
        (host, count) -> {
          if (count > 0) {
            hosts.add(host);
          }
        });
    em.createNamedQuery("SyncBackfill.open", SyncBackfill.class).getResultList().stream()
        .map(SyncBackfill::getOriginHost)
        .forEach(hosts::add);
    return List.copyOf(hosts);
  }

  /**
   * One round for the origin {@code host}, holding its row (one node at a time): notices the ranges
   * newly missing, confirms those now applied, and returns the requests to send now.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<SyncSignals.Backfill> round(String host) {
    var origin = em.find(SyncOrigin.class, host, LockModeType.PESSIMISTIC_WRITE);
    if (origin == null) {
      return List.of();
    }
    var now = clock.instant();
    var open =
        new ArrayList<>(
            em.createNamedQuery("SyncBackfill.openOf", SyncBackfill.class)
                .setParameter("host", host)
                .getResultList());
    for (var range : List.copyOf(open)) {
      if (origin.getAppliedThrough() >= range.getToCounter()) {
        range.confirm(origin.getAppliedThrough(), now);
        open.remove(range);
      }
    }
    var missing = gaps.of(origin, MAX_OPEN);
    for (var gap : missing) {
      for (var from = gap.from(); from <= gap.to() && open.size() < MAX_OPEN; ) {
        var to = Math.min(gap.to(), from + SyncBackfill.MAX_RANGE - 1);
        var start = from;
        var end = to;
        if (open.stream().noneMatch(r -> r.getFromCounter() <= end && r.getToCounter() >= start)) {
          var range = new SyncBackfill(UUID.randomUUID().toString(), host, from, to, now);
          em.persist(range);
          open.add(range);
        }
        from = to + 1;
      }
    }
    var requests = new ArrayList<SyncSignals.Backfill>();
    var self = config.hostId().orElseThrow();
    for (var range : open) {
      // A range whose records have all come (one of them cannot apply yet) is not asked for.
      var stillMissing =
          missing.stream()
              .anyMatch(g -> g.from() <= range.getToCounter() && g.to() >= range.getFromCounter());
      if (stillMissing && range.due(now, config.backfillPatience(), config.backfillRetry())) {
        range.requested(now);
        requests.add(
            new SyncSignals.Backfill(self, host, range.getFromCounter(), range.getToCounter()));
      }
    }
    return requests;
  }
}
