package io.reveille.memory.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentMessagePayloadTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");

  @Test
  void payloadKeepsItsContentAndMessage() {
    var payload = new AgentMessagePayload("p-1", "agent-1", "m-1", "application/json", "{}", T0);
    assertEquals("m-1", payload.getMessageId());
    assertEquals("application/json", payload.getContentType());
    assertEquals("{}", payload.getContent());
  }

  @Test
  void payloadMayBeEmptyButNotMissing() {
    assertEquals("", new AgentMessagePayload("p", "a", "m", "text/plain", "", T0).getContent());
    assertEquals(
        "content",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentMessagePayload("p", "a", "m", "text/plain", null, T0))
            .getField());
  }

  @Test
  void payloadNeedsAMessageAndAContentType() {
    assertEquals(
        "messageId",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentMessagePayload("p", "a", null, "text/plain", "x", T0))
            .getField());
    assertEquals(
        "contentType",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentMessagePayload("p", "a", "m", " ", "x", T0))
            .getField());
  }
}
