package io.reveille.wake.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WakeJobsTest {

  @Test
  void aJobNamesItsRunAndAgent() {
    assertEquals(
        new WakeJobs.Job("wk-1", "a"),
        WakeJobs.parse("{\"schemaVersion\":1,\"runKey\":\"wk-1\",\"agentId\":\"a\"}"));
  }

  @Test
  void anythingElseIsRefusedWithTheReason() {
    assertReason(null, "empty wake job");
    assertReason("{nope", "malformed JSON");
    assertReason("[]", "a wake job is a JSON object");
    assertReason("{\"runKey\":\"wk-1\"}", "schemaVersion");
    assertReason("{\"schemaVersion\":2,\"runKey\":\"wk-1\"}", "schemaVersion");
    assertReason("{\"schemaVersion\":1}", "runKey: required");
    assertReason("{\"schemaVersion\":1,\"runKey\":\" \"}", "runKey: required");
    assertReason("{\"schemaVersion\":1,\"runKey\":\"wk-1\"}", "agentId: required");
  }

  private static void assertReason(String json, String start) {
    var e = assertThrows(IllegalArgumentException.class, () -> WakeJobs.parse(json));
    assertTrue(e.getMessage().startsWith(start), e.getMessage());
  }
}
