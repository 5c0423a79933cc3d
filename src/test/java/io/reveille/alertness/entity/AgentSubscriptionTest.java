package io.reveille.alertness.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AgentSubscriptionTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");

  private static AgentSubscription subscription(SubscriptionToken... tokens) {
    return new AgentSubscription("s-1", "agent-1", List.of(tokens), null, T0);
  }

  @Test
  void newSubscriptionIsActiveAndGroupsItsTokensByClass() {
    var subscription =
        new AgentSubscription(
            "s-1",
            "agent-1",
            List.of(
                SubscriptionToken.of(TokenClass.SEMANTIC_KEY, "TASK"),
                SubscriptionToken.of(TokenClass.ENTITY_ID, "task-42"),
                SubscriptionToken.of(TokenClass.ENTITY_ID, "item-7"),
                SubscriptionToken.of(TokenClass.SUBTYPE_TOKEN, "workout.type:run")),
            "status == 'OPEN'",
            T0);
    assertTrue(subscription.isActive());
    assertEquals(Set.of("TASK"), subscription.getSemanticKeys());
    assertEquals(Set.of("task-42", "item-7"), subscription.getEntityIds());
    assertEquals(Set.of("workout.type:run"), subscription.getSubtypeTokens());
    assertEquals(4, subscription.getTokens().size());
    assertEquals("status == 'OPEN'", subscription.getPredicate());
    assertEquals(T0, subscription.getCreatedAt());
  }

  @Test
  void subscriptionWithoutTokensIsRefused() {
    var error =
        assertThrows(
            InvalidInputException.class,
            () -> new AgentSubscription("s-1", "agent-1", List.of(), null, T0));
    assertEquals("tokens", error.getField());
    assertThrows(
        InvalidInputException.class, () -> new AgentSubscription("s-1", "agent-1", null, null, T0));
    assertThrows(
        InvalidInputException.class,
        () ->
            new AgentSubscription(
                "s-1",
                "agent-1",
                Arrays.asList(SubscriptionToken.of(TokenClass.ENTITY_ID, "x"), null),
                null,
                T0));
  }

  @Test
  void duplicateTokensCollapse() {
    var token = SubscriptionToken.of(TokenClass.ENTITY_ID, "task-42");
    assertEquals(
        1,
        subscription(token, SubscriptionToken.of(TokenClass.ENTITY_ID, "task-42"))
            .getTokens()
            .size());
  }

  @Test
  void sameTextInTwoClassesIsTwoTokens() {
    assertEquals(
        2,
        subscription(
                SubscriptionToken.of(TokenClass.ENTITY_ID, "TASK"),
                SubscriptionToken.of(TokenClass.SEMANTIC_KEY, "TASK"))
            .getTokens()
            .size());
  }

  @Test
  void blankPredicateMeansNone() {
    var subscription =
        new AgentSubscription(
            "s-1", "agent-1", List.of(SubscriptionToken.of(TokenClass.ENTITY_ID, "x")), "  ", T0);
    assertNull(subscription.getPredicate());
  }

  @Test
  void overlongPredicateIsRefused() {
    var error =
        assertThrows(
            InvalidInputException.class,
            () ->
                new AgentSubscription(
                    "s-1",
                    "agent-1",
                    List.of(SubscriptionToken.of(TokenClass.ENTITY_ID, "x")),
                    "p".repeat(2001),
                    T0));
    assertEquals("predicate", error.getField());
  }

  @Test
  void blankOrOverlongTokenIsRefused() {
    assertThrows(
        InvalidInputException.class, () -> SubscriptionToken.of(TokenClass.ENTITY_ID, " "));
    var error =
        assertThrows(
            InvalidInputException.class,
            () -> SubscriptionToken.of(TokenClass.SEMANTIC_KEY, "k".repeat(257)));
    assertEquals("semanticKeys", error.getField());
    assertThrows(InvalidInputException.class, () -> SubscriptionToken.of(null, "x"));
    assertEquals(
        256, SubscriptionToken.of(TokenClass.ENTITY_ID, "k".repeat(256)).getToken().length());
  }

  @Test
  void deactivatedSubscriptionStaysInactive() {
    var subscription = subscription(SubscriptionToken.of(TokenClass.ENTITY_ID, "x"));
    subscription.deactivate(T0.plusSeconds(5));
    assertFalse(subscription.isActive());
    assertEquals(T0.plusSeconds(5), subscription.getUpdatedAt());
    var error =
        assertThrows(
            IllegalTransitionException.class, () -> subscription.deactivate(T0.plusSeconds(6)));
    assertEquals("inactive", error.getFrom());
    assertEquals(T0.plusSeconds(5), subscription.getUpdatedAt());
  }

  @Test
  void tokensCannotBeChangedThroughTheGetter() {
    var subscription = subscription(SubscriptionToken.of(TokenClass.ENTITY_ID, "x"));
    assertThrows(UnsupportedOperationException.class, () -> subscription.getTokens().clear());
    assertThrows(UnsupportedOperationException.class, () -> subscription.getEntityIds().clear());
  }

  @Test
  void tokenClassesRoundTripByWireName() {
    var converter = new TokenClass.Converter();
    assertEquals("semanticKey", converter.convertToDatabaseColumn(TokenClass.SEMANTIC_KEY));
    assertEquals("subtypeToken", converter.convertToDatabaseColumn(TokenClass.SUBTYPE_TOKEN));
    assertEquals("entityId", converter.convertToDatabaseColumn(TokenClass.ENTITY_ID));
    for (var tokenClass : TokenClass.values()) {
      assertEquals(tokenClass, converter.convertToEntityAttribute(tokenClass.wire()));
    }
    assertEquals(Optional.empty(), WireEnum.find(TokenClass.class, "ENTITY_ID"));
    assertThrows(IllegalStateException.class, () -> converter.convertToEntityAttribute("x"));
  }

  @Test
  void tokensAreValuesEqualByClassAndText() {
    assertEquals(
        SubscriptionToken.of(TokenClass.ENTITY_ID, "a"),
        SubscriptionToken.of(TokenClass.ENTITY_ID, "a"));
    assertEquals(
        SubscriptionToken.of(TokenClass.ENTITY_ID, "a").hashCode(),
        SubscriptionToken.of(TokenClass.ENTITY_ID, "a").hashCode());
    assertFalse(
        SubscriptionToken.of(TokenClass.ENTITY_ID, "a")
            .equals(SubscriptionToken.of(TokenClass.SEMANTIC_KEY, "a")));
  }
}
