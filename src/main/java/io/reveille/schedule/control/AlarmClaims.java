package io.reveille.schedule.control;

import io.reveille.schedule.control.AlarmBatches.Claimed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Instant;
import java.util.ArrayList;
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
 * beside itself: there the timers of the earliest due rows are read ({@link #DUE_TIMERS}), their
 * due alarms claimed by one update ({@link #CLAIM_OF_TIMERS}) and the rows it claimed read back
 * with their agents ({@link #CLAIMED_OF_TIMERS}): three statements whatever the batch's size, and
 * exactly what the update took, should a timer have changed between the read and the update or have
 * a second alarm due.
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

  /** Derby's read of the timers of the due alarms, the earliest first. */
  static final String DUE_TIMERS =
      "SELECT timer_id FROM timer_alarms WHERE due_at <= :now ORDER BY due_at";

  /**
   * Derby's claim: every due alarm of the timers read moves to the end of the claim, its version as
   * an entity update would move it. The list of timers is padded to a power of two, so that the
   * statement's text, and the plan Derby compiles for it, repeat.
   */
  static final String CLAIM_OF_TIMERS =
      """
      UPDATE timer_alarms SET due_at = :until, version = version + 1
       WHERE due_at <= :now AND timer_id IN (:timerIds)
      """;

  /**
   * Derby's read-back of what {@link #CLAIM_OF_TIMERS} claimed, with the timers' agents: the rows
   * of those timers due at the end of this claim, which no earlier claim ends at.
   */
  static final String CLAIMED_OF_TIMERS =
      """
      SELECT a.timer_id, a.fire_at, t.agent_id FROM timer_alarms a
        LEFT JOIN agent_timers t ON t.id = a.timer_id
       WHERE a.due_at = :until AND a.timer_id IN (:timerIds)
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
    return skipLocked ? takeSkippingLocked(now, until, limit) : takeReadFirst(now, until, limit);
  }

  private List<Claimed> takeSkippingLocked(Instant now, Instant until, int limit) {
    return claimed(
        claimedRows(em.createNativeQuery(SKIP_LOCKED_CLAIM))
            .setParameter("until", until)
            .setParameter("now", now)
            .setParameter("limit", limit)
            .getResultList());
  }

  private List<Claimed> takeReadFirst(Instant now, Instant until, int limit) {
    @SuppressWarnings("unchecked")
    List<String> due =
        em.createNativeQuery(DUE_TIMERS, String.class)
            .setParameter("now", now)
            .setMaxResults(limit)
            .getResultList();
    if (due.isEmpty()) {
      return List.of();
    }
    var timerIds = padded(due.stream().distinct().toList());
    var moved =
        em.createNativeQuery(CLAIM_OF_TIMERS)
            .setParameter("until", until)
            .setParameter("now", now)
            .setParameter("timerIds", timerIds)
            .executeUpdate();
    if (moved == 0) {
      return List.of();
    }
    return claimed(
        claimedRows(em.createNativeQuery(CLAIMED_OF_TIMERS))
            .setParameter("until", until)
            .setParameter("timerIds", timerIds)
            .getResultList());
  }

  /** {@code query} as a native query of claimed rows: timer, firing, agent. */
  @SuppressWarnings("unchecked")
  private static NativeQuery<Object[]> claimedRows(jakarta.persistence.Query query) {
    NativeQuery<Object[]> rows = query.unwrap(NativeQuery.class);
    return rows.addScalar("timer_id", String.class)
        .addScalar("fire_at", Instant.class)
        .addScalar("agent_id", String.class);
  }

  /** The rows of {@link #claimedRows}, an alarm of a timer that is gone with no agent. */
  private static List<Claimed> claimed(List<Object[]> rows) {
    var claimed = new ArrayList<Claimed>(rows.size());
    for (var row : rows) {
      var agentId = row[2] == null ? "" : (String) row[2];
      claimed.add(new Claimed(agentId, (String) row[0], (Instant) row[1]));
    }
    return claimed;
  }

  /**
   * {@code ids} (at least one) padded with its last to the next power of two: one statement text,
   * and one plan, per size class.
   */
  static List<String> padded(List<String> ids) {
    var size = ids.size() == 1 ? 1 : Integer.highestOneBit(ids.size() - 1) << 1;
    var padded = new ArrayList<String>(size);
    padded.addAll(ids);
    while (padded.size() < size) {
      padded.add(ids.get(ids.size() - 1));
    }
    return padded;
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
