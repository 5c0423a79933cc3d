package io.reveille.retention.boundary;

import io.reveille.retention.control.DeadLetterPurge;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import java.time.Instant;

/** Takes old dead letters off both dead-letter queues, selected by their JMS timestamp. */
@ApplicationScoped
public class JmsDeadLetterPurge implements DeadLetterPurge {

  /** How long one receive waits for the next old message before the queue counts as done. */
  private static final long RECEIVE_MILLIS = 200;

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notificationsDLQ")
  Queue notifications;

  @Resource(lookup = "jms/reveille/wakesDLQ")
  Queue wakes;

  @Override
  public int purgeOlderThan(Instant cutoff, int max) {
    // A message without a timestamp (some AMQP clients send none) is never old enough to go.
    var selector = "JMSTimestamp > 0 AND JMSTimestamp < " + cutoff.toEpochMilli();
    var removed = 0;
    try (var context = connectionFactory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
      for (var queue : new Queue[] {notifications, wakes}) {
        try (var consumer = context.createConsumer(queue, selector)) {
          var fromThisQueue = 0;
          while (fromThisQueue < max && consumer.receive(RECEIVE_MILLIS) != null) {
            fromThisQueue++;
          }
          removed += fromThisQueue;
        }
      }
    }
    return removed;
  }
}
