package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SelfSuppressionTest {

  private static Set<String> ordered(String... tokens) {
    return new LinkedHashSet<>(List.of(tokens));
  }

  @Test
  void aBatchNamingOnlyEntitiesTheAgentChangedIsItsOwnEchoEvenForItsSemanticKeys() {
    assertEquals(
        Optional.empty(),
        SelfSuppression.remainingTokens(
            ordered("TASK", "t1"), ordered("t1", "c1"), Set.of("t1", "c1", "elsewhere")));
  }

  @Test
  void entitiesTheAgentChangedAreTakenOutOfAMixedBatch() {
    assertEquals(
        Optional.of(ordered("TASK", "t2")),
        SelfSuppression.remainingTokens(
            ordered("TASK", "t1", "t2"), ordered("t1", "t2"), Set.of("t1")));
  }

  @Test
  void nothingLeftThatMatchedMeansNoWake() {
    assertEquals(
        Optional.empty(),
        SelfSuppression.remainingTokens(ordered("t1"), ordered("t1", "t9"), Set.of("t1")));
  }

  @Test
  void withoutOwnChangesOrEntitiesTheMatchStands() {
    var matched = ordered("TASK", "t1");
    assertEquals(
        Optional.of(matched), SelfSuppression.remainingTokens(matched, ordered("t1"), Set.of()));
    assertEquals(
        Optional.of(matched),
        SelfSuppression.remainingTokens(matched, Set.of(), Set.of("t1", "TASK")));
    assertEquals(
        Optional.of(matched),
        SelfSuppression.remainingTokens(matched, ordered("t1"), Set.of("other")));
  }

  @Test
  void theReCheckDropsAJobOnlyWhenEveryTokenIsAnOwnChange() {
    assertTrue(SelfSuppression.isOwnChange(List.of("t1", "t2"), Set.of("t1", "t2", "t3")));
    assertFalse(SelfSuppression.isOwnChange(List.of("t1", "TASK"), Set.of("t1")));
    assertFalse(SelfSuppression.isOwnChange(List.of(), Set.of("t1")));
  }
}
