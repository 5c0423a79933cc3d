package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.notification.control.Cause;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatchDocuments;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class NotificationBatchParserTest {

  private final NotificationBatchParser parser =
      new NotificationBatchParser(NotificationLimits.of(5, 20, 2));

  @Test
  void fullBatchIsParsedWithEveryField() throws InvalidBatchException {
    var batch =
        parser.parse(
            """
        {"schemaVersion":1,"batchId":"b-1","origin":"sync","hostId":"site-a","counter":4711,
         "tokens":["TASK","task-42"],"semanticKeys":["DAY_PLAN"],"subtypeTokens":[],
         "entityIds":["task-42"],
         "entities":[{"id":"task-42","type":"task","categoryId":"gym",
                      "attributes":{"status":"OPEN","estimate":30,"done":false,"tags":["a","b"]}}],
         "originAgentId":"agent-1","originRunKey":"rk-1","futureField":{"ignored":true}}""");
    assertEquals("b-1", batch.batchId());
    assertEquals(NotificationBatch.Origin.SYNC, batch.origin());
    assertEquals("site-a", batch.hostId().orElseThrow());
    assertEquals(4711, batch.counter().getAsLong());
    assertEquals(List.of("TASK", "task-42", "DAY_PLAN"), batch.allTokens());
    var entity = batch.entities().get(0);
    assertEquals("gym", entity.categoryId().orElseThrow());
    assertEquals("OPEN", entity.attributes().get("status"));
    assertEquals(new BigDecimal("30"), entity.attributes().get("estimate"));
    assertEquals(List.of("a", "b"), entity.attributes().get("tags"));
    assertEquals("agent-1", batch.originAgentId().orElseThrow());
    assertEquals("rk-1", batch.originRunKey().orElseThrow());
  }

  @Test
  void originDefaultsToExternal() throws InvalidBatchException {
    assertEquals(
        NotificationBatch.Origin.EXTERNAL,
        parser.parse("{\"schemaVersion\":1,\"batchId\":\"b\"}").origin());
  }

  @Test
  void everyContractViolationIsRejectedWithAReasonNamingTheField() {
    assertReason("{not json", "malformed JSON");
    assertReason("[1,2]", "expected a JSON object");
    assertReason("", "empty body");
    assertReason("{\"batchId\":\"b\"}", "schemaVersion: required");
    assertReason("{\"schemaVersion\":2,\"batchId\":\"b\"}", "schemaVersion: unsupported version 2");
    assertReason(
        "{\"schemaVersion\":\"1\",\"batchId\":\"b\"}", "schemaVersion: must be an integer");
    assertReason("{\"schemaVersion\":1}", "batchId: required");
    assertReason("{\"schemaVersion\":1,\"batchId\":\" \"}", "batchId: must not be blank");
    assertReason("{\"schemaVersion\":1,\"batchId\":\"b\",\"origin\":\"mars\"}", "origin: must be");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"counter\":-1}", "counter: must not be negative");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"tokens\":\"TASK\"}", "tokens: must be an array");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"tokens\":[\"a\",3]}",
        "tokens[1]: must be a string");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"tokens\":[\"\"]}",
        "tokens[0]: must not be blank");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"entities\":[{\"type\":\"task\"}]}",
        "entities[0].id: required");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"entities\":[{\"id\":\"x\","
            + "\"attributes\":{\"deep\":{\"a\":1}}}]}",
        "entities[0].attributes.deep");
  }

  @Test
  void limitsOnTokensTokenLengthAndEntitiesAreEnforced() {
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"tokens\":[\"1\",\"2\",\"3\"],"
            + "\"entityIds\":[\"4\",\"5\",\"6\"]}",
        "tokens: 6 tokens exceed the limit of 5");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"tokens\":[\"" + "x".repeat(21) + "\"]}",
        "tokens[0]: token of 21 characters exceeds the limit of 20");
    assertReason(
        "{\"schemaVersion\":1,\"batchId\":\"b\",\"entities\":[{\"id\":\"1\"},{\"id\":\"2\"},"
            + "{\"id\":\"3\"}]}",
        "entities: 3 entities exceed the limit of 2");
  }

  /** Found by the fuzz test: the JSON reader refuses these with exceptions of its own kinds. */
  @Test
  void jsonTheReaderCannotHoldIsAnInvalidBatch() {
    var batch = "{\"schemaVersion\":1,\"batchId\":\"b\",";
    assertReason(batch + "\"counter\":" + "9".repeat(1101) + "}", "unreadable JSON");
    assertReason(batch + "\"counter\":9e9999999999}", "unreadable JSON");
    assertReason(batch + "\"x\":" + "[".repeat(1001) + "]".repeat(1001) + "}", "unreadable JSON");
  }

  @Test
  void theChainBehindABatchIsReadAndWrittenBackAsItWas() throws InvalidBatchException {
    var batch =
        parser.parse(
            "{\"schemaVersion\":1,\"batchId\":\"b\",\"originAgentId\":\"a-2\","
                + "\"hops\":5,\"chain\":[\"a-1\",\"a-2\"]}");
    assertEquals(new Cause(5, List.of("a-1", "a-2")), batch.cause());
    assertEquals(List.of("originAgentId", "hops", "chain"), batch.originClaims());
    var written = new NotificationBatchDocuments().toJson(batch).toString();
    assertEquals(batch.cause(), parser.parse(written).cause(), written);
    assertEquals(Cause.NONE, batch.withoutOriginClaims().cause(), "an outsider claims no chain");

    var noChain = parser.parse("{\"schemaVersion\":1,\"batchId\":\"b\"}");
    assertEquals(Cause.NONE, noChain.cause());
    assertTrue(new NotificationBatchDocuments().toJson(noChain).get("hops") == null);
    assertEquals(
        new Cause(2, List.of("a-1", "a-2")),
        parser.parse("{\"schemaVersion\":1,\"batchId\":\"b\",\"chain\":[\"a-1\",\"a-2\"]}").cause(),
        "a chain without hops counts a hop an agent");
  }

  @Test
  void aChainThatDoesNotAddUpIsRejectedNamingTheField() {
    var batch = "{\"schemaVersion\":1,\"batchId\":\"b\",";
    assertReason(batch + "\"hops\":\"3\"}", "hops: must be an integer");
    assertReason(batch + "\"hops\":-1}", "hops: must be between 0 and 1000000");
    assertReason(batch + "\"hops\":1000001}", "hops: must be between 0 and 1000000");
    assertReason(batch + "\"hops\":99999999999}", "hops: out of range");
    assertReason(batch + "\"hops\":1.5}", "hops: must be an integer");
    assertReason(batch + "\"hops\":1,\"chain\":[\"a\",\"b\"]}", "chain: names 2 agents for 1 hops");
    assertReason(batch + "\"chain\":\"a\"}", "chain: must be an array");
    assertReason(batch + "\"chain\":[1]}", "chain[0]: must be a string");
    assertReason(batch + "\"chain\":[\" \"]}", "chain[0]: must be 1 to 200 characters");
    assertReason(
        batch + "\"hops\":40,\"chain\":[" + "\"a\",".repeat(32) + "\"a\"]}",
        "chain: 33 entries exceed the limit of 32");
  }

  private void assertReason(String json, String expectedStart) {
    var e = assertThrows(InvalidBatchException.class, () -> parser.parse(json), json);
    assertTrue(
        e.getMessage().startsWith(expectedStart),
        () -> "reason '" + e.getMessage() + "' should start with '" + expectedStart + "'");
  }
}
