package io.reveille.retention.boundary;

import io.reveille.platform.PeriodicRound;
import io.reveille.retention.control.Retention;
import io.reveille.retention.control.RetentionConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Logger;

/**
 * Purges old records every {@code reveille.retention.period-minutes} on each node (a non-persistent
 * interval timer); a failing round is logged and the next one tries again.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class RetentionTimer {

  private static final Logger LOG = Logger.getLogger(RetentionTimer.class.getName());

  @Resource TimerService timers;
  @Inject Retention retention;
  @Inject RetentionConfig config;

  private final PeriodicRound round = new PeriodicRound("Retention round", LOG);

  @PostConstruct
  void schedule() {
    var period = config.period().toMillis();
    timers.createIntervalTimer(period, period, new TimerConfig("reveille-retention", false));
  }

  @Timeout
  void purge() {
    round.run(retention::purge);
  }
}
