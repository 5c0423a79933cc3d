package io.reveille.sync.control;

import io.reveille.sync.entity.SyncBackfill;
import io.reveille.sync.entity.SyncOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where this site's sync stands: what it has numbered and sent of its own, and for every peer
 * origin how far its records are applied, what is missing between, and why an origin is stopped.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
public class SyncStatus {

  /** The most gaps listed per origin; more are counted, not listed. */
  public static final int MAX_GAPS = 20;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject SyncConfig config;
  @Inject SyncGaps gaps;

  /** A range being filled: what it is, where it stands, when it was noticed and last asked for. */
  public record Backfill(
      long from,
      long to,
      String status,
      Instant noticedAt,
      Optional<Instant> requestedAt,
      int requests) {}

  /** This site's own records. */
  public record Own(long numberedThrough, long sentThrough, long unnumbered) {}

  /** A peer origin's records here. */
  public record Peer(
      String host,
      long appliedThrough,
      long highestSeen,
      long behind,
      List<SyncGaps.Gap> gaps,
      List<Backfill> backfills,
      Optional<String> blockedReason,
      Instant updatedAt) {}

  /** The whole picture. */
  public record Report(Optional<String> hostId, Optional<Own> own, List<Peer> peers) {}

  public Report report() {
    var host = config.hostId();
    Optional<Own> own = Optional.empty();
    var peers = new ArrayList<Peer>();
    for (var origin : em.createNamedQuery("SyncOrigin.all", SyncOrigin.class).getResultList()) {
      if (host.isPresent() && origin.getHostId().equals(host.get())) {
        own =
            Optional.of(
                new Own(
                    origin.getHighestSeen(), origin.getAppliedThrough(), unnumbered(host.get())));
      } else {
        peers.add(
            new Peer(
                origin.getHostId(),
                origin.getAppliedThrough(),
                origin.getHighestSeen(),
                origin.behind(),
                gaps(origin),
                backfills(origin.getHostId()),
                origin.getBlockedReason(),
                origin.getUpdatedAt()));
      }
    }
    if (own.isEmpty() && host.isPresent()) {
      own = Optional.of(new Own(0, 0, unnumbered(host.get())));
    }
    return new Report(host, own, peers);
  }

  private long unnumbered(String host) {
    return em.createNamedQuery("SyncRecord.countUnnumbered", Long.class)
        .setParameter("host", host)
        .getSingleResult();
  }

  private List<SyncGaps.Gap> gaps(SyncOrigin origin) {
    return gaps.of(origin, MAX_GAPS);
  }

  private List<Backfill> backfills(String host) {
    return em
        .createNamedQuery("SyncBackfill.openOf", SyncBackfill.class)
        .setParameter("host", host)
        .getResultList()
        .stream()
        .map(
            b ->
                new Backfill(
                    b.getFromCounter(),
                    b.getToCounter(),
                    b.getStatus(),
                    b.getNoticedAt(),
                    b.getRequestedAt(),
                    b.getRequests()))
        .toList();
  }
}
