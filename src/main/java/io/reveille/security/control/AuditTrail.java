package io.reveille.security.control;

import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.security.entity.AuditEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.criteria.Predicate;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The append-only audit trail: records one event per state-changing request, or one summary of a
 * client's refusals per window ({@link RefusalTally}), and reads it newest first. An event is
 * written after the answer, in a transaction of its own (the request's work has committed or rolled
 * back by then), or, for a request whose work commits in one transaction, in that transaction
 * ({@link #recordWithin}).
 */
@ApplicationScoped
public class AuditTrail {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void record(AuditEvent.Details details) {
    em.persist(AuditEvent.of(details));
  }

  /**
   * Writes the event in the caller's transaction, the one of the request's work: the row commits or
   * rolls back with it.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public void recordWithin(AuditEvent.Details details) {
    em.persist(AuditEvent.of(details));
  }

  /** Writes one row per summary. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void record(List<AuditEvent.RefusalSummary> summaries) {
    summaries.forEach(summary -> em.persist(AuditEvent.of(summary)));
  }

  /** Filters of a read; each empty one matches everything. */
  public record Query(
      Optional<String> principal,
      Optional<String> agentId,
      Optional<String> clientAddress,
      Optional<Instant> from,
      Optional<Instant> until) {}

  @Transactional(Transactional.TxType.SUPPORTS)
  public Page<AuditEvent> events(Query query, Window window) {
    var cb = em.getCriteriaBuilder();
    var criteria = cb.createQuery(AuditEvent.class);
    var event = criteria.from(AuditEvent.class);
    var filters = new ArrayList<Predicate>();
    query.principal().ifPresent(p -> filters.add(cb.equal(event.get("principal"), p)));
    query.agentId().ifPresent(a -> filters.add(cb.equal(event.get("agentId"), a)));
    query.clientAddress().ifPresent(c -> filters.add(cb.equal(event.get("clientAddress"), c)));
    query
        .from()
        .ifPresent(f -> filters.add(cb.greaterThanOrEqualTo(event.<Instant>get("occurredAt"), f)));
    query.until().ifPresent(u -> filters.add(cb.lessThan(event.<Instant>get("occurredAt"), u)));
    criteria
        .where(filters.toArray(Predicate[]::new))
        .orderBy(cb.desc(event.get("occurredAt")), cb.desc(event.get("id")));
    return window.read(em.createQuery(criteria));
  }
}
