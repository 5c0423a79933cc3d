package io.reveille.sync.control;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.sync.entity.SyncOrigin;
import io.reveille.sync.entity.SyncRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;

/**
 * Numbers this site's sync records and says which to send. A send takes two transactions around the
 * broker: {@link #next} holds the site's own row of {@code sync_origins} (so one node of the site
 * numbers at a time, in commit order) while it gives the unnumbered records the next counters, and
 * returns every record numbered but not yet sent, oldest first; the caller hands them to the broker
 * and then calls {@link #sentThrough}. A node that dies in between leaves them numbered and unsent:
 * the next send sends them again, and the peer takes a record in once by its origin and counter. So
 * counters have no holes, and nothing numbered is lost.
 */
@ApplicationScoped
public class SyncSender {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject SyncConfig config;
  @Inject SyncOrigins origins;
  @Inject Clock clock;

  /**
   * Numbers up to {@link SyncConfig#sendBatch} records and returns up to that many to send, as
   * envelopes, in counter order.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<SyncEnvelope> next() {
    var host = config.hostId().orElseThrow();
    var origin = origins.locked(host);
    var now = clock.instant();
    var unnumbered =
        em.createNamedQuery("SyncRecord.unnumbered", SyncRecord.class)
            .setParameter("host", host)
            .setMaxResults(config.sendBatch())
            .getResultList();
    for (var record : unnumbered) {
      record.number(origin.numberNext(now));
    }
    em.flush();
    return em
        .createNamedQuery("SyncRecord.numberedBetween", SyncRecord.class)
        .setParameter("host", host)
        .setParameter("after", origin.getAppliedThrough())
        .setParameter("through", origin.getHighestSeen())
        .setMaxResults(config.sendBatch())
        .getResultList()
        .stream()
        .map(SyncSender::envelope)
        .toList();
  }

  /** Every record through {@code counter} was handed to the broker. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void sentThrough(long counter) {
    var host = config.hostId().orElseThrow();
    var origin = em.find(SyncOrigin.class, host, LockModeType.PESSIMISTIC_WRITE);
    var now = clock.instant();
    em.createNamedQuery("SyncRecord.numberedBetween", SyncRecord.class)
        .setParameter("host", host)
        .setParameter("after", origin.getAppliedThrough())
        .setParameter("through", counter)
        .getResultList()
        .forEach(record -> record.sent(now));
    origin.sentThrough(counter, now);
  }

  /**
   * This site's records {@code from} through {@code to} again, as far as they were sent, for a peer
   * that asked for them (a backfill); none when it has not sent that far.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<SyncEnvelope> resend(long from, long to) {
    var host = config.hostId().orElseThrow();
    var origin = em.find(SyncOrigin.class, host);
    if (origin == null) {
      return List.of();
    }
    return em
        .createNamedQuery("SyncRecord.numberedBetween", SyncRecord.class)
        .setParameter("host", host)
        .setParameter("after", from - 1)
        .setParameter("through", Math.min(to, origin.getAppliedThrough()))
        .getResultList()
        .stream()
        .map(SyncSender::envelope)
        .toList();
  }

  /** How far this site has sent its records, for its head. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public SyncSignals.Head head() {
    var host = config.hostId().orElseThrow();
    var origin = em.find(SyncOrigin.class, host);
    return new SyncSignals.Head(host, origin == null ? 0 : origin.getAppliedThrough());
  }

  private static SyncEnvelope envelope(SyncRecord record) {
    return new SyncEnvelope(
        record.getOriginHost(),
        record.getOriginCounter().orElseThrow(),
        record.getRecordType(),
        record.getRecordId(),
        record.getSchemaVersion(),
        JsonDocuments.parseStored(record.getDocument(), "sync record " + record.getId()));
  }
}
