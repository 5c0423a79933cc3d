package io.reveille.testing;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** A plain JMS client of the test server's broker: what an integrated system uses. */
public final class Broker {

  private Broker() {}

  public static ConnectionFactory connectionFactory() {
    return new ActiveMQConnectionFactory(
        System.getProperty("reveille.it.brokerUrl", "tcp://127.0.0.1:61626"));
  }
}
