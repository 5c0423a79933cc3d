package io.reveille.schedule.control;

import io.reveille.schedule.entity.AgentTimer;
import io.reveille.schedule.entity.TimerAlarm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;

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
}
