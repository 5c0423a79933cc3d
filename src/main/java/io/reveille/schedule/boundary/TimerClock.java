package io.reveille.schedule.boundary;

import io.reveille.platform.PeriodicRound;
import io.reveille.schedule.control.DueAlarms;
import io.reveille.schedule.control.ScheduleConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * This node's timer clock: non-persistent interval timers ({@code reveille.timer.poll-millis}) that
 * fire the due timer alarms ({@link DueAlarms}), one per worker ({@code reveille.timer.workers} on
 * PostgreSQL, one on Derby), each running its own batches. What persists is the alarm rows; the
 * clock only looks at them. Every node runs one; on PostgreSQL they share a burst, and the alarms a
 * dead node had claimed are taken by the others once the claim has run out. A round that finds the
 * previous one of its worker still going does nothing; a failing round is logged and the next one
 * tries again. Each batch opens its own transactions.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class TimerClock {

  private static final Logger LOG = Logger.getLogger(TimerClock.class.getName());

  @Resource TimerService timers;
  @Inject DueAlarms alarms;
  @Inject ScheduleConfig config;

  private final List<PeriodicRound> rounds = new ArrayList<>();

  @PostConstruct
  void start() {
    var every = config.pollInterval().toMillis();
    var workers = alarms.workers();
    for (var i = 0; i < workers; i++) {
      rounds.add(new PeriodicRound("Timer clock " + i, LOG));
      // Spread over the interval, so that a burst is met by one worker early and the others join.
      var first = every + every * i / workers;
      // The timer's info is its worker's index.
      timers.createIntervalTimer(first, every, new TimerConfig(i, false));
    }
  }

  @Timeout
  void tick(Timer timer) {
    rounds.get((Integer) timer.getInfo()).run(alarms::fireDue);
  }
}
