package io.reveille.messaging.control;

import io.reveille.platform.error.UnavailableException;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many messages wait on each of Reveille's queues, asked of the broker through its management
 * address (Artemis' management messages: one request per queue, the reply on a temporary queue), so
 * a depth costs the same whether the queue holds ten messages or a million, on the embedded broker
 * and on an external one alike. Reveille's own broker login may manage.
 */
@ApplicationScoped
public class QueueDepths {

  public static final String NOTIFICATIONS = "reveille.notifications";
  public static final String OWN_NOTIFICATIONS = "reveille.own-notifications";
  public static final String NOTIFICATIONS_DLQ = "reveille.notifications.DLQ";
  public static final String WAKES = "reveille.wakes";
  public static final String WAKES_DLQ = "reveille.wakes.DLQ";

  /** Reveille's queues, in the order operators read them. */
  public static final List<String> QUEUES =
      List.of(NOTIFICATIONS, OWN_NOTIFICATIONS, NOTIFICATIONS_DLQ, WAKES, WAKES_DLQ);

  /** How long one answer of the broker may take. */
  static final long REPLY_TIMEOUT_MILLIS = 5_000;

  // Artemis' management message headers.
  static final String RESOURCE_NAME = "_AMQ_ResourceName";
  static final String ATTRIBUTE = "_AMQ_Attribute";
  static final String SUCCEEDED = "_AMQ_OperationSucceeded";

  /** One queue's depth: the messages on it, delivered or not yet, scheduled ones included. */
  public record QueueDepth(String name, long messageCount) {}

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Inject
  @ConfigProperty(name = "reveille.broker.management-address", defaultValue = "activemq.management")
  String managementAddress;

  /** The depth of each of {@link #QUEUES}. */
  public List<QueueDepth> depths() {
    return depths(QUEUES);
  }

  /** The depth of each of {@code queues}, in their order: one request to the broker each. */
  public List<QueueDepth> depths(List<String> queues) {
    try (var context = connectionFactory.createContext()) {
      var management = context.createQueue(managementAddress);
      var replies = context.createTemporaryQueue();
      try (var consumer = context.createConsumer(replies)) {
        var depths = new ArrayList<QueueDepth>();
        for (var queue : queues) {
          var request = context.createMessage();
          request.setStringProperty(RESOURCE_NAME, "queue." + queue);
          request.setStringProperty(ATTRIBUTE, "messageCount");
          context.createProducer().setJMSReplyTo(replies).send(management, request);
          var reply =
              Optional.ofNullable(consumer.receive(REPLY_TIMEOUT_MILLIS))
                  .orElseThrow(
                      () ->
                          new UnavailableException(
                              "the broker did not answer for "
                                  + queue
                                  + " within "
                                  + REPLY_TIMEOUT_MILLIS
                                  + " ms"));
          depths.add(new QueueDepth(queue, count(queue, reply)));
        }
        return depths;
      }
    } catch (JMSException | JMSRuntimeException e) {
      throw new UnavailableException("cannot ask the broker: " + e.getMessage(), e);
    }
  }

  /** The number in a management reply: a JSON array holding one number, such as {@code [12]}. */
  static long count(String queue, Message reply) throws JMSException {
    var text = reply instanceof TextMessage textMessage ? textMessage.getText() : null;
    if (!reply.getBooleanProperty(SUCCEEDED) || text == null) {
      throw new UnavailableException("the broker refused the depth of " + queue + ": " + text);
    }
    var number = text.strip();
    if (number.startsWith("[") && number.endsWith("]")) {
      number = number.substring(1, number.length() - 1).strip();
    }
    try {
      return Long.parseLong(number);
    } catch (NumberFormatException e) {
      throw new UnavailableException("unexpected depth of " + queue + ": " + text, e);
    }
  }
}
