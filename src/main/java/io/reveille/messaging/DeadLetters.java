package io.reveille.messaging;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;

/**
 * Moves a message that can never be processed to a dead-letter queue, with the reason.
 *
 * <p>The broker dead-letters on its own after its redelivery limit, but then nobody learns why. A
 * consumer that recognises poison (malformed JSON, a broken contract) sends it here instead and
 * returns normally: the original is acknowledged, the queue keeps moving, and an operator finds the
 * body with {@value #REASON_PROPERTY} beside it. The consumers' deliveries hold no transaction: the
 * copy is sent before the original is acknowledged, so the message is dead-lettered or redelivered,
 * never lost; and the copy's duplicate id derives from the original's message id, so a delivery
 * that comes back after its copy was sent (the JVM died before the acknowledgement) leaves one
 * copy, not two. Inside a transaction, sending joins it.
 */
@ApplicationScoped
public class DeadLetters {

  public static final String REASON_PROPERTY = "reveilleDeadLetterReason";
  public static final String ORIGINAL_ID_PROPERTY = "reveilleOriginalMessageId";
  public static final String ORIGINAL_DESTINATION_PROPERTY = "reveilleOriginalDestination";

  /**
   * Marks a batch an administrator put back from the dead letters. It goes back on {@code
   * reveille.notifications}, whichever queue it first came from, and so counts as an outside
   * producer's (its origin claims are dropped): the copy no longer proves that Reveille wrote it.
   */
  public static final String REPLAYED_PROPERTY = "reveilleReplayed";

  static final int MAX_REASON_LENGTH = 1000;

  /** Artemis's duplicate-detection message property. */
  static final String DUPLICATE_ID = "_AMQ_DUPL_ID";

  /** The reason of a message the broker dead-lettered itself, which carries none. */
  static final String BROKER_GAVE_UP =
      "the broker gave up delivering it after its delivery attempts"
          + " (reveille.broker.max.delivery.attempts)";

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  /**
   * Why {@code message} is on a dead-letter queue: the reason a consumer gave, or, for one the
   * broker moved there itself, {@link #BROKER_GAVE_UP}.
   */
  public static String reasonOf(Message message) throws JMSException {
    var reason = message.getStringProperty(REASON_PROPERTY);
    return reason != null ? reason : BROKER_GAVE_UP;
  }

  public void send(Queue deadLetterQueue, Message original, String body, String reason)
      throws JMSException {
    var destination = original.getJMSDestination();
    deliver(
        deadLetterQueue,
        body,
        reason,
        original.getJMSMessageID(),
        destination == null
            ? null
            // The queue's name, as the broker names it (reveille.wakes), not the client's toString.
            : destination instanceof jakarta.jms.Queue queue
                ? queue.getQueueName()
                : destination.toString());
  }

  /**
   * Dead-letters a document that never was a message (a row of an outbox), with its reason: {@code
   * originalId} stands in for a message id (a redelivery of the same copy is refused as a
   * duplicate), {@code origin} for the destination it was bound for.
   */
  public void sendDocument(
      Queue deadLetterQueue, String body, String reason, String originalId, String origin)
      throws JMSException {
    deliver(deadLetterQueue, body, reason, originalId, origin);
  }

  /** The copy: the body (none: an empty message), the reason, the original's id and destination. */
  private void deliver(
      Queue deadLetterQueue, String body, String reason, String originalId, String destination)
      throws JMSException {
    try (var context = connectionFactory.createContext()) {
      var copy = body == null ? context.createMessage() : context.createTextMessage(body);
      copy.setStringProperty(REASON_PROPERTY, truncate(reason));
      copy.setStringProperty(ORIGINAL_ID_PROPERTY, originalId);
      if (originalId != null) {
        // A replay is a new message with an id of its own: only a redelivery of this one is
        // refused.
        copy.setStringProperty(DUPLICATE_ID, "dead-letter:" + originalId);
      }
      if (destination != null) {
        copy.setStringProperty(ORIGINAL_DESTINATION_PROPERTY, destination);
      }
      context.createProducer().send(deadLetterQueue, copy);
    }
  }

  static String truncate(String reason) {
    var text = reason == null ? "unknown" : reason;
    return text.length() <= MAX_REASON_LENGTH
        ? text
        : text.substring(0, MAX_REASON_LENGTH - 1) + "…";
  }
}
