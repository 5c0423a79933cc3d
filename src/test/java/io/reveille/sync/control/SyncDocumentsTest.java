package io.reveille.sync.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentLifecycle;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SyncDocumentsTest {

  private static final Instant T = Instant.parse("2026-12-01T07:00:00Z");

  private static JsonObject parse(String json) {
    return Json.createReader(new StringReader(json)).readObject();
  }

  @Test
  void aStateWithConcurrentWritesReadsBackAsItWasWritten() {
    var common = VectorClock.empty().tick("site-a");
    var onA = common.tick("site-a");
    var onB = common.tick("site-b");
    var empty = SharedAgentState.empty();
    var a =
        empty
            .withLifecycle(AgentLifecycle.ACTIVE, common, "site-a")
            .withLifecycle(AgentLifecycle.DORMANT, onA, "site-a")
            .withNextWakeAt(T, onA, "site-a")
            .withSlot("primaryGoal", "\"ship it\"", onA, "site-a")
            .withProcessed("site-a", 4);
    var b =
        empty
            .withLifecycle(AgentLifecycle.DESTROYED, onB, "site-b")
            .withNextWakeAt(null, onB, "site-b")
            .withRecentHead("m-1", onB, "site-b")
            .withSlot("primaryGoal", null, onB, "site-b")
            .withProcessed("site-b", 9);
    var state = a.merge(b);

    var json = SyncDocuments.toJson(state);
    var read = SyncDocuments.state(parse(json.toString()));

    assertEquals(state, read);
    assertEquals(1, json.getInt("schemaVersion"));
    assertEquals(2, json.getJsonArray("lifecycle").size(), "both concurrent writes travel");
    assertEquals(
        Map.of("site-a", 2L, "site-b", 1L),
        SyncDocuments.clock(SyncDocuments.toJson(state.clock()), "$").counters());
  }

  @Test
  void whatIsWrongIsNamedByItsPath() {
    var cases =
        Map.of(
            "{\"schemaVersion\":1,\"lifecycle\":[{\"clock\":{\"a\":1},\"host\":\"a\",\"value\":\"asleep\"}]}",
            "$.lifecycle[0].value must be one of",
            "{\"schemaVersion\":1,\"nextWakeAt\":[{\"clock\":{\"a\":-1},\"host\":\"a\",\"value\":null}]}",
            "$.nextWakeAt[0].clock the counter of host a must be 0 or more",
            "{\"schemaVersion\":1,\"sleepUntil\":[{\"clock\":{},\"host\":\"a b\"}]}",
            "$.sleepUntil[0].host must be a host id",
            "{\"schemaVersion\":1,\"sleepUntil\":[{\"clock\":{},\"host\":\"a\",\"value\":\"noon\"}]}",
            "$.sleepUntil[0].value must be an ISO-8601 instant",
            "{\"schemaVersion\":1,\"slots\":[]}",
            "$.slots must be an object",
            "{\"schemaVersion\":1,\"processedCounterByHost\":{\"a\":1.5}}",
            "$.processedCounterByHost.a must be a whole number",
            "{\"lifecycle\":[]}",
            "$.schemaVersion must be a whole number from 1");
    cases.forEach(
        (json, expected) -> {
          var refused =
              assertThrows(IllegalArgumentException.class, () -> SyncDocuments.state(parse(json)));
          assertTrue(
              refused.getMessage().startsWith(expected), json + " → " + refused.getMessage());
        });
  }

  @Test
  void aDocumentOfALaterVersionIsRefusedAsSuchToBeKeptForLater() {
    var later =
        assertThrows(
            SyncDocuments.LaterVersion.class,
            () -> SyncDocuments.state(parse("{\"schemaVersion\":2,\"somethingNew\":true}")));
    assertEquals(2, later.version());
  }

  @Test
  void aRegisterKeepsAtMostOneWritePerHostThatCanWrite() {
    var writes = Json.createArrayBuilder();
    for (var i = 0; i <= SyncDocuments.MAX_VERSIONS; i++) {
      writes.add(
          Json.createObjectBuilder()
              .add("clock", Json.createObjectBuilder().add("h" + i, 1))
              .add("host", "h" + i)
              .add("value", "m-" + i));
    }
    var json =
        Json.createObjectBuilder().add("schemaVersion", 1).add("recentHeadMessageId", writes);
    var refused =
        assertThrows(IllegalArgumentException.class, () -> SyncDocuments.state(json.build()));
    assertTrue(refused.getMessage().contains("at most 64 writes"), refused.getMessage());
  }
}
