package io.reveille.wake.boundary;

import io.reveille.messaging.DeadLetters;
import io.reveille.observability.control.Tracing;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.control.WakeQueue;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import jakarta.transaction.TransactionSynchronizationRegistry;
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
 * transaction, unless that transaction {@linkplain #holdUntilCommitted holds} its jobs: they are
 * kept in the transaction's registry and sent, outside any transaction, by whoever opened it once
 * it has committed. Each job also carries its run key as {@value #RUN_KEY}, for the sweeper's
 * browsing.
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

  /** The registry key of the jobs a transaction holds. */
  private static final Object HELD = new Object();

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/wakes")
  Queue wakes;

  @Resource(lookup = "jms/reveille/wakesDLQ")
  Queue deadLetters;

  @Inject Tracing tracing;

  @Resource TransactionSynchronizationRegistry transactions;

  @Override
  public void enqueue(String agentId, String runKey, Duration delay, String deliveryId) {
    var job = new Job(agentId, runKey, delay, deliveryId);
    if (transactions.getTransactionKey() != null
        && transactions.getResource(HELD) instanceof HeldJobs held) {
      held.add(job);
      return;
    }
    try (var context = connectionFactory.createContext()) {
      send(context, job);
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot enqueue run " + runKey + ": " + e.getMessage(), e);
    }
  }

  @Override
  public HeldJobs holdUntilCommitted() {
    if (transactions.getTransactionKey() == null) {
      throw new IllegalStateException("wake jobs are held only inside a transaction");
    }
    if (transactions.getResource(HELD) instanceof HeldJobs held) {
      return held;
    }
    var held = new HeldJobs();
    transactions.putResource(HELD, held);
    return held;
  }

  @Override
  public void send(HeldJobs held) {
    if (held.isEmpty()) {
      return;
    }
    try (var context = connectionFactory.createContext()) {
      for (var job : held.jobs()) {
        try {
          send(context, job);
        } catch (JMSException | JMSRuntimeException e) {
          throw new IllegalStateException(
              "Cannot enqueue run " + job.runKey() + ": " + e.getMessage(), e);
        }
      }
    }
  }

  private void send(JMSContext context, Job job) throws JMSException {
    var body =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("schemaVersion", WakeJobs.SCHEMA_VERSION)
            .add("runKey", job.runKey())
            .add("agentId", job.agentId())
            .build()
            .toString();
    var message = context.createTextMessage(body);
    message.setStringProperty(GROUP_ID, job.agentId());
    message.setStringProperty(DUPLICATE_ID, job.deliveryId());
    message.setStringProperty(RUN_KEY, job.runKey());
    var producer = context.createProducer();
    // The trace of whatever caused this job (a producer's batch), for the run to continue.
    tracing.inject(producer::setProperty);
    var delay = job.delay();
    if (!delay.isZero() && !delay.isNegative()) {
      producer.setDeliveryDelay(delay.toMillis());
    }
    producer.send(wakes, message);
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
