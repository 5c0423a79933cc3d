package io.reveille.alertness.boundary;

import io.reveille.alertness.control.InvalidBatchException;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationIntake;
import io.reveille.messaging.DeadLetters;
import io.reveille.messaging.JmsBodies;
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

  @Resource(lookup = "jms/reveille/notificationsDLQ")
  Queue deadLetterQueue;

  @Override
  public void onMessage(Message message) {
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
        intake.accept(parser.parse(body.get()));
      } catch (InvalidBatchException e) {
        reject(message, body.get(), e.getMessage());
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read notification message: " + e.getMessage(), e);
    }
  }

  private void reject(Message message, String body, String reason) throws JMSException {
    LOG.log(
        Level.WARNING,
        "Notification message {0} dead-lettered: {1}",
        new Object[] {message.getJMSMessageID(), reason});
    deadLetters.send(deadLetterQueue, message, body, reason);
  }
}
