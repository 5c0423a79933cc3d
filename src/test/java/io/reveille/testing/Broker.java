package io.reveille.testing;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** A plain JMS client of the test server's broker: what an integrated system uses. */
public final class Broker {

  private Broker() {}

  /** Credentials only when the tests run against an external broker that requires a login. */
  public static ConnectionFactory connectionFactory() {
    var url = System.getProperty("reveille.it.brokerUrl", "tcp://127.0.0.1:61626");
    var user = System.getProperty("reveille.it.brokerUser", "");
    return user.isBlank()
        ? new ActiveMQConnectionFactory(url)
        : new ActiveMQConnectionFactory(
            url, user, System.getProperty("reveille.it.brokerPassword", ""));
  }

  /**
   * Sends one notification batch document to {@code reveille.notifications}, as a producer does.
   */
  public static void sendNotification(String batch) {
    try (var context = connectionFactory().createContext()) {
      context.createProducer().send(context.createQueue("reveille.notifications"), batch);
    }
  }
}
