package io.reveille.sync.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.messaging.DeadLetters;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.sync.control.SyncEnvelope;
import io.reveille.sync.control.SyncSignals;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.suite.BesideTheChain;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.TextMessage;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The test server is a site of a multi-site deployment ({@code reveille.sync.host-id} {@code
 * site-it}); this test plays its peers over the real broker. What the site changes leaves on {@code
 * reveille.sync.outbound} as records numbered in order; a peer's records sent to {@code
 * reveille.sync.inbound} with the sites' bridge login are kept once and applied in their origin's
 * order, a gap waiting for the record that fills it; what is not a sync record is dead-lettered
 * with the reason; an outside producer may not send sync records at all. Each test is its own peer
 * (an origin host of its own) with agents of its own.
 */
@ExtendWith(BesideTheChain.class)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ)
class SyncIT {

  private static final String INBOUND = "reveille.sync.inbound";
  private static final String OUTBOUND = "reveille.sync.outbound";
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static OutboundTap tap;

  private final Api api = new Api();

  @BeforeAll
  static void tapTheOutboundQueue() {
    tap = new OutboundTap();
  }

  @AfterAll
  static void closeTheTap() {
    if (tap != null) {
      tap.close();
    }
  }

  private final Agents agents = new Agents(api);

  @Test
  void anAgentAndItsMessagesMadeHereLeaveAsRecordsNumberedInOrder() {
    var agentId = agents.createCustom("SyncIT outbound");
    agents.awaitManualWake(agentId);
    var messageIds =
        api
            .get("/api/agents/" + agentId + "/messages?limit=100")
            .json()
            .getJsonArray("items")
            .stream()
            .map(m -> m.asJsonObject().getString("id"))
            .toList();
    assertFalse(messageIds.isEmpty(), "the run appended messages");

    var wanted = new ArrayList<String>(messageIds);
    wanted.add(agentId);
    var records = received(wanted);

    var agent =
        records.stream().filter(r -> r.recordId().equals(agentId)).findFirst().orElseThrow();
    assertEquals("site-it", agent.origin());
    assertEquals("agent", agent.type());
    assertEquals("SyncIT outbound", agent.body().getString("displayName"));
    for (var message : records) {
      if (!message.recordId().equals(agentId)) {
        assertEquals("message", message.type());
        assertEquals(agentId, message.body().getString("agentId"));
        assertTrue(
            message.counter() > agent.counter(),
            "a message of the agent is numbered after the agent: " + message + " / " + agent);
      }
    }
    // Each record once, its counter its own.
    assertEquals(
        records.size(),
        records.stream().map(SyncEnvelope::counter).distinct().count(),
        records::toString);
    // The sender notes how far it sent once its whole batch is on the queue.
    var last = records.stream().mapToLong(SyncEnvelope::counter).max().orElseThrow();
    await()
        .atMost(WAIT)
        .until(
            () -> status().getJsonObject("own").getJsonNumber("sentThrough").longValue() >= last);
  }

  @Test
  void aPeersRecordsApplyOnceInTheirOriginsOrderAndAGapWaitsForItsRecord() {
    var peer = "site-peer-" + UUID.randomUUID().toString().substring(0, 8);
    var agentId = UUID.randomUUID().toString();
    var created = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    var first = message(agentId, created.plusSeconds(1), null, "The first of two messages", null);
    var longText = "A long text that goes to a payload row. ".repeat(80);
    var second =
        message(
            agentId,
            created.plusSeconds(2),
            first.getString("id"),
            longText,
            UUID.randomUUID().toString());

    send(new SyncEnvelope(peer, 1, "agent", agentId, 1, agent(agentId, created)));
    send(new SyncEnvelope(peer, 3, "message", second.getString("id"), 1, second));
    // Both kept, whichever the consumer took first: 1 applied, 3 waiting for 2.
    var waiting =
        awaitPeer(
            peer,
            p ->
                p.getJsonNumber("highestSeen").longValue() == 3
                    && p.getJsonNumber("appliedThrough").longValue() == 1);
    assertEquals(1, waiting.getJsonNumber("appliedThrough").longValue(), waiting::toString);
    assertEquals(
        "[{\"from\":2,\"to\":2}]", waiting.getJsonArray("gaps").toString(), waiting::toString);
    var agent = api.get("/api/agents/" + agentId);
    assertEquals(200, agent.status(), agent::toString);
    assertEquals("SyncIT peer agent", agent.json().getString("displayName"));
    assertEquals(
        "created", agent.json().getString("lifecycle"), "a peer's agent does not run here");
    assertEquals(
        404, api.get("/api/agents/" + agentId + "/messages/" + second.getString("id")).status());

    // The same record again changes nothing; the missing one fills the gap and both apply.
    send(new SyncEnvelope(peer, 3, "message", second.getString("id"), 1, second));
    send(new SyncEnvelope(peer, 2, "message", first.getString("id"), 1, first));
    var applied = awaitPeer(peer, p -> p.getJsonNumber("appliedThrough").longValue() == 3);
    assertEquals(0, applied.getJsonArray("gaps").size(), applied::toString);
    assertEquals(0, applied.getJsonNumber("behind").longValue(), applied::toString);
    var read = api.get("/api/agents/" + agentId + "/messages/" + second.getString("id"));
    assertEquals(200, read.status(), read::toString);
    assertEquals(longText, read.json().getString("content"));
    assertEquals(first.getString("id"), read.json().getString("prevMessageId"));
    var page = api.get("/api/agents/" + agentId + "/messages?content=true").json();
    assertEquals(
        List.of(second.getString("id"), first.getString("id")),
        page.getJsonArray("items").stream().map(m -> m.asJsonObject().getString("id")).toList());
    assertEquals(
        "The first of two messages",
        page.getJsonArray("items").getJsonObject(1).getString("content"));
    assertEquals(0, agents.runs(agentId).size(), "nothing woke for a peer's change");
  }

