package io.reveille.schedule.control;

import io.reveille.schedule.entity.TimerAlarm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link TimerAlarms} as rows of {@code timer_alarms}, in the application's database and the
 * caller's transaction: an alarm is armed, cancelled and claimed with the timer row it belongs to,
 * and survives restarts like every other row. {@link DueAlarms} is the clock that fires them; an
 * alarm armed here is announced ({@link AlarmArmed}), so that a sleeping clock wakes for it.
 */
@ApplicationScoped
@Transactional
public class TableTimerAlarms implements TimerAlarms {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Event<AlarmArmed> armed;

  /** Arms once: setting an alarm that is already pending changes nothing. */
  @Override
  public void arm(String timerId, Instant at) {
    // A query, not a find: a bulk cancel earlier in this transaction leaves no stale instance to
    // mistake for a pending alarm.
    var pending =
        em.createNamedQuery("TimerAlarm.count", Long.class)
            .setParameter("timerId", timerId)
            .setParameter("fireAt", at)
            .getSingleResult();
    if (pending == 0) {
      em.persist(new TimerAlarm(timerId, at));
      armed.fire(new AlarmArmed(timerId, at));
    }
  }

  @Override
  public boolean remove(String timerId, Instant at) {
    return em.createNamedQuery("TimerAlarm.delete")
            .setParameter("timerId", timerId)
            .setParameter("fireAt", at)
            .executeUpdate()
        > 0;
  }

  @Override
  public int cancel(String timerId) {
    return em.createNamedQuery("TimerAlarm.deleteOfTimer")
        .setParameter("timerId", timerId)
        .executeUpdate();
  }

  @Override
  public Map<String, List<Instant>> pending() {
    var pending = new HashMap<String, List<Instant>>();
    for (var alarm : em.createNamedQuery("TimerAlarm.all", TimerAlarm.class).getResultList()) {
      pending.computeIfAbsent(alarm.getTimerId(), id -> new ArrayList<>()).add(alarm.getFireAt());
    }
    return pending;
  }
}
