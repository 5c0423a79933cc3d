package io.reveille.wake.boundary;

import io.reveille.platform.PeriodicRound;
import io.reveille.wake.control.SweepConfig;
import io.reveille.wake.control.WakeSweeper;
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
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This node's heartbeat and sweep: two non-persistent interval timers ({@code
 * reveille.wake.heartbeat-seconds}, {@code reveille.wake.sweep-seconds}) driving {@link
 * WakeSweeper}. Every node runs its own; a failing round (the database away) is logged and the next
 * one tries again. Each step opens its own transactions.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class WakeSweepTimers {

  private static final Logger LOG = Logger.getLogger(WakeSweepTimers.class.getName());

  private static final String HEARTBEAT = "reveille-run-heartbeat";
  private static final String SWEEP = "reveille-wake-sweep";

  @Resource TimerService timers;
  @Inject WakeSweeper sweeper;
  @Inject SweepConfig config;

  private final PeriodicRound heartbeatRound = new PeriodicRound("Wake heartbeat", LOG);
  private final PeriodicRound sweepRound = new PeriodicRound("Wake sweep", LOG);

  @PostConstruct
  void schedule() {
    var heartbeat = config.heartbeat().toMillis();
    timers.createIntervalTimer(heartbeat, heartbeat, new TimerConfig(HEARTBEAT, false));
    var sweep = config.sweep().toMillis();
    timers.createIntervalTimer(sweep, sweep, new TimerConfig(SWEEP, false));
  }

  @Timeout
  void fire(Timer timer) {
    if (HEARTBEAT.equals(timer.getInfo())) {
      heartbeatRound.run(sweeper::heartbeat);
    } else {
      sweepRound.run(
          () -> {
            var done = sweeper.sweep();
            if (!done.isEmpty()) {
              LOG.log(Level.INFO, "Wake sweep: {0}", done);
            }
          });
    }
  }
}
