package io.reveille.wake.boundary;

import io.reveille.wake.control.WakeQueue;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.json.Json;
import java.time.Duration;

/**
 * The wakes queue on Artemis. A job is a small JSON document naming the run; the message group is
 * the agent (one consumer at a time per agent, across nodes) and Artemis's duplicate-detection id
 * is the run key, so a job enqueued twice is delivered once. Sending joins the caller's JTA
 * transaction.
 */
@ApplicationScoped
public class JmsWakeQueue implements WakeQueue {

  /** Artemis's duplicate-detection message property. */
  static final String DUPLICATE_ID = "_AMQ_DUPL_ID";

  static final String GROUP_ID = "JMSXGroupID";

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/wakes")
  Queue wakes;

  @Override
  public void enqueue(String agentId, String runKey, Duration delay, String deliveryId) {
    var body =
        Json.createObjectBuilder()
            .add("schemaVersion", WakeJobs.SCHEMA_VERSION)
            .add("runKey", runKey)
            .add("agentId", agentId)
            .build()
            .toString();
    try (var context = connectionFactory.createContext()) {
      var message = context.createTextMessage(body);
      message.setStringProperty(GROUP_ID, agentId);
      message.setStringProperty(DUPLICATE_ID, deliveryId);
      var producer = context.createProducer();
      if (!delay.isZero() && !delay.isNegative()) {
        producer.setDeliveryDelay(delay.toMillis());
      }
      producer.send(wakes, message);
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot enqueue run " + runKey + ": " + e.getMessage(), e);
    }
  }
}