  @Test
  void aRecordThatCannotApplyStopsItsOriginWithTheReasonUntilItCan() {
    var peer = "site-peer-" + UUID.randomUUID().toString().substring(0, 8);
    var agentId = UUID.randomUUID().toString();
    var created = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    var message = message(agentId, created.plusSeconds(1), null, "Before its agent", null);
    // A later version's record stops the origin, which says why, and keeps what follows.
    send(new SyncEnvelope(peer, 1, "calendarEvent", "later-1", 2, message));
    send(new SyncEnvelope(peer, 2, "message", message.getString("id"), 1, message));
    var stopped =
        awaitPeer(
            peer,
            p ->
                p.getJsonNumber("highestSeen").longValue() == 2
                    && p.getString("blockedReason", "").contains("later version"));
    assertEquals(0, stopped.getJsonNumber("appliedThrough").longValue(), stopped::toString);
    assertTrue(stopped.getString("blockedReason", "").contains("later version"), stopped::toString);
    assertEquals(0, stopped.getJsonArray("gaps").size(), "nothing is missing: " + stopped);
  }

  @Test
  void aMissingRecordIsAskedForAfterAWhileAndItsRangeConfirmedOnlyOnceApplied() {
    var peer = "site-peer-" + UUID.randomUUID().toString().substring(0, 8);
    var agentId = UUID.randomUUID().toString();
    var created = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    var first = message(agentId, created.plusSeconds(1), null, "Lost on the way", null);
    var second = message(agentId, created.plusSeconds(2), first.getString("id"), "Came", null);
    send(new SyncEnvelope(peer, 1, "agent", agentId, 1, agent(agentId, created)));
    awaitPeer(peer, p -> p.getJsonNumber("appliedThrough").longValue() == 1);
    send(new SyncEnvelope(peer, 3, "message", second.getString("id"), 1, second));

    // Still missing after reveille.sync.backfill-after-seconds: this site asks the origin.
    var request = SyncSignals.backfill(signal(SyncSignals.BACKFILL, peer));
    assertEquals(new SyncSignals.Backfill("site-it", peer, 2, 2), request);
    var asked =
        awaitPeer(
            peer,
            p ->
                !p.getJsonArray("backfills").isEmpty()
                    && p.getJsonArray("backfills")
                        .getJsonObject(0)
                        .getString("status")
                        .equals("requested"));
    var range = asked.getJsonArray("backfills").getJsonObject(0);
    assertEquals(2, range.getJsonNumber("from").longValue(), asked::toString);
    assertEquals("requested", range.getString("status"), asked::toString);

    // The origin answers with the record: applied, the range confirmed and closed.
    send(new SyncEnvelope(peer, 2, "message", first.getString("id"), 1, first));
    var filled =
        awaitPeer(
            peer,
            p ->
                p.getJsonNumber("appliedThrough").longValue() == 3
                    && p.getJsonArray("backfills").isEmpty());
    assertEquals(0, filled.getJsonArray("gaps").size(), filled::toString);
  }

