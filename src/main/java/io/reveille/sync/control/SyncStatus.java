package io.reveille.sync.control;

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

  /** The most received counters read to find gaps. */
  static final int MAX_SCAN = 10_000;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject SyncConfig config;

  /** A range of counters not received, {@code from} through {@code to}. */
  public record Gap(long from, long to) {}

  /** This site's own records. */
  public record Own(long numberedThrough, long sentThrough, long unnumbered) {}

  /** A peer origin's records here. */
  public record Peer(
      String host,
      long appliedThrough,
      long highestSeen,
      long behind,
      List<Gap> gaps,
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

  /** The counters after the applied ones and up to the highest seen that have not come. */
  private List<Gap> gaps(SyncOrigin origin) {
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
      if (counter > expected && gaps.size() < MAX_GAPS) {
        gaps.add(new Gap(expected, counter - 1));
      }
      expected = counter + 1;
    }
    if (received.size() < MAX_SCAN
        && expected <= origin.getHighestSeen()
        && gaps.size() < MAX_GAPS) {
      gaps.add(new Gap(expected, origin.getHighestSeen()));
    }
    return gaps;
  }
}
