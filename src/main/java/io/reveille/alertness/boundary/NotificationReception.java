package io.reveille.alertness.boundary;

import io.opentelemetry.api.trace.SpanKind;
import io.reveille.alertness.control.InvalidBatchException;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationIntake;
import io.reveille.messaging.DeadLetters;
import io.reveille.messaging.JmsBodies;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.observability.control.Metrics;
import io.reveille.observability.control.Tracing;
import io.reveille.platform.LogText;
import io.reveille.wake.control.WakeQueue;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What both notification consumers do with a delivery: read the body, parse and check it, settle
 * which of its claims of Reveille's authorship stand, hand it to {@link NotificationIntake}.
 *
 * <p>Whether a claim ({@code origin}, {@code originAgentId}, {@code originRunKey}) stands is
 * decided by the queue the batch came off, never by anything the message says about its sender: the
 * broker lets only Reveille's own login send to {@code reveille.own-notifications}, on every
 * protocol, while what a message names as its sender is the sender's to write on some (AMQP 1.0
 * carries {@code properties.user-id} into {@code JMSXUserID} unchecked). So the caller, which knows
 * its queue, says whose batches it reads.
 *
 * <p>The delivery is in no transaction. The batch is taken in by {@link NotificationIntake#takeIn},
 * whose transaction is the database's alone; once it has committed, the wake jobs it held are sent,
 * and only when this returns does the resource adapter acknowledge the delivery. A batch that can
 * never be processed is dead-lettered with its reason (a copy the broker refuses as a duplicate if
 * the delivery comes back after it was sent) and the delivery completes, so poison never blocks the
 * queue. Every other failure is thrown, the intake's transaction rolled back if it had not
 * committed: the adapter rolls the delivery back and the broker redelivers it after its back-off,
 * dead-lettering only after its configured attempts. A redelivery of a batch that had committed
 * finds it recorded and only sends its still-queued wake jobs again.
 *
 * <p>Dependent: each bean instance of the consumers holds its own, called directly, not through a
 * client proxy.
 */
@Dependent
class NotificationReception {

  private static final Logger LOG = Logger.getLogger(NotificationReception.class.getName());

  /** Who may have sent the batches of a queue, as the broker's permissions settle it. */
  enum Senders {
    /** {@code reveille.notifications}: any producer login; claims are dropped. */
    ANYONE,
    /** {@code reveille.own-notifications}: Reveille's own login only; claims stand. */
    REVEILLE
  }

  @Inject NotificationBatchParser parser;
  @Inject NotificationIntake intake;
  @Inject DeadLetters deadLetters;
  @Inject WakeQueue wakeQueue;
  @Inject Metrics metrics;
  @Inject Tracing tracing;

  @Resource(lookup = "jms/reveille/notificationsDLQ")
  Queue deadLetterQueue;

  void receive(Message message, Senders senders) {
    // The producer's trace, when its message carries one (traceparent): the wakes this batch
    // causes continue it.
    var span =
        tracing.start(
            "reveille.notifications process",
            SpanKind.CONSUMER,
            tracing.extract(name -> JmsBodies.stringProperty(message, name)));
    Tracing.within(span, () -> accept(message, senders));
  }

  private void accept(Message message, Senders senders) {
    try {
      var body = JmsBodies.text(message);
      if (body.isEmpty()) {
        reject(
            message,
            null,
            "unsupported message: expected a text message or a bytes message "
                + "holding UTF-8 JSON of at most "
                + JmsBodies.MAX_BODY_BYTES
                + " bytes, got "
                + JmsBodies.describe(message));
        return;
      }
      try {
        // A redelivered batch failed before: its wake takes the queue, where failures are recorded.
        var taken =
            intake.takeIn(
                honouredClaims(message, parser.parse(body.get()), senders),
                !message.getJMSRedelivered());
        // Committed: the jobs go out before the delivery is acknowledged; a failure here brings
        // the delivery back, which sends them again.
        wakeQueue.send(taken.jobs());
        metrics.batch("accepted");
      } catch (InvalidBatchException e) {
        reject(message, body.get(), e.getMessage());
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read notification message: " + e.getMessage(), e);
    }
  }

  /**
   * The batch with its claims of Reveille's authorship when it came off Reveille's own queue; from
   * the producers' queue without them, as any outside producer's batch, so nobody can keep an agent
   * from waking by claiming to be it. A batch replayed from the dead letters goes to the producers'
   * queue, and so keeps no claim either.
   */
  static NotificationBatch honouredClaims(Message message, NotificationBatch batch, Senders senders)
      throws JMSException {
    var claims = batch.originClaims();
    if (claims.isEmpty() || senders == Senders.REVEILLE) {
      return batch;
    }
    // Only for the operator looking for the producer: on AMQP the sender writes this itself.
    var stated = message.getStringProperty("JMSXUserID");
    LOG.log(
        Level.WARNING,
        "Notification batch {0} on reveille.notifications (sender stated as {1}) claims {2}, which"
            + " only Reveille''s own batches on reveille.own-notifications may: taken as an"
            + " outside producer''s batch",
        new Object[] {
          LogText.quoted(batch.batchId()),
          stated == null ? "(none)" : LogText.quoted(stated),
          claims
        });
    return batch.withoutOriginClaims();
  }

  private void reject(Message message, String body, String reason) throws JMSException {
    LOG.log(
        Level.WARNING,
        "Notification message {0} dead-lettered: {1}",
        new Object[] {LogText.quoted(message.getJMSMessageID()), LogText.quoted(reason)});
    deadLetters.send(deadLetterQueue, message, body, reason);
    metrics.batch("dead_lettered");
  }
}
