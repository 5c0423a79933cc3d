package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.notification.control.NotificationBatch;
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

  private void assertReason(String json, String expectedStart) {
    var e = assertThrows(InvalidBatchException.class, () -> parser.parse(json), json);
    assertTrue(
        e.getMessage().startsWith(expectedStart),
        () -> "reason '" + e.getMessage() + "' should start with '" + expectedStart + "'");
  }
}
