package io.reveille.schedule.control;

import io.reveille.schedule.control.AlarmBatches.Claimed;
import io.reveille.schedule.entity.TimerAlarm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import org.hibernate.query.NativeQuery;

/**
 * The claim of due alarms, in the caller's transaction: up to {@code limit} alarms due at {@code
 * now}, the earliest first, whose {@code due_at} moves to the end of the claim, with the agent of
 * each alarm's timer. Until the transaction commits, the claimed rows stay locked.
 *
 * <p>On PostgreSQL the claim is one statement ({@link #SKIP_LOCKED_CLAIM}): the due rows are picked
 * with {@code FOR UPDATE SKIP LOCKED}, updated and returned with their agents at once, so claims of
 * several workers or nodes take disjoint rows without waiting on each other, and cost one round
 * trip. Apache Derby has no such clause and runs embedded in one server, whose clock never claims
 * beside itself: there the due rows are read, claimed by their entities and their agents read, as
 * three statements and one update per alarm.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
public class AlarmClaims {

  /**
   * The whole claim on PostgreSQL. The version moves as an entity update would move it, so that a
   * firing that read the alarm before the claim fails its version check.
   */
  static final String SKIP_LOCKED_CLAIM =
      """
      UPDATE timer_alarms a SET due_at = :until, version = a.version + 1
       WHERE (a.timer_id, a.fire_at) IN (
             SELECT d.timer_id, d.fire_at FROM timer_alarms d
              WHERE d.due_at <= :now ORDER BY d.due_at LIMIT :limit
              FOR UPDATE SKIP LOCKED)
      RETURNING a.timer_id, a.fire_at,
                (SELECT t.agent_id FROM agent_timers t WHERE t.id = a.timer_id) AS agent_id
      """;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /**
   * Claims up to {@code limit} alarms due at {@code now} until {@code until}, in the caller's
   * transaction; in no particular order.
   *
   * @param skipLocked whether the database skips locked rows in one statement (PostgreSQL)
   */
  public List<Claimed> take(Instant now, Instant until, int limit, boolean skipLocked) {
    return skipLocked ? takeSkippingLocked(now, until, limit) : takeOneByOne(now, until, limit);
  }

  private List<Claimed> takeSkippingLocked(Instant now, Instant until, int limit) {
    @SuppressWarnings("unchecked")
    NativeQuery<Object[]> query = em.createNativeQuery(SKIP_LOCKED_CLAIM).unwrap(NativeQuery.class);
    List<Object[]> rows =
        query
            .addScalar("timer_id", String.class)
            .addScalar("fire_at", Instant.class)
            .addScalar("agent_id", String.class)
            .setParameter("until", until)
            .setParameter("now", now)
            .setParameter("limit", limit)
            .getResultList();
    var claimed = new ArrayList<Claimed>(rows.size());
    for (var row : rows) {
      var agentId = row[2] == null ? "" : (String) row[2];
      claimed.add(new Claimed(agentId, (String) row[0], (Instant) row[1]));
    }
    return claimed;
  }

  private List<Claimed> takeOneByOne(Instant now, Instant until, int limit) {
    var due =
        em.createNamedQuery("TimerAlarm.due", TimerAlarm.class)
            .setParameter("now", now)
            .setMaxResults(limit)
            .getResultList();
    if (due.isEmpty()) {
      return List.of();
    }
    due.forEach(alarm -> alarm.claim(until));
    var agentOf = new HashMap<String, String>();
    for (var row :
        em.createNamedQuery("AgentTimer.agentsOf", Object[].class)
            .setParameter("ids", due.stream().map(TimerAlarm::getTimerId).distinct().toList())
            .getResultList()) {
      agentOf.put((String) row[0], (String) row[1]);
    }
    return due.stream()
        .map(
            alarm ->
                new Claimed(
                    agentOf.getOrDefault(alarm.getTimerId(), ""),
                    alarm.getTimerId(),
                    alarm.getFireAt()))
        .toList();
  }

  /**
   * When the earliest alarm is next due, as the transactions committed so far left it: what the
   * clock sleeps until. Empty when there is no alarm.
   */
  public Optional<Instant> earliestDue() {
    return Optional.ofNullable(
        em.createNamedQuery("TimerAlarm.earliestDue", Instant.class).getSingleResult());
  }
}
