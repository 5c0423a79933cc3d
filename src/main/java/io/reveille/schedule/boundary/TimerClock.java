package io.reveille.schedule.boundary;

import io.reveille.schedule.control.AlarmArmed;
import io.reveille.schedule.control.DueAlarms;
import io.reveille.schedule.control.ScheduleConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * This node's timer clock: sleeps until the earliest alarm is due, fires the due alarms ({@link
 * DueAlarms}), and sleeps again — for {@code reveille.timer.poll-millis} at most, the longest this
 * node takes to see an alarm another node set. An alarm this node sets for earlier than the clock
 * sleeps wakes it once its transaction has committed ({@link AlarmArmed}), so a firing's lateness
 * is the time a round takes, not a poll interval. What persists is the alarm rows; the clock only
 * looks at them.
 *
 * <p>On PostgreSQL it has {@code reveille.timer.workers} workers ({@link ClockWorker}), on Derby
 * one. The first leads: it sleeps until the next alarm; the others look at the longest sleep only,
 * unless the leader meets a full batch (a burst), when it calls them in to share it. Every node
 * runs one; on PostgreSQL they share a burst, and the alarms a dead node had claimed are taken by
 * the others once the claim has run out. A failing round is logged and the next one tries again.
 * Each batch opens its own transactions.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class TimerClock {

  private static final Logger LOG = Logger.getLogger(TimerClock.class.getName());

  /** When the leader first looks after the start. */
  private static final Duration FIRST_LOOK = Duration.ofMillis(500);

  @Resource ManagedScheduledExecutorService executor;
  @Inject DueAlarms alarms;
  @Inject ScheduleConfig config;
  @Inject Clock clock;

  private volatile List<ClockWorker> workers = List.of();

  @PostConstruct
  void start() {
    var longest = config.pollInterval();
    var count = alarms.workers();
    var started = new ArrayList<ClockWorker>();
    for (var i = 0; i < count; i++) {
      var lead = i == 0;
      started.add(
          new ClockWorker(
              "Timer clock " + i,
              LOG,
              clock,
              longest,
              () -> alarms.fireDue(lead ? this::callInHelpers : () -> {}),
              (task, delay) -> executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS)));
    }
    workers = List.copyOf(started);
    // The leader looks soon (what came due while no server ran), once the application is up; the
    // helpers spread over the longest sleep.
    var first = longest.compareTo(FIRST_LOOK) < 0 ? longest : FIRST_LOOK;
    for (var i = 0; i < count; i++) {
      started.get(i).start(first.plus(longest.multipliedBy(i).dividedBy(count)));
    }
  }

  @PreDestroy
  void stop() {
    workers.forEach(ClockWorker::stop);
  }

  /**
   * An alarm this node set has committed: the leader wakes by its time, when it sleeps longer.
   * Alarms other nodes set are seen at the longest sleep, or by their own node's clock.
   */
  public void alarmArmed(@Observes(during = TransactionPhase.AFTER_SUCCESS) AlarmArmed armed) {
    var all = workers;
    if (!all.isEmpty()) {
      all.get(0).wakeBy(armed.dueAt());
    }
  }

  private void callInHelpers() {
    var now = clock.instant();
    var all = workers;
    for (var i = 1; i < all.size(); i++) {
      all.get(i).wakeBy(now);
    }
  }
}
