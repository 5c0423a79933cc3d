package io.reveille.messaging;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An administrator's dead letters: a batch the broker gave up on (moved to the dead-letter queue by
 * a management operation while the queue was paused, as an operator's console would) is found with
 * the queue depths, replayed, recorded, and wakes its agent even though it claimed to come from
 * that agent (a replayed batch keeps no claim); a batch the consumer refused as poison is
 * discarded. Bad requests are refused with the parameter named.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DeadLetterActionsIT {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void aBatchTheBrokerGaveUpOnIsReplayedAndWakesItsAgent() {
    var agentId = agents.createCustom("Replayed to");
    var entity = "replay-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    var batchId = "replay-" + UUID.randomUUID();
    var marker = UUID.randomUUID().toString();
    Broker.manageQueue("reveille.notifications", "pause");
    try {
      try (var context = Broker.producerConnectionFactory().createContext()) {
        context
            .createProducer()
            .setProperty("reveilleTestMarker", marker)
            .send(
                context.createQueue("reveille.notifications"),
                "{\"schemaVersion\":1,\"batchId\":\""
                    + batchId
                    + "\",\"tokens\":[\""
                    + entity
                    + "\"],\"origin\":\"local\",\"originAgentId\":\""
                    + agentId
                    + "\"}");
      }
      var moved =
          Broker.manageQueue(
              "reveille.notifications",
              "sendMessagesToDeadLetterAddress",
              "reveilleTestMarker = '" + marker + "'");
      assertEquals(1, ((Number) moved).intValue(), "the batch went to the dead-letter queue");
    } finally {
      Broker.manageQueue("reveille.notifications", "resume");
    }

    var letter = await().atMost(WAIT).until(() -> deadLetter(batchId), Optional::isPresent).get();
    assertTrue(letter.getString("reason").contains("delivery attempts"), letter::toString);
    var depths = api.get("/api/broker/queues");
    assertEquals(200, depths.status(), depths::toString);
    var names =
        depths.structure().asJsonArray().getValuesAs(JsonObject.class).stream()
            .map(q -> q.getString("name"))
            .toList();
    assertEquals(
        java.util.List.of(
            "reveille.notifications",
            "reveille.own-notifications",
            "reveille.notifications.DLQ",
            "reveille.wakes",
            "reveille.wakes.DLQ"),
        names);
    var deadLetterQueues = api.get("/api/dead-letters").structure().asJsonArray();
    assertTrue(
        deadLetterQueues.getJsonObject(0).getJsonNumber("messageCount").longValue() >= 1,
        deadLetterQueues::toString);

    var messageId = letter.getString("messageId");
    var replayed = api.post(replayPath(messageId), "");
    assertEquals(202, replayed.status(), replayed::toString);
    await().atMost(WAIT).until(() -> api.get("/api/notifications/" + batchId).status() == 200);
    await().atMost(WAIT).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
    assertEquals(404, api.post(replayPath(messageId), "").status(), "replayed once, then gone");
  }

  @Test
  void aPoisonBatchIsDiscardedAndBadRequestsAreRefused() {
    var marker = "poison-" + UUID.randomUUID();
    Broker.sendNotification("not a batch " + marker);
    var letter = await().atMost(WAIT).until(() -> deadLetter(marker), Optional::isPresent).get();
    var messageId = letter.getString("messageId");
    assertEquals(
        "reveille.notifications", letter.getString("originalDestination"), letter::toString);

    var wakesReplay = api.post("/api/dead-letters/wakes/" + encode(messageId) + "/replay", "");
    assertEquals(400, wakesReplay.status(), wakesReplay::toString);
    assertTrue(wakesReplay.body().contains("queue"), wakesReplay::toString);
    var discarded = api.delete("/api/dead-letters/notifications/" + encode(messageId));
    assertEquals(204, discarded.status(), discarded::toString);
    assertFalse(deadLetter(marker).isPresent(), "discarded");
    assertEquals(404, api.delete("/api/dead-letters/notifications/" + encode(messageId)).status());

    var quoted = api.delete("/api/dead-letters/notifications/" + encode("ID:x' OR '1'='1"));
    assertEquals(400, quoted.status(), quoted::toString);
    assertTrue(quoted.body().contains("messageId"), quoted::toString);
    assertEquals(404, api.delete("/api/dead-letters/elsewhere/" + encode(messageId)).status());
  }

  /** The dead letter on the notifications queue whose body mentions {@code text}. */
  private Optional<JsonObject> deadLetter(String text) {
    return api.getAll("/api/dead-letters/notifications?limit=500").stream()
        .filter(letter -> letter.getString("body", "").contains(text))
        .findFirst();
  }

  private static String replayPath(String messageId) {
    return "/api/dead-letters/notifications/" + encode(messageId) + "/replay";
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
