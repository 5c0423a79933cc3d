package io.reveille.testing;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.QueueRequestor;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSClient;
import org.apache.activemq.artemis.api.jms.management.JMSManagementHelper;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** A plain JMS client of the test server's broker: what an integrated system uses. */
public final class Broker {

  /** Reveille's own batches, which only its own login may send. */
  public static final String OWN_NOTIFICATIONS = "reveille.own-notifications";

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

  /** Logged in as the peer sites' bridge login, which may only send sync records in. */
  public static ConnectionFactory syncConnectionFactory() {
    return new ActiveMQConnectionFactory(
        url(),
        System.getProperty("reveille.it.brokerSyncUser", ""),
        System.getProperty("reveille.it.brokerSyncPassword", ""));
  }

  /** Logged in as the external producer, which may only send notification batches. */
  public static ConnectionFactory producerConnectionFactory() {
    return new ActiveMQConnectionFactory(
        url(),
        System.getProperty("reveille.it.brokerProducerUser", ""),
        System.getProperty("reveille.it.brokerProducerPassword", ""));
  }

  /**
   * Logged in as Reveille's own broker login of a server started with the README's run command, for
   * the load drivers: {@code REVEILLE_BROKER_USER} / {@code REVEILLE_BROKER_PASSWORD} when set,
   * else the user name and password the server generated into its broker data directory ({@code
   * -Dreveille.broker.user-file} and {@code -Dreveille.broker.password-file} name other files).
   */
  public static ConnectionFactory ofRunningServer(String brokerUrl) {
    var password =
        TestIdentities.ofRunningServer(
            "REVEILLE_BROKER_PASSWORD",
            "reveille.broker.password-file",
            "artemis-data/server-password");
    var user =
        TestIdentities.ofRunningServer(
            "REVEILLE_BROKER_USER", "reveille.broker.user-file", "artemis-data/server-user");
    return new ActiveMQConnectionFactory(brokerUrl, user, password);
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

  /** The user name of Reveille's own broker login, which the test server is configured with. */
  public static String serverUser() {
    return System.getProperty("reveille.it.brokerUser", "");
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
   * Invokes a management operation on a queue of the broker (as Reveille's own login, which may
   * manage), as an operator's console would: {@code pause}, {@code resume}, {@code
   * sendMessagesToDeadLetterAddress} with a filter, …; returns the operation's result.
   */
  public static Object manageQueue(String queue, String operation, Object... parameters) {
    return manageQueue(connectionFactory(), queue, operation, parameters);
  }

  /** The same on the broker {@code factory} logs in to, with a login that may manage. */
  public static Object manageQueue(
      ConnectionFactory factory, String queue, String operation, Object... parameters) {
    try (var connection = ((ActiveMQConnectionFactory) factory).createQueueConnection()) {
      var session = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
      var requestor =
          new QueueRequestor(session, ActiveMQJMSClient.createQueue("activemq.management"));
      connection.start();
      var request = session.createMessage();
      JMSManagementHelper.putOperationInvocation(
          request, ResourceNames.QUEUE + queue, operation, parameters);
      var reply = requestor.request(request);
      if (!JMSManagementHelper.hasOperationSucceeded(reply)) {
        throw new IllegalStateException(
            operation + " on " + queue + " failed: " + JMSManagementHelper.getResult(reply));
      }
      return JMSManagementHelper.getResult(reply);
    } catch (JMSException e) {
      throw new IllegalStateException(operation + " on " + queue + ": " + e.getMessage(), e);
    } catch (Exception e) {
      throw new IllegalStateException(operation + " on " + queue + ": " + e, e);
    }
  }

  /** A notification batch document with a fresh batch id and one token. */
  public static String batch(String token) {
    return "{\"schemaVersion\":1,\"batchId\":\"b-"
        + java.util.UUID.randomUUID()
        + "\",\"tokens\":[\""
        + token
        + "\"]}";
  }

  /**
   * Sends one notification batch document to {@code reveille.notifications}, as a producer does.
   */
  public static void sendNotification(String batch) {
    sendNotification(batch, java.util.Map.of());
  }

  /** The same, the message carrying these string properties (such as {@code traceparent}). */
  public static void sendNotification(String batch, java.util.Map<String, String> properties) {
    try (var context = producerConnectionFactory().createContext()) {
      var producer = context.createProducer();
      properties.forEach(producer::setProperty);
      producer.send(context.createQueue("reveille.notifications"), batch);
    }
  }

  /**
   * Sends one notification batch document to {@code reveille.own-notifications} with Reveille's own
   * login, as the server sends its own batches: its claims of Reveille's authorship stand.
   */
  public static void sendOwnNotification(String batch) {
    try (var context = connectionFactory().createContext()) {
      context.createProducer().send(context.createQueue(OWN_NOTIFICATIONS), batch);
    }
  }
}
