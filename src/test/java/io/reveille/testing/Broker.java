package io.reveille.testing;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** A plain JMS client of the test server's broker: what an integrated system uses. */
public final class Broker {

  private Broker() {}

  /**
   * Logged in as Reveille's own server login, which may do anything: for tests that look into the
   * dead-letter queues or hand the server a job directly.
   */
  public static ConnectionFactory connectionFactory() {
    return new ActiveMQConnectionFactory(
        url(),
        System.getProperty("reveille.it.brokerUser", ""),
        System.getProperty("reveille.it.brokerPassword", ""));
  }

  /** Logged in as the external producer, which may only send notification batches. */
  public static ConnectionFactory producerConnectionFactory() {
    return new ActiveMQConnectionFactory(
        url(),
        System.getProperty("reveille.it.brokerProducerUser", ""),
        System.getProperty("reveille.it.brokerProducerPassword", ""));
  }

  /** No login at all. */
  public static ConnectionFactory anonymousConnectionFactory() {
    return new ActiveMQConnectionFactory(url());
  }

  /** The broker's login for the external producer: user name, then password. */
  public static String[] producerLogin() {
    return new String[] {
      System.getProperty("reveille.it.brokerProducerUser", ""),
      System.getProperty("reveille.it.brokerProducerPassword", "")
    };
  }

  /** The broker's host and port, which every protocol shares: {@code host:port}. */
  public static String hostAndPort() {
    var url = url();
    return url.substring(url.indexOf("://") + 3);
  }

  private static String url() {
    return System.getProperty("reveille.it.brokerUrl", "tcp://127.0.0.1:61626");
  }

  /**
   * Sends one notification batch document to {@code reveille.notifications}, as a producer does.
   */
  public static void sendNotification(String batch) {
    try (var context = producerConnectionFactory().createContext()) {
      context.createProducer().send(context.createQueue("reveille.notifications"), batch);
    }
  }
}
