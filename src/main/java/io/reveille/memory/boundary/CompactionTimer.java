package io.reveille.memory.boundary;

import io.reveille.memory.control.CompactionCandidates;
import io.reveille.memory.control.CompactionWorker;
import io.reveille.memory.control.Compactions;
import io.reveille.platform.LogText;
import io.reveille.platform.PeriodicRound;
import io.reveille.platform.Settings;
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
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The compaction worker of this node, every {@code reveille.memory.compaction.period-seconds}:
 * plans the threads whose conversation grew, then runs the jobs that are due (any node's: the job's
 * version and the summary's derived id let only one worker write a span's summary). A failed job is
 * tried again later ({@link Compactions#failed}); a round never throws into its timer.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class CompactionTimer {

  private static final Logger LOG = Logger.getLogger(CompactionTimer.class.getName());

  /** Threads planned and jobs run per round at most. */
  static final int PER_ROUND = 50;

  @Resource TimerService timers;
  @Inject Compactions compactions;
  @Inject CompactionCandidates candidates;
  @Inject CompactionWorker worker;

  @Inject
  @ConfigProperty(name = "reveille.memory.compaction.period-seconds", defaultValue = "30")
  long periodSeconds;

  private final PeriodicRound round = new PeriodicRound("Compaction round", LOG);

  @PostConstruct
  void schedule() {
    var period =
        Settings.within("reveille.memory.compaction.period-seconds", periodSeconds, 1, 3600) * 1000;
    timers.createIntervalTimer(period, period, new TimerConfig("reveille-compaction", false));
  }

  @Timeout
  void compact() {
    round.run(this::work);
  }

  private void work() {
    for (var thread : candidates.drain(PER_ROUND)) {
      try {
        compactions.plan(thread.agentId(), thread.threadId());
      } catch (RuntimeException e) {
        LOG.log(Level.FINE, "Planning compaction of " + LogText.quoted(thread.threadId()), e);
      }
    }
    for (var job : compactions.due(PER_ROUND)) {
      try {
        worker.run(job);
      } catch (RuntimeException e) {
        // Another worker's commit of the same span (its version, the summary's key) is no failure.
        if (!compactions.completed(job)) {
          LOG.log(
              Level.WARNING,
              "Compaction job {0} failed; it is tried again later: {1}",
              new Object[] {job, LogText.quoted(String.valueOf(e.getMessage()))});
        }
      }
    }
  }
}
