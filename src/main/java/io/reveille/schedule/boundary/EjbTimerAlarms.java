package io.reveille.schedule.boundary;

import io.reveille.schedule.control.TimerAlarms;
import io.reveille.schedule.control.TimerFiring;
import jakarta.annotation.Resource;
import jakarta.ejb.Local;
import jakarta.ejb.NoSuchObjectLocalException;
import jakarta.ejb.Stateless;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@link TimerAlarms} on persistent EJB timers: one single-action timer per armed agent timer, set
 * for its next firing. The container stores it in the database (with the transaction that sets it),
 * fires it once even after downtime ({@code missedPersistentTimerAction="ONCE"}: an alarm missed
 * while the server was down goes off promptly at start-up), and on a cluster lets one server run
 * it.
 *
 * <p>Why single-action timers and not calendar timers: the firing is computed by {@code Schedule}
 * from the stored intent every time, so the DST rule, intervals with an anchor, bounds, catch-up
 * counting and a clock jump are all Reveille's own, documented and unit-tested behaviour.
 *
 * <p>The bean name is part of every stored timer's identity (with the application and module
 * names): renaming it orphans all pending alarms. {@code TimerReconciliation} re-arms what is
 * missing at start-up.
 */
@Stateless(name = "AgentTimerAlarms")
@Local(TimerAlarms.class)
public class EjbTimerAlarms implements TimerAlarms {

  private static final Logger LOG = Logger.getLogger(EjbTimerAlarms.class.getName());

  @Resource TimerService timerService;

  @Inject TimerFiring firing;

  @Override
  public void arm(String timerId, Instant at) {
    timerService.createSingleActionTimer(
        Date.from(at), new TimerConfig(Alarm.info(timerId, at), true));
  }

  @Override
  public int cancel(String timerId) {
    var cancelled = 0;
    for (var timer : timerService.getTimers()) {
      var alarm = alarmOf(timer);
      if (alarm.isPresent() && alarm.get().timerId().equals(timerId)) {
        try {
          timer.cancel();
          cancelled++;
        } catch (NoSuchObjectLocalException e) {
          // It went off or was cancelled meanwhile: nothing left to cancel.
        }
      }
    }
    return cancelled;
  }

  @Override
  public Map<String, List<Instant>> pending() {
    var pending = new HashMap<String, List<Instant>>();
    for (var timer : timerService.getTimers()) {
      alarmOf(timer)
          .ifPresent(
              alarm ->
                  pending
                      .computeIfAbsent(alarm.timerId(), id -> new ArrayList<>())
                      .add(alarm.at()));
    }
    return pending;
  }

  @Timeout
  void onAlarm(Timer timer) {
    var alarm = alarmOf(timer);
    if (alarm.isEmpty()) {
      LOG.log(Level.WARNING, "Alarm with unreadable info {0} ignored", timer.getInfo());
      return;
    }
    firing.fire(alarm.get().timerId(), alarm.get().at());
  }

  private static Optional<Alarm> alarmOf(Timer timer) {
    try {
      return Alarm.parse(timer.getInfo());
    } catch (NoSuchObjectLocalException e) {
      return Optional.empty();
    }
  }

  /** What a stored alarm says: which timer, and the firing it was set for. */
  record Alarm(String timerId, Instant at) {

    /**
     * {@code <timerId>@<epoch millis>}: a plain string, so the store holds no application class.
     */
    static Serializable info(String timerId, Instant at) {
      return timerId + "@" + at.toEpochMilli();
    }

    static Optional<Alarm> parse(Serializable info) {
      if (!(info instanceof String text)) {
        return Optional.empty();
      }
      var at = text.lastIndexOf('@');
      if (at <= 0) {
        return Optional.empty();
      }
      try {
        return Optional.of(
            new Alarm(
                text.substring(0, at),
                Instant.ofEpochMilli(Long.parseLong(text.substring(at + 1)))));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
  }
}
