package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionCatalogTest {

  @Test
  void projectionRowsFoldIntoOneSubscriptionEachWithAllItsTokens() {
    var rows =
        List.<Object[]>of(
            new Object[] {"s-1", "agent-1", null, true, TokenClass.SEMANTIC_KEY, "TASK"},
            new Object[] {"s-1", "agent-1", null, true, TokenClass.ENTITY_ID, "task-42"},
            new Object[] {
              "s-2", "agent-2", "status == \"OPEN\"", false, TokenClass.ENTITY_ID, "x"
            });

    var folded = SubscriptionCatalog.rowsBySubscription(rows);

    assertEquals(2, folded.size());
    var first = folded.get(0);
    assertEquals("s-1", first.subscriptionId());
    assertEquals("agent-1", first.agentId());
    assertTrue(first.active());
    assertEquals(
        Set.of(
            SubscriptionToken.of(TokenClass.SEMANTIC_KEY, "TASK"),
            SubscriptionToken.of(TokenClass.ENTITY_ID, "task-42")),
        first.tokens());
    var second = folded.get(1);
    assertEquals("s-2", second.subscriptionId());
    assertFalse(second.active());
    assertEquals("status == \"OPEN\"", second.predicate());
    assertEquals(Set.of(SubscriptionToken.of(TokenClass.ENTITY_ID, "x")), second.tokens());
  }

  @Test
  void noRowsFoldIntoNoSubscriptions() {
    assertTrue(SubscriptionCatalog.rowsBySubscription(List.of()).isEmpty());
  }
}
