package io.reveille.schedule.control;

import io.reveille.schedule.entity.AgentTimer;
import io.reveille.schedule.entity.TimerAlarm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;

/** Test-only help inside the server: a timer made due, in the caller's transaction. */
@ApplicationScoped
@Transactional
public class TimerFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject TimerAlarms alarms;

  /**
   * Moves the timer's next firing, and its alarm, to {@code at}: what a timer whose firing has come
   * looks like to the clock.
   */
  public void makeDue(String timerId, Instant at) {
    var timer = em.find(AgentTimer.class, timerId);
    timer.reschedule(at, at);
    alarms.cancel(timerId);
    alarms.arm(timerId, at);
    // Written, and let go, as the clock's batch finds them: with nothing of the timer's creation
    // left in the transaction's persistence context (its first alarm, deleted in bulk above).
    em.flush();
    em.clear();
  }

  /**
   * The same, and its alarm claimed until {@code until}, as a node's clock leaves the alarms of the
   * batch it is about to fire: no clock takes it before then, so the test fires it itself.
   */
  public void makeDueAndClaimed(String timerId, Instant at, Instant until) {
    makeDue(timerId, at);
    em.find(TimerAlarm.class, new TimerAlarm.Key(timerId, at)).claim(until);
    em.flush();
    em.clear();
  }

  /**
   * Moves each timer's alarm at {@code from} to {@code to} as a slice of firings does ({@link
   * AlarmMoves}): read, then written together, the timers' next firings moved with them. With
   * {@code changedMeanwhile} another writer bumps the first alarm's version between the read and
   * the write.
   */
  public void move(List<String> timerIds, Instant from, Instant to, boolean changedMeanwhile) {
    var moves = new AlarmMoves();
    for (var timerId : timerIds) {
      var alarm = em.find(TimerAlarm.class, new TimerAlarm.Key(timerId, from));
      moves.add(alarm, to);
      em.detach(alarm);
    }
    if (changedMeanwhile) {
      em.createNativeQuery(
              "UPDATE timer_alarms SET version = version + 1 WHERE timer_id = ?1 AND fire_at = ?2")
          .setParameter(1, timerIds.get(0))
          .setParameter(2, from)
          .executeUpdate();
    }
    moves.write(em);
    // The timers move on with their alarms, as their firings do, so that the alarms stay theirs.
    timerIds.forEach(timerId -> em.find(AgentTimer.class, timerId).reschedule(to, to));
  }
}
