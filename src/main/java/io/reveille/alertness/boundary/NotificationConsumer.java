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
import jakarta.annotation.Resource;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Takes notification batches off {@code reveille.notifications}: read the body, parse and check it,
 * hand it to {@link NotificationIntake}.
 *
 * <p>A batch that can never be processed is dead-lettered with its reason inside this delivery's XA
 * transaction and the delivery completes, so poison never blocks the queue. Every other failure is
 * thrown: the transaction rolls back and the broker redelivers, dead-lettering only after its
 * configured attempts. Bound to its activation spec in {@code WEB-INF/ibm-ejb-jar-bnd.xml}.
 */
@MessageDriven(name = "NotificationConsumer")
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class NotificationConsumer implements MessageListener {

  private static final Logger LOG = Logger.getLogger(NotificationConsumer.class.getName());

  @Inject NotificationBatchParser parser;
  @Inject NotificationIntake intake;
  @Inject DeadLetters deadLetters;
  @Inject Metrics metrics;
  @Inject Tracing tracing;

  /**
   * The login that sent a message, as the broker stamped it (populate-validated-user): JMS's {@code
   * JMSXUserID}, which Artemis keeps as {@code _AMQ_VALIDATED_USER}.
   */
  static final String JMSX_USER_ID = "JMSXUserID";

  /** Reveille's own login to the embedded broker when none is configured. */
  static final String DEFAULT_SERVER_LOGIN = "reveille-server";

  @Inject
  @ConfigProperty(name = "reveille.broker.server-login")
  Optional<String> brokerUser;

  @Resource(lookup = "jms/reveille/notificationsDLQ")
  Queue deadLetterQueue;

  @Override
  public void onMessage(Message message) {
    // The producer's trace, when its message carries one (traceparent): the wakes this batch
    // causes continue it.
    var span =
        tracing.start(
            "reveille.notifications process",
            SpanKind.CONSUMER,
            tracing.extract(name -> JmsBodies.stringProperty(message, name)));
    Tracing.within(span, () -> receive(message));
  }

  private void receive(Message message) {
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
        intake.accept(
            honouredClaims(message, parser.parse(body.get())), !message.getJMSRedelivered());
        metrics.batch("accepted");
      } catch (InvalidBatchException e) {
        reject(message, body.get(), e.getMessage());
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read notification message: " + e.getMessage(), e);
    }
  }

  /**
   * A batch claiming Reveille's authorship ({@code origin}, {@code originAgentId}, {@code
   * originRunKey}) keeps the claim only when Reveille's own broker login sent it (the broker stamps
   * each message with the login that sent it); from any other login the claim is dropped and the
   * batch counts as an outside producer's, so nobody can keep an agent from waking by claiming to
   * be it. A batch replayed from the dead letters keeps no claim either, whoever sent it.
   */
  NotificationBatch honouredClaims(Message message, NotificationBatch batch) throws JMSException {
    var claims = batch.originClaims();
    if (claims.isEmpty()) {
      return batch;
    }
    var sender = message.getStringProperty(JMSX_USER_ID);
    if (serverLogin().equals(sender) && !message.propertyExists(DeadLetters.REPLAYED_PROPERTY)) {
      return batch;
    }
    LOG.log(
        Level.WARNING,
        "Notification batch {0} from broker login {1} claims {2}, which only Reveille''s own login"
            + " may: taken as an outside producer''s batch",
        new Object[] {
          LogText.quoted(batch.batchId()),
          sender == null ? "(not stamped)" : LogText.quoted(sender),
          claims
        });
    return batch.withoutOriginClaims();
  }

  private String serverLogin() {
    return brokerUser.filter(u -> !u.isBlank()).orElse(DEFAULT_SERVER_LOGIN);
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
