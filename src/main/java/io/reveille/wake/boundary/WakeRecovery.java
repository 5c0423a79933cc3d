package io.reveille.wake.boundary;

import io.reveille.platform.StartupWork;
import io.reveille.wake.control.WakeScheduler;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * After start-up, puts back on the queue every run a crash left queued or started, under its own
 * run key. Runs that are still on the queue arrive twice; the runner completes each run once. It
 * runs as {@link StartupWork}, in the background and retried until it succeeds, so a database that
 * is not answering yet (or rows still locked by transactions a crash left in doubt) never fails the
 * application's start; readiness waits for it.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
public class WakeRecovery {

  private static final Logger LOG = Logger.getLogger(WakeRecovery.class.getName());

  @Inject WakeScheduler scheduler;
  @Inject StartupWork startupWork;

  @PostConstruct
  void recover() {
    startupWork.submit("wake recovery", this::requeue);
  }

  /** In batches, each its own transaction, so a large backlog never outlasts a transaction. */
  private void requeue() {
    var count = WakeScheduler.requeueAll(scheduler::requeueUnfinished);
    if (count > 0) {
      LOG.log(Level.INFO, "Re-enqueued {0} unfinished wake run(s) after start-up", count);
    }
  }
}
