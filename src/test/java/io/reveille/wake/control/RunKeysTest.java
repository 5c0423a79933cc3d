package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunKeysTest {

  @Test
  void theSameWakeAlwaysGetsTheSameKey() {
    assertEquals(
        RunKeys.subscription("a", List.of("s1", "s2"), "b-1", 7),
        RunKeys.subscription("a", List.of("s2", "s1"), "b-1", 7));
    assertEquals(RunKeys.manual("a", "key:x"), RunKeys.manual("a", "key:x"));
    assertEquals(
        RunKeys.timer("a", "t", "2026-01-01T07:00Z"), RunKeys.timer("a", "t", "2026-01-01T07:00Z"));
  }

  @Test
  void everyInputOfTheKeyChangesIt() {
    var key = RunKeys.subscription("a", List.of("s1"), "b-1", 7);
    assertNotEquals(key, RunKeys.subscription("b", List.of("s1"), "b-1", 7));
    assertNotEquals(key, RunKeys.subscription("a", List.of("s2"), "b-1", 7));
    assertNotEquals(key, RunKeys.subscription("a", List.of("s1"), "b-2", 7));
    assertNotEquals(key, RunKeys.subscription("a", List.of("s1"), "b-1", 8));
    assertNotEquals(RunKeys.manual("a", "1"), RunKeys.timer("a", "1", ""));
  }

  @Test
  void partsCannotBeShiftedIntoOneAnother() {
    assertNotEquals(RunKeys.manual("ab", "c"), RunKeys.manual("a", "bc"));
    assertNotEquals(RunKeys.timer("a|1:b", "c", "d"), RunKeys.timer("a", "b|1:c", "d"));
  }

  @Test
  void keysFitTheRunLogAndThreadsNameTheirAgent() {
    var key = RunKeys.subscription("a", List.of("s1"), "b-1", 1);
    assertTrue(key.startsWith("wk-") && key.length() == 67, key);
    assertEquals("agent-1:run:" + key, RunKeys.threadId("agent-1", key));
  }

  @Test
  void aSessionTurnIsKeyedByAgentSessionAndTurnOnly() {
    var key = RunKeys.session("a", "s", "t-1");
    assertEquals(key, RunKeys.session("a", "s", "t-1"));
    assertNotEquals(key, RunKeys.session("b", "s", "t-1"));
    assertNotEquals(key, RunKeys.session("a", "s2", "t-1"));
    assertNotEquals(key, RunKeys.session("a", "s", "t-2"));
    assertNotEquals(key, RunKeys.manual("a", "s"), "another reason, another key");
    assertTrue(key.startsWith("wk-") && key.length() == 67, key);
  }

  @Test
  void aSessionsTurnsShareOneThread() {
    assertEquals("agent-1:session:s-1", RunKeys.sessionThreadId("agent-1", "s-1"));
  }
}
