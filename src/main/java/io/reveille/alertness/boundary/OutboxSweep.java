package io.reveille.alertness.boundary;

import io.reveille.alertness.control.InvalidBatchException;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationIntake;
import io.reveille.alertness.control.NotificationOutbox;
import io.reveille.messaging.DeadLetters;
import io.reveille.observability.control.Metrics;
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
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This node's outbox sweep: every {@value #SETTING} seconds (a non-persistent interval timer), the
 * batches written to the outbox at least that long ago and still there (their hand-off failed, or
 * the JVM that wrote them died right after the commit) are taken in, oldest first, {@value #PAGE}
 * at a time. Every node sweeps; the delete of a row is the claim, so two nodes never take a batch
 * in twice. A row that no longer passes the intake's checks (its bounds were lowered since it was
 * written) is dead-lettered to {@code reveille.notifications.DLQ} with the reason and removed, so
 * it never blocks the rows behind it.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class OutboxSweep {

  static final String SETTING = "reveille.notifications.outbox-sweep-seconds";

  static final int PAGE = 100;

  private static final Logger LOG = Logger.getLogger(OutboxSweep.class.getName());

  @Resource TimerService timers;
  @Inject NotificationOutbox outbox;
  @Inject NotificationBatchParser parser;
  @Inject NotificationIntake intake;
  @Inject OutboxHandOff handOff;
  @Inject DeadLetters deadLetters;
  @Inject Metrics metrics;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = SETTING, defaultValue = "10")
  long seconds;

  @Resource(lookup = "jms/reveille/notificationsDLQ")
  Queue deadLetterQueue;

  private final PeriodicRound round = new PeriodicRound("Outbox sweep", LOG);

  private Duration period;

  @PostConstruct
  void schedule() {
    period = Duration.ofSeconds(Settings.within(SETTING, seconds, 1, 3_600));
    timers.createIntervalTimer(
        period.toMillis(), period.toMillis(), new TimerConfig("reveille-outbox-sweep", false));
  }

  @Timeout
  void fire() {
    round.run(
        () -> {
          var taken = sweep();
          if (taken > 0) {
            LOG.log(Level.INFO, "Outbox sweep: {0} notification batch(es) taken in", taken);
          }
        });
  }

  /** Takes in what waited longer than a period; returns how many batches it took in. */
  int sweep() {
    var cutoff = clock.instant().minus(period);
    var taken = 0;
    while (true) {
      var page = outbox.writtenBy(cutoff, PAGE);
      var before = taken;
      for (var entry : page) {
        taken += takeIn(entry);
      }
      // A page that took nothing in failed throughout: the next round tries again.
      if (page.size() < PAGE || taken == before) {
        return taken;
      }
    }
  }

  private int takeIn(NotificationOutbox.Entry entry) {
    try {
      return handOff.takeIn(List.of(parser.parse(entry.document())), false);
    } catch (InvalidBatchException e) {
      deadLetter(entry, e.getMessage());
      return 0;
    }
  }

  private void deadLetter(NotificationOutbox.Entry entry, String reason) {
    try {
      deadLetters.sendDocument(
          deadLetterQueue, entry.document(), reason, "outbox:" + entry.batchId(), "outbox");
    } catch (JMSException | JMSRuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Notification batch {0} stays in the outbox: it cannot be dead-lettered: {1}",
          new Object[] {LogText.quoted(entry.batchId()), e.toString()});
      return;
    }
    intake.dropFromOutbox(entry.batchId());
    metrics.batch("dead_lettered");
    LOG.log(
        Level.WARNING,
        "Notification batch {0} dead-lettered from the outbox: {1}",
        new Object[] {LogText.quoted(entry.batchId()), LogText.quoted(reason)});
  }
}
