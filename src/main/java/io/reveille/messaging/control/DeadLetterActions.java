package io.reveille.messaging.control;

import io.reveille.messaging.DeadLetters;
import io.reveille.messaging.JmsBodies;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.UnavailableException;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.transaction.Transactional;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What an administrator does with a dead letter: discard it, or put a notification batch back on
 * the notifications queue. Each takes the message off its dead-letter queue in the same transaction
 * that does the rest, so a replay either moves the batch or leaves it where it was.
 */
@ApplicationScoped
public class DeadLetterActions {

  /** How long a take waits for the broker to hand the message over. */
  static final long RECEIVE_TIMEOUT_MILLIS = 2_000;

  /** A message id as the broker gives it ({@code ID:} and a UUID, mostly): nothing to quote. */
  static final Pattern MESSAGE_ID = Pattern.compile("[A-Za-z0-9:_.\\-]{1,200}");

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notifications")
  Queue notifications;

  /**
   * Takes the message off {@code deadLetters} and drops it.
   *
   * @return whether the queue held it
   */
  @Transactional
  public boolean discard(Queue deadLetters, String messageId) {
    try (var context = connectionFactory.createContext()) {
      return take(context, deadLetters, messageId).isPresent();
    } catch (JMSRuntimeException e) {
      throw new UnavailableException("cannot reach the dead letters: " + e.getMessage(), e);
    }
  }

  /**
   * Takes a dead-lettered batch off {@code deadLetters} and sends its document to the notifications
   * queue again, marked {@value DeadLetters#REPLAYED_PROPERTY}; the consumer reads it as it reads
   * any batch (and dead-letters it again if it still cannot be processed).
   *
   * @return whether the queue held it
   * @throws ConflictException if the message holds no batch document to replay
   */
  @Transactional
  public boolean replayNotification(Queue deadLetters, String messageId) {
    try (var context = connectionFactory.createContext()) {
      var message = take(context, deadLetters, messageId);
      if (message.isEmpty()) {
        return false;
      }
      var body =
          JmsBodies.text(message.get())
              .orElseThrow(
                  () ->
                      new ConflictException(
                          "dead letter "
                              + messageId
                              + " holds no batch document to replay: "
                              + JmsBodies.describe(message.get())));
      var copy = context.createTextMessage(body);
      copy.setBooleanProperty(DeadLetters.REPLAYED_PROPERTY, true);
      context.createProducer().send(notifications, copy);
      return true;
    } catch (JMSException | JMSRuntimeException e) {
      throw new UnavailableException("cannot replay " + messageId + ": " + e.getMessage(), e);
    }
  }

  private static Optional<Message> take(JMSContext context, Queue queue, String messageId) {
    try (var consumer = context.createConsumer(queue, selector(messageId))) {
      return Optional.ofNullable(consumer.receive(RECEIVE_TIMEOUT_MILLIS));
    }
  }

  static String selector(String messageId) {
    if (messageId == null || !MESSAGE_ID.matcher(messageId).matches()) {
      throw new InvalidInputException(
          "messageId", "must be a message id as the dead-letter list shows it");
    }
    return "JMSMessageID = '" + messageId + "'";
  }
}
