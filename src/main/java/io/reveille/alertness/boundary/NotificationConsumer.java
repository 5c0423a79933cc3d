package io.reveille.alertness.boundary;

import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Takes outside producers' notification batches off {@code reveille.notifications}, where any
 * producer login may send: their claims of Reveille's authorship are dropped ({@link
 * NotificationReception}). Bound to its activation spec in {@code WEB-INF/ibm-ejb-jar-bnd.xml}.
 *
 * <p>The delivery holds no transaction ({@code NOT_SUPPORTED}): the intake commits the batch in a
 * transaction of the database alone, and the resource adapter acknowledges the delivery when this
 * returns, or rolls it back for the broker to redeliver when it throws.
 */
@MessageDriven(name = "NotificationConsumer")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class NotificationConsumer implements MessageListener {

  @Inject NotificationReception reception;

  @Override
  public void onMessage(Message message) {
    reception.receive(message, NotificationReception.Senders.ANYONE);
  }
}
