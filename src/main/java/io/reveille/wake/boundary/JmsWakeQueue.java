package io.reveille.wake.boundary;

import io.reveille.messaging.DeadLetters;
import io.reveille.observability.control.Tracing;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.control.WakeQueue;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The wakes queue on Artemis. A job is a small JSON document naming the run; the message group is
 * the agent (one consumer at a time per agent, across nodes) and Artemis's duplicate-detection id
 * is the run key, so a job enqueued twice is delivered once. Sending joins the caller's JTA
 * transaction. Each job also carries its run key as {@value #RUN_KEY}, for the sweeper's browsing.
 */
@ApplicationScoped
public class JmsWakeQueue implements WakeQueue {

  /** Artemis's duplicate-detection message property. */
  static final String DUPLICATE_ID = "_AMQ_DUPL_ID";

  static final String GROUP_ID = "JMSXGroupID";

  /** The run key, as a property a selector can name. */
  static final String RUN_KEY = "reveilleRunKey";

  /** Run keys per browsing selector: keeps the selector's text short. */
  private static final int SELECTOR_BATCH = 100;

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/wakes")
  Queue wakes;

  @Resource(lookup = "jms/reveille/wakesDLQ")
  Queue deadLetters;

  @Inject Tracing tracing;

  @Override
  public void enqueue(String agentId, String runKey, Duration delay, String deliveryId) {
    var body =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("schemaVersion", WakeJobs.SCHEMA_VERSION)
            .add("runKey", runKey)
            .add("agentId", agentId)
            .build()
            .toString();
    try (var context = connectionFactory.createContext()) {
      var message = context.createTextMessage(body);
      message.setStringProperty(GROUP_ID, agentId);
      message.setStringProperty(DUPLICATE_ID, deliveryId);
      message.setStringProperty(RUN_KEY, runKey);
      var producer = context.createProducer();
      // The trace of whatever caused this job (a producer's batch), for the run to continue.
      tracing.inject(producer::setProperty);
      if (!delay.isZero() && !delay.isNegative()) {
        producer.setDeliveryDelay(delay.toMillis());
      }
      producer.send(wakes, message);
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot enqueue run " + runKey + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Set<String> waiting(Collection<String> runKeys) {
    var found = new HashSet<String>();
    for (var message : browseByRunKey(wakes, runKeys, "the wakes queue")) {
      found.add(message.runKey());
    }
    return Collections.unmodifiableSet(found);
  }

  /** {@code reveilleRunKey IN ('a','b')}, each key's quotes doubled. */
  static String selector(Collection<String> runKeys) {
    return RUN_KEY
        + " IN ("
        + runKeys.stream()
            .map(key -> "'" + key.replace("'", "''") + "'")
            .collect(Collectors.joining(","))
        + ")";
  }

  @Override
  public List<DeadLetteredJob> deadLettered(Collection<String> runKeys) {
    return browseByRunKey(deadLetters, runKeys, "the wakes dead-letter queue").stream()
        .map(job -> new DeadLetteredJob(job.runKey(), job.agentId(), job.reason()))
        .toList();
  }

  /** What browsing reads of one job message. */
  private record Browsed(String runKey, String agentId, String reason) {}

  /**
   * The jobs on {@code queue} that name one of {@code runKeys}, browsed (left where they are) with
   * a selector on {@value #RUN_KEY}, {@value #SELECTOR_BATCH} keys at a time.
   */
  private List<Browsed> browseByRunKey(Queue queue, Collection<String> runKeys, String what) {
    var found = new ArrayList<Browsed>();
    var keys = List.copyOf(runKeys);
    if (keys.isEmpty()) {
      return found;
    }
    try (var context = connectionFactory.createContext()) {
      for (var from = 0; from < keys.size(); from += SELECTOR_BATCH) {
        var batch = keys.subList(from, Math.min(keys.size(), from + SELECTOR_BATCH));
        try (var browser = context.createBrowser(queue, selector(batch))) {
          for (var messages = browser.getEnumeration(); messages.hasMoreElements(); ) {
            var message = (jakarta.jms.Message) messages.nextElement();
            var runKey = message.getStringProperty(RUN_KEY);
            if (runKey != null) {
              found.add(
                  new Browsed(
                      runKey, message.getStringProperty(GROUP_ID), DeadLetters.reasonOf(message)));
            }
          }
        }
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot browse " + what + ": " + e.getMessage(), e);
    }
    return found;
  }
}
