package io.reveille.alertness.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Notification batches through the real Artemis broker into the NotificationConsumer MDB, sent by a
 * plain JMS client as an integrated system would.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class NotificationConsumerIT {

  private static final String DEAD_LETTER_REASON = "reveilleDeadLetterReason";

  private final Api api = new Api();

  @Test
  void batchSentToTheQueueIsRecordedByTheConsumer() {
    var batchId = "it-" + UUID.randomUUID();
    send(
        """
        {"schemaVersion":1,"batchId":"%s","origin":"external","hostId":"site-a","counter":7,
         "tokens":["TASK","task-42","workout.type:run"],
         "entities":[{"id":"task-42","type":"task","categoryId":"gym","attributes":{"status":"OPEN"}}]}
        """
            .formatted(batchId));

    var recorded = awaitRecorded(batchId);
    assertEquals("external", recorded.getString("origin"));
    assertEquals("site-a", recorded.getString("hostId"));
    assertEquals(7, recorded.getJsonNumber("counter").longValue());
    assertEquals(3, recorded.getJsonArray("tokens").size());
    assertEquals("task-42", recorded.getJsonArray("tokens").getString(1));
  }

  @Test
  void bytesMessageHoldingUtf8JsonIsAccepted() {
    var batchId = "it-bytes-" + UUID.randomUUID();
    var json =
        """
        {"schemaVersion":1,"batchId":"%s","tokens":["Zürich"]}"""
            .formatted(batchId);
    try (var context = Broker.connectionFactory().createContext()) {
      var message = context.createBytesMessage();
      message.writeBytes(json.getBytes(StandardCharsets.UTF_8));
      context.createProducer().send(context.createQueue("reveille.notifications"), message);
    } catch (jakarta.jms.JMSException e) {
      throw new IllegalStateException(e);
    }
    assertEquals("Zürich", awaitRecorded(batchId).getJsonArray("tokens").getString(0));
  }

  @Test
  void malformedBatchesAreDeadLetteredWithTheirReasonAndDoNotBlockTheQueue() {
    var missingId =
        "{\"schemaVersion\":1,\"tokens\":[\"x\"],\"marker\":\"" + UUID.randomUUID() + "\"}";
    send("{not json");
    send(missingId);
    send("{\"schemaVersion\":2,\"batchId\":\"v2-" + UUID.randomUUID() + "\"}");
    var after = "it-after-" + UUID.randomUUID();
    send(
        """
        {"schemaVersion":1,"batchId":"%s","tokens":["still-flowing"]}"""
            .formatted(after));

    awaitRecorded(after);

    try (var context = Broker.connectionFactory().createContext(JMSContext.AUTO_ACKNOWLEDGE);
        var consumer = context.createConsumer(context.createQueue("reveille.notifications.DLQ"))) {
      var reasons = new java.util.ArrayList<String>();
      var bodies = new java.util.ArrayList<String>();
      Message message;
      while ((message = consumer.receive(reasons.size() < 3 ? 10_000 : 1_000)) != null) {
        reasons.add(message.getStringProperty(DEAD_LETTER_REASON));
        bodies.add(message instanceof TextMessage text ? text.getText() : null);
      }
      assertTrue(
          reasons.stream().anyMatch(r -> r != null && r.startsWith("malformed JSON")),
          reasons::toString);
      assertTrue(reasons.contains("batchId: required"), reasons::toString);
      assertTrue(
          reasons.stream().anyMatch(r -> r != null && r.startsWith("schemaVersion")),
          reasons::toString);
      assertTrue(bodies.contains(missingId), "the original body is kept for the operator");
    } catch (jakarta.jms.JMSException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void administratorsReadWhyABatchWasDeadLetteredOverHttp() {
    var marker = "unreadable-" + UUID.randomUUID();
    send("{\"schemaVersion\":1,\"tokens\":[\"" + marker + "\"]}");

    var letter =
        org.awaitility.Awaitility.await()
            .atMost(java.time.Duration.ofSeconds(60))
            .until(
                () ->
                    api.getAll("/api/dead-letters/notifications").stream()
                        .filter(l -> l.getString("body", "").contains(marker))
                        .findFirst(),
                java.util.Optional::isPresent)
            .get();

    assertEquals("batchId: required", letter.getString("reason"), letter::toString);
    assertEquals(404, api.get("/api/dead-letters/elsewhere").status());
  }

  @Test
  void batchOverTheTokenLimitIsDeadLetteredNotRecorded() {
    var batchId = "it-big-" + UUID.randomUUID();
    var tokens = new StringBuilder();
    for (int i = 0; i < 1001; i++) {
      tokens.append(i == 0 ? "" : ",").append("\"t").append(i).append('"');
    }
    send("{\"schemaVersion\":1,\"batchId\":\"" + batchId + "\",\"tokens\":[" + tokens + "]}");
    var after = "it-after-big-" + UUID.randomUUID();
    send("{\"schemaVersion\":1,\"batchId\":\"" + after + "\",\"tokens\":[\"ok\"]}");
    awaitRecorded(after);
    assertEquals(404, api.get("/api/notifications/" + batchId).status());
  }

  @Test
  void batchPostedOverHttpTravelsTheSameQueue() {
    var batchId = "it-http-" + UUID.randomUUID();
    var accepted =
        api.post(
            "/api/notifications",
            """
        {"schemaVersion":1,"batchId":"%s","tokens":["TASK"]}"""
                .formatted(batchId));
    assertEquals(202, accepted.status(), accepted::toString);
    assertEquals(batchId, awaitRecorded(batchId).getString("batchId"));

    var invalid =
        api.post(
            "/api/notifications",
            """
        {"schemaVersion":1,"tokens":["TASK"]}""");
    assertEquals(400, invalid.status(), invalid::toString);
    assertTrue(invalid.body().contains("batchId"), invalid::toString);
  }

  private jakarta.json.JsonObject awaitRecorded(String batchId) {
    var holder = new jakarta.json.JsonObject[1];
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              var response = api.get("/api/notifications/" + batchId);
              if (response.status() == 200) {
                holder[0] = response.json();
                return true;
              }
              return false;
            });
    assertNotNull(holder[0]);
    return holder[0];
  }

  private static void send(String body) {
    Broker.sendNotification(body);
  }
}
