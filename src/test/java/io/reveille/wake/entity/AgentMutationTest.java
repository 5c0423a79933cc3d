package io.reveille.wake.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentMutationTest {

  private static final Instant T0 = Instant.parse("2026-11-23T07:00:00Z");

  @Test
  void aLaterChangeMovesTheTimeForwardAndNamesItsRun() {
    var mutation = new AgentMutation("a1", "t1", "run-1", T0);
    mutation.touch("run-2", T0.plusSeconds(3));
    assertEquals(T0.plusSeconds(3), mutation.getMutatedAt());
    assertEquals("run-2", mutation.getRunKey());
  }

  @Test
  void anOutOfOrderRecordNeverShortensTheWindow() {
    var mutation = new AgentMutation("a1", "t1", "run-2", T0.plusSeconds(3));
    mutation.touch("run-1", T0);
    assertEquals(T0.plusSeconds(3), mutation.getMutatedAt());
  }

  @Test
  void idsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> new AgentMutation("a1", " ", "r", T0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new AgentMutation("a1", "x".repeat(AgentMutation.MAX_ENTITY_ID_LENGTH + 1), "r", T0));
    assertThrows(NullPointerException.class, () -> new AgentMutation(null, "t1", "r", T0));
    assertThrows(NullPointerException.class, () -> new AgentMutation("a1", "t1", "r", null));
  }

  @Test
  void keysCompareByBothParts() {
    assertEquals(new AgentMutation.Key("a", "t"), new AgentMutation.Key("a", "t"));
    assertEquals(
        new AgentMutation.Key("a", "t").hashCode(), new AgentMutation.Key("a", "t").hashCode());
    assertNotEquals(new AgentMutation.Key("a", "t"), new AgentMutation.Key("a", "u"));
    assertNotEquals(new AgentMutation.Key("a", "t"), new AgentMutation.Key("b", "t"));
  }
}
