package io.reveille.alertness.boundary;

import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Takes the batches with claims of Reveille's authorship (those a trusted principal posted over
 * HTTP; Reveille's own changes go through the outbox instead, {@link OutboxNotificationQueue}) off
 * {@code reveille.own-notifications}, where the broker lets only Reveille's own login send: their
 * claims of Reveille's authorship stand ({@link NotificationReception}). A queue of their own,
 * rather than a sender the message names, because the broker enforces who may send to an address on
 * every protocol alike. Bound to its activation spec in {@code WEB-INF/ibm-ejb-jar-bnd.xml}.
 *
 * <p>The delivery holds no transaction ({@code NOT_SUPPORTED}), as {@link NotificationConsumer}'s.
 */
@MessageDriven(name = "OwnNotificationConsumer")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class OwnNotificationConsumer implements MessageListener {

  @Inject NotificationReception reception;

  @Override
  public void onMessage(Message message) {
    reception.receive(message, NotificationReception.Senders.REVEILLE);
  }
}
