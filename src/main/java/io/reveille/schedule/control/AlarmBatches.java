package io.reveille.schedule.control;

import io.reveille.platform.persistence.TheDatabase;
import io.reveille.schedule.entity.TimerAlarm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The transactions of the timer clock: claiming a batch of due alarms; firing a batch in one
 * transaction; firing one alarm alone, when its batch failed; pushing an alarm back after a
 * failure.
 *
 * <p>Claiming is its own short transaction that only moves the claimed alarms' {@code due_at} to
 * the end of the claim ({@link #CLAIM}): the firing transaction then takes the agent's state lock
 * before it touches an alarm row, in the order every change of a timer takes them, and a node that
 * dies with a claimed batch leaves it to the others once the claim has run out. On PostgreSQL the
 * claim is one statement that skips the rows others hold ({@link AlarmClaims}), so nodes claiming
 * at once take disjoint batches without waiting on each other; on Apache Derby, which has no such
 * clause and runs embedded in one server, this node's clock is the only one and never runs beside
 * itself.
 */
@ApplicationScoped
public class AlarmBatches {

  /** How long a claimed alarm is left to the node that claimed it. */
  public static final Duration CLAIM = Duration.ofSeconds(60);

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject TimerFiring firing;
  @Inject AlarmClaims claims;

  @Inject TheDatabase database;

  /**
   * An alarm a batch claimed: its key, and the agent whose timer it is (empty when the timer is
   * gone).
   */
  public record Claimed(String agentId, String timerId, Instant fireAt) {

    /** Agent id, then timer id, then firing: the order a batch fires in. */
    static final Comparator<Claimed> LOCK_ORDER =
        Comparator.comparing(Claimed::agentId)
            .thenComparing(Claimed::timerId)
            .thenComparing(Claimed::fireAt);
  }

  /**
   * A claimed batch: its alarms in {@link Claimed#LOCK_ORDER}, and, when it came back empty, when
   * the earliest alarm is due, as the claim saw the table (a batch that claimed alarms leaves them
   * due at the end of its claim until they are fired: then {@link #nextDue} says).
   */
  public record Claim(List<Claimed> alarms, Optional<Instant> nextDue) {

    public boolean isEmpty() {
      return alarms.isEmpty();
    }

    public int size() {
      return alarms.size();
    }
  }

  /**
   * Claims up to {@code limit} alarms due at {@code now}, the earliest first, in a new transaction
   * ({@link AlarmClaims}); returns them in {@link Claimed#LOCK_ORDER}: a batch locks the state rows
   * of its agents in agent-id order, as every other transaction that locks several agents does, so
   * two batches (or a batch and a notification's intake) never wait on each other in a cycle. A
   * claim that finds nothing due also reads when the next alarm is, in the same transaction: what
   * the clock sleeps until.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Claim claim(Instant now, int limit) {
    var due =
        claims.take(now, now.plus(CLAIM), limit, claimsSkipLocked()).stream()
            .sorted(Claimed.LOCK_ORDER)
            .toList();
    return new Claim(due, due.isEmpty() ? claims.earliestDue() : Optional.empty());
  }

  /**
   * When the earliest alarm is due, read in a new transaction: after a batch has fired, its alarms
   * moved to their timers' next firings.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<Instant> nextDue() {
    return claims.earliestDue();
  }

  /**
   * How many firings of a batch share one read of their agents, timers and alarms ({@link
   * TimerFiring#fireAll}) and one persistence context. Its entities are written and let go after
   * each slice: every query of a firing flushes first, and would otherwise dirty-check every entity
   * of the batch so far (the batch's cost would grow with its square); the reads a slice saves are
   * three statements for all of its firings instead of four for each.
   */
  static final int SLICE = 25;

  /**
   * Fires claimed alarms in one new transaction: all of them, or none when one fails. The
   * self-contained runs of their wakes run here too ({@link TimerFiring#fireAll}), so that a batch
   * commits its firings and their runs at once, with no wake job; a run that fails rolls the batch
   * back, and {@link #fireOne} then fires each alarm alone, its run left to the wake queue, where a
   * failure is recorded instead of holding up the firing.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void fire(List<Claimed> alarms) {
    for (var from = 0; from < alarms.size(); from += SLICE) {
      firing.fireAll(
          alarms.subList(from, Math.min(alarms.size(), from + SLICE)), true, claimsSkipLocked());
      em.flush();
      em.clear();
    }
  }

  /** Fires one claimed alarm in a new transaction; its wake's run is left to the wake queue. */
  @Transactional(TxType.REQUIRES_NEW)
  public void fireOne(Claimed alarm) {
    firing.fire(alarm.agentId(), alarm.timerId(), alarm.fireAt(), false);
  }

  /** A failed alarm pushed back: its failed attempts so far, and when it is tried again. */
  public record Postponed(int attempts, Instant retryAt) {}

  /**
   * Records a failed attempt to fire {@code alarm} and sets when to try it again: {@link
   * DueAlarms#retryDelay} after {@code now}.
   *
   * @return the postponement; empty when the alarm is gone
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<Postponed> postpone(Claimed alarm, Instant now) {
    var pending = em.find(TimerAlarm.class, new TimerAlarm.Key(alarm.timerId(), alarm.fireAt()));
    if (pending == null) {
      return Optional.empty();
    }
    var retryAt = now.plus(DueAlarms.retryDelay(pending.getAttempts()));
    pending.postpone(retryAt);
    return Optional.of(new Postponed(pending.getAttempts(), retryAt));
  }

  /**
   * Whether claims skip the rows others hold, so that several may run at once without waiting: on
   * PostgreSQL (else Apache Derby).
   */
  public boolean claimsSkipLocked() {
    return database.kind().skipsLocked();
  }
}
