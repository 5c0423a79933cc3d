package io.reveille.testing;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Queue;

/**
 * The public notification queue as any producer reaches it, for tests inside the server: a batch
 * sent here goes through the broker, the consumer and the intake like another system's.
 */
@ApplicationScoped
public class PublicQueue {

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notifications")
  Queue notifications;

  /** Sends {@code document} (a NotificationBatch's JSON) as a text message. */
  public void send(String document) {
    try (var context = connectionFactory.createContext()) {
      context.createProducer().send(notifications, document);
    }
  }
}
