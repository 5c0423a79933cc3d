package io.reveille.sync.control;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.sync.entity.SyncOrigin;
import io.reveille.sync.entity.SyncRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * Takes in a peer's sync records: each is kept once under its origin and counter, and an origin's
 * records apply in counter order only, each after every one before it, all in the transaction that
 * holds the origin's row. A record that arrives before an earlier one waits for it (a gap), and a
 * record that cannot apply yet — a later version's, one whose agent is not here, one whose body
 * does not read — stops its origin there with the reason, and is tried again on every later
 * delivery and every round ({@link #retry}). Nothing is skipped, so two sites that received the
 * same records hold the same rows.
 *
 * <p>Applying a record announces nothing (no batch, so no agent wakes for a peer's change), and
 * applying one twice changes nothing: each kind's take-in does nothing for a record already here.
 */
@ApplicationScoped
public class SyncReceiver {

  /** What became of one delivery. */
  public enum Outcome {
    /** Kept; applied with every record before it (and those after it that had waited). */
    APPLIED,
    /** Kept; an earlier record has not come yet, or the origin is stopped at one. */
    WAITING,
    /** This origin and counter were here already: nothing changed. */
    DUPLICATE,
    /** A record of this site's own host, come back: dropped. */
    OWN
  }

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject SyncConfig config;
  @Inject SyncOrigins origins;
  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject Clock clock;

  /** Takes in one record and applies what it lets apply. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Outcome receive(SyncEnvelope envelope) {
    if (envelope.origin().equals(config.hostId().orElseThrow())) {
      return Outcome.OWN;
    }
    var origin = origins.locked(envelope.origin());
    var now = clock.instant();
    if (record(envelope.origin(), envelope.counter()).isPresent()) {
      applyWaiting(origin);
      return Outcome.DUPLICATE;
    }
    em.persist(
        SyncRecord.received(
            UUID.randomUUID().toString(),
            envelope.origin(),
            envelope.counter(),
            envelope.type(),
            envelope.recordId(),
            envelope.schemaVersion(),
            io.reveille.platform.json.JsonDocuments.write(envelope.body()),
            now));
    origin.seen(envelope.counter(), now);
    em.flush();
    applyWaiting(origin);
    return origin.getAppliedThrough() >= envelope.counter() ? Outcome.APPLIED : Outcome.WAITING;
  }

  /**
   * An origin says how far it has sent: counters up to there not received here are missing (the
   * tail a lost record leaves shows only so). Applies nothing new.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void head(SyncSignals.Head head) {
    if (head.origin().equals(config.hostId().orElseThrow()) || head.sentThrough() < 1) {
      return;
    }
    origins.locked(head.origin()).seen(head.sentThrough(), clock.instant());
  }

  /**
   * Applies what waits of the origin {@code host} (records that came while it was stopped, once the
   * cause is gone); returns how many applied.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public long retry(String host) {
    var origin = em.find(SyncOrigin.class, host, LockModeType.PESSIMISTIC_WRITE);
    if (origin == null || origin.behind() == 0) {
      return 0;
    }
    var before = origin.getAppliedThrough();
    applyWaiting(origin);
    return origin.getAppliedThrough() - before;
  }

  private Optional<SyncRecord> record(String host, long counter) {
    return em
        .createNamedQuery("SyncRecord.byOriginCounter", SyncRecord.class)
        .setParameter("host", host)
        .setParameter("counter", counter)
        .getResultList()
        .stream()
        .findFirst();
  }

  private void applyWaiting(SyncOrigin origin) {
    while (origin.behind() > 0) {
      var next = record(origin.getHostId(), origin.next());
      if (next.isEmpty()) {
        return;
      }
      var refusal = apply(next.get());
      var now = clock.instant();
      if (refusal.isPresent()) {
        origin.blocked(
            "record "
                + origin.next()
                + " ("
                + next.get().getRecordType()
                + " "
                + next.get().getRecordId()
                + "): "
                + refusal.get(),
            now);
        return;
      }
      next.get().applied(now);
      origin.appliedNext(now);
    }
  }

  /**
   * Applies one record; the reason it cannot apply yet, if it cannot. Every check that can refuse
   * runs before anything is written, so a refusal leaves the transaction as it was.
   */
  private Optional<String> apply(SyncRecord record) {
    var type = SyncRecordType.of(record.getRecordType());
    if (type.isEmpty() || record.getSchemaVersion() > SyncDocuments.SCHEMA_VERSION) {
      return Optional.of(
          "type '"
              + record.getRecordType()
              + "' of schema version "
              + record.getSchemaVersion()
              + " is a later version's; kept until this site is upgraded");
    }
    var body =
        io.reveille.platform.json.JsonDocuments.parseStored(
            record.getDocument(), "sync record " + record.getId());
    try {
      switch (type.get()) {
        case AGENT -> {
          var replica = SyncBodies.agent(body);
          agents.takeIn(replica.agent(), replica.slots());
        }
        case MESSAGE -> {
          var replica = SyncBodies.message(body);
          var agentId = replica.message().getAgentId();
          if (agents.find(agentId).isEmpty()) {
            return Optional.of("agent " + agentId + " is not here");
          }
          memory.takeIn(replica.message(), replica.payload());
        }
      }
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
    return Optional.empty();
  }
}
