package io.reveille.sync.boundary;

import io.reveille.sync.control.SyncEnvelope;
import io.reveille.sync.control.SyncSignals;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * What this site puts on {@code reveille.sync.outbound}, from where the operator's bridge carries
 * it to the peers. A batch of records is sent in one transaction of the broker's, so the broker
 * writes its journal once a batch, not once a record.
 */
@ApplicationScoped
public class SyncOutbound {

  /** The JMS property naming a record's origin host, for selectors and the operator's eyes. */
  public static final String ORIGIN_PROPERTY = "reveilleSyncOrigin";

  /** The JMS property carrying a record's counter. */
  public static final String COUNTER_PROPERTY = "reveilleSyncCounter";

  /** The JMS property naming the record a sync record carries (for selectors). */
  public static final String RECORD_PROPERTY = "reveilleSyncRecord";

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/syncOutbound")
  Queue outbound;

  /** Sends {@code batch}, persistent, in counter order, all or none. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void records(List<SyncEnvelope> batch) {
    try (var context = connectionFactory.createContext()) {
      var producer = context.createProducer().setDeliveryMode(DeliveryMode.PERSISTENT);
      for (var envelope : batch) {
        var message = context.createTextMessage(envelope.write());
        message.setStringProperty(SyncSignals.KIND_PROPERTY, SyncSignals.RECORD);
        message.setStringProperty(ORIGIN_PROPERTY, envelope.origin());
        message.setLongProperty(COUNTER_PROPERTY, envelope.counter());
        message.setStringProperty(RECORD_PROPERTY, envelope.recordId());
        producer.send(outbound, message);
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot send sync records: " + e.getMessage(), e);
    }
  }

  /** Sends a head or a backfill request; {@code origin} is the origin it is about. */
  public void signal(String kind, String origin, String body) {
    try (var context = connectionFactory.createContext()) {
      var message = context.createTextMessage(body);
      message.setStringProperty(SyncSignals.KIND_PROPERTY, kind);
      message.setStringProperty(ORIGIN_PROPERTY, origin);
      context.createProducer().setDeliveryMode(DeliveryMode.PERSISTENT).send(outbound, message);
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot send a sync " + kind + ": " + e.getMessage(), e);
    }
  }
}
