package io.reveille.security.boundary;

import io.reveille.platform.PeriodicRound;
import io.reveille.security.control.AuditConfig;
import io.reveille.security.control.AuditTrail;
import io.reveille.security.control.RefusalTally;
import io.reveille.security.entity.AuditEvent.RefusalSummary;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
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
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes the summary of every client's refusals whose window has closed ({@link RefusalTally}),
 * checking a quarter window apart (1 to 15 s), so a summary is written at most that long after its
 * window closes even when its client sends nothing more; the open windows are written when the
 * application stops. A summary that cannot be written is logged with its counts instead.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class RefusalSummaryTimer {

  private static final Logger LOG = Logger.getLogger(RefusalSummaryTimer.class.getName());

  @Resource TimerService timers;
  @Inject RefusalTally tally;
  @Inject AuditTrail trail;
  @Inject AuditConfig config;

  private final PeriodicRound round = new PeriodicRound("Refusal summaries", LOG);

  @PostConstruct
  void schedule() {
    var period = period(config.refusalWindow()).toMillis();
    timers.createIntervalTimer(
        period, period, new TimerConfig("reveille-audit-refusal-summaries", false));
  }

  /** A quarter of the window, at least a second and at most 15. */
  static Duration period(Duration window) {
    var quarter = window.dividedBy(4);
    if (quarter.compareTo(Duration.ofSeconds(1)) < 0) {
      return Duration.ofSeconds(1);
    }
    return quarter.compareTo(Duration.ofSeconds(15)) > 0 ? Duration.ofSeconds(15) : quarter;
  }

  @Timeout
  void writeDue() {
    round.run(() -> write(tally.due()));
  }

  @PreDestroy
  void writeOpen() {
    write(tally.drain());
  }

  private void write(List<RefusalSummary> summaries) {
    if (summaries.isEmpty()) {
      return;
    }
    try {
      trail.record(summaries);
    } catch (RuntimeException e) {
      LOG.log(
          Level.SEVERE,
          "Audit summaries of refusals not recorded: "
              + summaries.stream()
                  .map(
                      s ->
                          s.clientAddress()
                              + " "
                              + s.refusals()
                              + " "
                              + s.first()
                              + ".."
                              + s.last())
                  .toList(),
          e);
    }
  }
}
