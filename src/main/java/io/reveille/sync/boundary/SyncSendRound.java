package io.reveille.sync.boundary;

import io.reveille.observability.control.Metrics;
import io.reveille.platform.PeriodicRound;
import io.reveille.sync.control.SyncBackfills;
import io.reveille.sync.control.SyncConfig;
import io.reveille.sync.control.SyncReceiver;
import io.reveille.sync.control.SyncSender;
import io.reveille.sync.control.SyncSignals;
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

/**
 * This node's sync round, every {@code reveille.sync.send-millis} (a non-persistent interval timer)
 * on a site with a host id: numbers this site's new records and hands every numbered, unsent one to
 * {@code reveille.sync.outbound}, persistent, in counter order, from where the operator's broker
 * bridge carries them to every peer's {@code reveille.sync.inbound}; then applies what waits of
 * each peer origin (records held back by a cause that may have gone). Every node of a site runs it;
 * one numbers at a time ({@link SyncSender}).
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SyncSendRound {

  private static final Logger LOG = Logger.getLogger(SyncSendRound.class.getName());

  @Resource TimerService timers;
  @Inject SyncConfig config;
  @Inject SyncSender sender;
  @Inject SyncReceiver receiver;
  @Inject SyncBackfills backfills;
  @Inject java.time.Clock clock;
  @Inject Metrics metrics;

  @Inject SyncOutbound outbound;

  private final PeriodicRound round = new PeriodicRound("Sync round", LOG);

  private java.time.Instant lastHead = java.time.Instant.EPOCH;

  @PostConstruct
  void schedule() {
    if (config.enabled()) {
      var millis = config.sendPeriod().toMillis();
      timers.createIntervalTimer(millis, millis, new TimerConfig("reveille-sync-round", false));
      LOG.log(Level.INFO, "Sync: this site is {0}", config.hostId().orElseThrow());
    }
  }

  @Timeout
  void fire() {
    round.run(
        () -> {
          send();
          var behind = backfills.behindByPeer();
          behind.forEach(
              (host, count) -> {
                if (count > 0) {
                  receiver.retry(host);
                }
                metrics.syncBehind(host, count);
              });
          for (var host : backfills.origins(behind)) {
            for (var request : backfills.round(host)) {
              outbound.signal(SyncSignals.BACKFILL, request.origin(), request.write());
              metrics.syncBackfill("requested");
              LOG.log(
                  Level.INFO,
                  "Sync: asked {0} for its records {1} to {2}",
                  new Object[] {request.origin(), request.from(), request.to()});
            }
          }
          var now = clock.instant();
          if (!now.isBefore(lastHead.plus(config.headPeriod()))) {
            var head = sender.head();
            if (head.sentThrough() > 0) {
              outbound.signal(SyncSignals.HEAD, head.origin(), head.write());
            }
            lastHead = now;
          }
        });
  }

  /** Sends what is numbered and unsent, a batch at a time, until nothing is left. */
  void send() {
    while (true) {
      var batch = sender.next();
      if (batch.isEmpty()) {
        return;
      }
      outbound.records(batch);
      sender.sentThrough(batch.get(batch.size() - 1).counter());
      metrics.syncRecords("sent", batch.size());
    }
  }

  /**
   * Sends this site's records {@code from} through {@code to} again, for a peer that asked for
   * them; the other peers keep each once as always.
   */
  public void resend(long from, long to) {
    var records = sender.resend(from, to);
    if (!records.isEmpty()) {
      outbound.records(records);
      metrics.syncRecords("resent", records.size());
    }
    metrics.syncBackfill("answered");
  }
}
