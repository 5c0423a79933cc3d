package io.reveille.schedule.boundary;

import io.reveille.platform.StartupWork;
import io.reveille.schedule.control.AgentTimerService;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * At start-up, makes the pending timer alarms match the active timers of active agents (see {@link
 * AgentTimerService#reconcile()}). Alarms missed while the server was down need nothing from here:
 * they are simply due, the clock fires each once, and the firing coalesces what was missed.
 *
 * <p>In the background ({@link StartupWork}: retried until it succeeds, readiness waiting for it),
 * not in the start-up path: it reads every active timer and every pending alarm, and a failure must
 * not fail the application's start.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
public class TimerReconciliation {

  private static final Logger LOG = Logger.getLogger(TimerReconciliation.class.getName());

  @Inject AgentTimerService timers;

  @Inject StartupWork startupWork;

  @PostConstruct
  void start() {
    startupWork.submit("timer reconciliation", this::reconcile);
  }

  void reconcile() {
    var started = System.nanoTime();
    var result = timers.reconcile();
    LOG.log(
        Level.INFO,
        "{0} active timer(s) checked against their alarms in {1} ms ({2} armed, {3} cancelled)",
        new Object[] {
          result.activeTimers(),
          (System.nanoTime() - started) / 1_000_000,
          result.armed(),
          result.cancelled()
        });
  }
}