  @Test
  void anOriginsHeadRevealsALostLastRecord() {
    var peer = "site-peer-" + UUID.randomUUID().toString().substring(0, 8);
    var agentId = UUID.randomUUID().toString();
    var created = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    send(new SyncEnvelope(peer, 1, "agent", agentId, 1, agent(agentId, created)));
    awaitPeer(peer, p -> p.getJsonNumber("appliedThrough").longValue() == 1);
    // Record 2 never came; the origin's head says it sent through 2.
    try (var context = Broker.syncConnectionFactory().createContext()) {
      var head = context.createTextMessage(new SyncSignals.Head(peer, 2).write());
      head.setStringProperty(SyncSignals.KIND_PROPERTY, SyncSignals.HEAD);
      context.createProducer().send(context.createQueue(INBOUND), head);
    } catch (jakarta.jms.JMSException e) {
      throw new IllegalStateException(e);
    }
    var missing =
        awaitPeer(
            peer,
            p ->
                p.getJsonNumber("highestSeen").longValue() == 2
                    && p.getJsonNumber("appliedThrough").longValue() == 1);
    assertEquals("[{\"from\":2,\"to\":2}]", missing.getJsonArray("gaps").toString());
    assertEquals(
        new SyncSignals.Backfill("site-it", peer, 2, 2),
        SyncSignals.backfill(signal(SyncSignals.BACKFILL, peer)));
    var message = message(agentId, created.plusSeconds(1), null, "The last one", null);
    send(new SyncEnvelope(peer, 2, "message", message.getString("id"), 1, message));
    awaitPeer(
        peer,
        p ->
            p.getJsonNumber("appliedThrough").longValue() == 2
                && p.getJsonArray("backfills").isEmpty());
  }

  @Test
  void aPeerAskingForThisSitesRecordsGetsThemAgainAndThisSiteTellsItsHead() {
    var agentId = agents.createCustom("SyncIT asked again");
    var original = received(List.of(agentId)).get(0);
    try (var context = Broker.syncConnectionFactory().createContext()) {
      var ask =
          context.createTextMessage(
              new SyncSignals.Backfill(
                      "site-peer-asking", "site-it", original.counter(), original.counter())
                  .write());
      ask.setStringProperty(SyncSignals.KIND_PROPERTY, SyncSignals.BACKFILL);
      context.createProducer().send(context.createQueue(INBOUND), ask);
    } catch (jakarta.jms.JMSException e) {
      throw new IllegalStateException(e);
    }
    var again = received(List.of(agentId)).get(0);
    assertEquals(original, again, "the same record, the same counter");

    var head = SyncSignals.head(signal(SyncSignals.HEAD, "site-it"));
    assertTrue(head.sentThrough() >= 1, head::toString);
  }

  @Test
  void whatIsNotASyncRecordIsDeadLetteredWithTheReason() throws Exception {
    String id;
    try (var context = Broker.syncConnectionFactory().createContext()) {
      var message = context.createTextMessage("{\"origin\":\"site-x\",\"counter\":0}");
      context.createProducer().send(context.createQueue(INBOUND), message);
      id = message.getJMSMessageID();
    }
    try (var context = Broker.connectionFactory().createContext();
        var consumer =
            context.createConsumer(
                context.createQueue(INBOUND + ".DLQ"),
                DeadLetters.ORIGINAL_ID_PROPERTY + " = '" + id + "'")) {
      var dead = consumer.receive(WAIT.toMillis());
      assertNotNull(dead, "dead-lettered");
      var reason = dead.getStringProperty(DeadLetters.REASON_PROPERTY);
      assertTrue(reason.contains("$.counter"), reason);
    }
  }

  @Test
  void anOutsideProducerMayNotSendSyncRecords() {
    var envelope =
        new SyncEnvelope(
            "site-intruder",
            1,
            "agent",
            UUID.randomUUID().toString(),
            1,
            agent("x", Instant.now()));
    var refused =
        assertThrows(
            JMSRuntimeException.class,
            () -> {
              try (var context = Broker.producerConnectionFactory().createContext()) {
                context.createProducer().send(context.createQueue(INBOUND), envelope.write());
              }
            });
    assertTrue(refused instanceof JMSSecurityRuntimeException, refused::toString);
  }

