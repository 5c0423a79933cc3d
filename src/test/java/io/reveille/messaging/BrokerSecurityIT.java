package io.reveille.messaging;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.Forgery;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityRuntimeException;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The broker's door, through the real broker (embedded, or the external one of the second CI pass):
 * nobody gets in without a login; the producer login sends notification batches that wake agents,
 * and can do nothing else — not hand the server a wake job, not read anyone's batches, not pass a
 * batch off as Reveille's own. The same forgery over AMQP 1.0, STOMP and MQTT is in {@link
 * ProtocolProducersIT}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BrokerSecurityIT {

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void aClientWithoutALoginCannotConnect() {
    assertThrows(
        JMSSecurityRuntimeException.class,
        () -> {
          try (var context = Broker.anonymousConnectionFactory().createContext()) {
            context.createProducer().send(context.createQueue("reveille.notifications"), "{}");
          }
        });
  }

  @Test
  void aProducerCannotKeepAnAgentAsleepByClaimingToBeIt() {
    var forgery = Forgery.against(api, "CORE");
    try (var context = Broker.producerConnectionFactory().createContext()) {
      // Claiming to be Reveille's own login, as the message's sender: the broker stamps the real
      // one.
      var producer = context.createProducer().setProperty("JMSXUserID", Broker.serverUser());
      assertThrows(
          JMSRuntimeException.class,
          () ->
              producer.send(
                  context.createQueue(Broker.OWN_NOTIFICATIONS), forgery.batch().document()),
          "only Reveille's own login may send to the queue of its own batches");

      var forged = forgery.batch();
      producer.send(context.createQueue("reveille.notifications"), forged.document());
      forgery.assertClaimDroppedAndVictimWoken(forged);
    }
  }

  @Test
  void theProducerLoginWakesAgentsAndCanDoNothingElse() {
    var agentId = agents.createCustom("Woken over JMS");
    var entity = "jms-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    try (var context = Broker.producerConnectionFactory().createContext()) {
      context
          .createProducer()
          .send(
              context.createQueue("reveille.notifications"),
              "{\"schemaVersion\":1,\"batchId\":\"b-"
                  + UUID.randomUUID()
                  + "\",\"tokens\":[\""
                  + entity
                  + "\"]}");

      assertThrows(
          JMSRuntimeException.class,
          () ->
              context
                  .createProducer()
                  .send(context.createQueue("reveille.wakes"), "{\"schemaVersion\":1}"),
          "a producer cannot hand the server a wake job");
      assertThrows(
          JMSRuntimeException.class,
          () -> context.createConsumer(context.createQueue("reveille.notifications")).close(),
          "a producer cannot read anyone's batches");
      assertThrows(
          JMSRuntimeException.class,
          () -> context.createConsumer(context.createQueue("reveille.wakes.DLQ")).close(),
          "nor the dead letters");
    }
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
  }
}
