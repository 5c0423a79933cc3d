package io.reveille.notification.boundary;

import io.reveille.notification.control.NotificationQueue;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Queue;

/**
 * Reveille's own notifications queue on Artemis, {@code reveille.own-notifications}, for its own
 * batches (journal and agent domain): only the server's login may send there, so their claims of
 * Reveille's authorship stand. The context is created inside the caller's JTA transaction and so
 * joins it: the batch is delivered only if the change commits.
 */
@ApplicationScoped
public class JmsNotificationQueue implements NotificationQueue {

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/ownNotifications")
  Queue notifications;

  @Override
  public void publish(String batchDocument) {
    try (var context = connectionFactory.createContext()) {
      context.createProducer().send(notifications, batchDocument);
    }
  }
}
