package io.reveille.sync.boundary;

import io.reveille.messaging.DeadLetters;
import io.reveille.messaging.JmsBodies;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.LogText;
import io.reveille.sync.control.SyncConfig;
import io.reveille.sync.control.SyncEnvelope;
import io.reveille.sync.control.SyncReceiver;
import io.reveille.sync.control.SyncSignals;
import jakarta.annotation.Resource;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Takes the peers' sync records off {@code reveille.sync.inbound}, where only Reveille's own login
 * and the sites' sync login may send ({@link SyncReceiver} keeps and applies them). Bound to its
 * activation spec in {@code WEB-INF/ibm-ejb-jar-bnd.xml}.
 *
 * <p>The delivery holds no transaction ({@code NOT_SUPPORTED}): the receiver commits in a
 * transaction of the database alone, and the adapter acknowledges when this returns or redelivers
 * when it throws (a redelivered record is kept once). A record that can never be taken in — not
 * JSON, not a sync record, from a site with no host id — goes to {@code reveille.sync.inbound.DLQ}
 * with the reason, and the queue moves on.
 */
@MessageDriven(name = "SyncConsumer")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SyncConsumer implements MessageListener {

  private static final Logger LOG = Logger.getLogger(SyncConsumer.class.getName());

  @Inject SyncConfig config;
  @Inject SyncReceiver receiver;
  @Inject SyncSendRound round;
  @Inject DeadLetters deadLetters;
  @Inject Metrics metrics;

  @Resource(lookup = "jms/reveille/syncInboundDLQ")
  Queue deadLetterQueue;

  @Override
  public void onMessage(Message message) {
    try {
      var body = JmsBodies.text(message);
      if (body.isEmpty()) {
        reject(message, null, "not a sync record: " + JmsBodies.describe(message));
        return;
      }
      if (!config.enabled()) {
        reject(message, body.get(), "this site has no host id (reveille.sync.host-id)");
        return;
      }
      var kind = message.getStringProperty(SyncSignals.KIND_PROPERTY);
      try {
        if (SyncSignals.HEAD.equals(kind)) {
          receiver.head(SyncSignals.head(body.get()));
        } else if (SyncSignals.BACKFILL.equals(kind)) {
          backfill(SyncSignals.backfill(body.get()));
        } else if (kind == null || SyncSignals.RECORD.equals(kind)) {
          var envelope = SyncEnvelope.read(body.get());
          var outcome = receiver.receive(envelope);
          metrics.syncRecords(outcome.name().toLowerCase(java.util.Locale.ROOT), 1);
          LOG.log(
              Level.FINE,
              "Sync record {0} of {1}: {2}",
              new Object[] {envelope.counter(), envelope.origin(), outcome});
        } else {
          reject(
              message,
              body.get(),
              SyncSignals.KIND_PROPERTY + " '" + kind + "' is none of record, head, backfill");
        }
      } catch (IllegalArgumentException e) {
        reject(
            message,
            body.get(),
            "not a sync " + (kind == null ? "record" : kind) + ": " + e.getMessage());
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read a sync record: " + e.getMessage(), e);
    }
  }

  /**
   * A peer asks for records again: this site sends its own once more (it keeps no other site's to
   * send); a request about another origin is for that origin.
   */
  private void backfill(SyncSignals.Backfill request) {
    if (request.origin().equals(config.hostId().orElseThrow())) {
      LOG.log(
          Level.INFO,
          "Sync: {0} asked for this site''s records {1} to {2}",
          new Object[] {request.requester(), request.from(), request.to()});
      round.resend(request.from(), request.to());
    }
  }

  private void reject(Message message, String body, String reason) throws JMSException {
    LOG.log(
        Level.WARNING,
        "Sync message {0} dead-lettered: {1}",
        new Object[] {LogText.quoted(message.getJMSMessageID()), LogText.quoted(reason)});
    deadLetters.send(deadLetterQueue, message, body, reason);
    metrics.syncRecords("dead_lettered", 1);
  }
}
