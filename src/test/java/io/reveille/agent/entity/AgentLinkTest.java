package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.ConflictException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentLinkTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(1);

  @Test
  void newLinkRelatesTwoRecordsByType() {
    var link = new AgentLink("l-1", "a-1", "s-1", AgentLinkType.AGENT_STATE, T0);
    assertEquals("a-1", link.getFromId());
    assertEquals("s-1", link.getToId());
    assertEquals(AgentLinkType.AGENT_STATE, link.getType());
    assertEquals(T0, link.getCreatedAt());
    assertFalse(link.isDeleted());
    assertNull(link.getDeletedAt());
  }

  @Test
  void deletedLinkStaysAsTombstoneAndCanBeRestoredOnce() {
    var link = new AgentLink("l-1", "a-1", "m-1", AgentLinkType.AGENT_HEAD_MESSAGE, T0);
    link.delete(T1);
    assertTrue(link.isDeleted());
    assertEquals(T1, link.getDeletedAt());
    assertThrows(ConflictException.class, () -> link.delete(T1));
    link.restore(T1.plusSeconds(1));
    assertFalse(link.isDeleted());
    assertEquals(T1.plusSeconds(1), link.getUpdatedAt());
    assertThrows(ConflictException.class, () -> link.restore(T1));
  }

  @Test
  void endsMustBeIdsThatFitTheColumns() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new AgentLink("l", "", "b", AgentLinkType.TOOL_EFFECT, T0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new AgentLink("l", "a", "b".repeat(65), AgentLinkType.TOOL_EFFECT, T0));
    assertThrows(NullPointerException.class, () -> new AgentLink("l", "a", "b", null, T0));
  }
}