  private static JsonObject agent(String agentId, Instant created) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("id", agentId)
        .add("kind", "custom")
        .add("displayName", "SyncIT peer agent")
        .add("mode", "autonomous")
        .add("categoryIds", JsonDocuments.provider().createArrayBuilder())
        .add("config", JsonDocuments.parseStored(AgentConfig.empty().toStored(), "config"))
        .add("slots", JsonDocuments.parseStored(AgentSlots.empty().toStored(), "slots"))
        .add("createdAt", created.toString())
        .build();
  }

  private static JsonObject message(
      String agentId, Instant at, String previous, String text, String payloadId) {
    var message =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", UUID.randomUUID().toString())
            .add("agentId", agentId)
            .add("threadId", agentId + ":operator")
            .add("kind", "user")
            .add("createdAt", at.toString())
            .add("summaryDepth", 0)
            .add("tokensApprox", text.length() / 4)
            .add(
                "metadata",
                JsonDocuments.parseStored(AgentMessageMetadata.empty().toStored(), "metadata"))
            .add("text", text);
    if (previous != null) {
      message.add("prevMessageId", previous);
    }
    if (payloadId != null) {
      message.add("contentEntryId", payloadId);
    }
    return message.build();
  }

  private static void send(SyncEnvelope envelope) {
    try (var context = Broker.syncConnectionFactory().createContext()) {
      context.createProducer().send(context.createQueue(INBOUND), envelope.write());
    }
  }

  private JsonObject status() {
    var status = api.get("/api/sync/status");
    assertEquals(200, status.status(), status::toString);
    assertEquals("site-it", status.json().getString("hostId"));
    return status.json();
  }

  private JsonObject awaitPeer(String host, java.util.function.Predicate<JsonObject> condition) {
    return await()
        .atMost(WAIT)
        .until(() -> peer(host).filter(condition), Optional::isPresent)
        .orElseThrow();
  }

  private Optional<JsonObject> peer(String host) {
    return status().getJsonArray("peers").stream()
        .map(p -> p.asJsonObject())
        .filter(p -> p.getString("hostId").equals(host))
        .findFirst();
  }

  /** The body of the next signal of {@code kind} about {@code origin} this site sent. */
  private static String signal(String kind, String origin) {
    var taken = tap.take(m -> kind.equals(m.kind()) && origin.equals(m.origin()), 1, WAIT);
    assertEquals(1, taken.size(), "a " + kind + " about " + origin + " was sent");
    return taken.get(0).body();
  }

  /** The records of {@code recordIds} this site sent, each read off the outbound queue once. */
  private static List<SyncEnvelope> received(List<String> recordIds) {
    var records =
        tap
            .take(
                m -> SyncSignals.RECORD.equals(m.kind()) && recordIds.contains(m.recordId()),
                recordIds.size(),
                WAIT)
            .stream()
            .map(m -> SyncEnvelope.read(m.body()))
            .toList();
    assertEquals(
        recordIds.stream().sorted().toList(),
        records.stream().map(SyncEnvelope::recordId).sorted().toList(),
        "one record each");
    return records;
  }

  /**
   * Everything the test server puts on {@code reveille.sync.outbound}, read off as it comes by one
   * consumer for the whole class (no peer's bridge takes it here): the queue stays short, so
   * nothing waits in the broker's paging store, where a consumer with a selector would not see it.
   */
  private static final class OutboundTap implements AutoCloseable {

    /** One message as sent: its kind, origin, record id (records only) and body. */
    record Sent(String kind, String origin, String recordId, String body) {}

    private final List<Sent> sent = new ArrayList<>();
    private final jakarta.jms.JMSContext context;

    OutboundTap() {
      context = Broker.connectionFactory().createContext();
      context
          .createConsumer(context.createQueue(OUTBOUND))
          .setMessageListener(
              message -> {
                try {
                  var entry =
                      new Sent(
                          message.getStringProperty(SyncSignals.KIND_PROPERTY),
                          message.getStringProperty(SyncOutbound.ORIGIN_PROPERTY),
                          message.getStringProperty(SyncOutbound.RECORD_PROPERTY),
                          ((TextMessage) message).getText());
                  synchronized (sent) {
                    sent.add(entry);
                  }
                } catch (jakarta.jms.JMSException e) {
                  throw new IllegalStateException(e);
                }
              });
      context.start();
    }

    /** Takes up to {@code count} messages {@code wanted} accepts, waiting at most {@code wait}. */
    List<Sent> take(java.util.function.Predicate<Sent> wanted, int count, Duration wait) {
      var taken = new ArrayList<Sent>();
      try {
        await()
            .atMost(wait)
            .until(
                () -> {
                  synchronized (sent) {
                    for (var it = sent.iterator(); it.hasNext() && taken.size() < count; ) {
                      var next = it.next();
                      if (wanted.test(next)) {
                        taken.add(next);
                        it.remove();
                      }
                    }
                  }
                  return taken.size() >= count;
                });
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        // Fewer than asked for: the caller says what is missing.
      }
      return taken;
    }

    @Override
    public void close() {
      context.close();
    }
  }
}
