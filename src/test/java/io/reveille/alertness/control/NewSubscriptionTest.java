package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.alertness.entity.AgentSubscription;
import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.platform.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NewSubscriptionTest {

  private static NewSubscription tokens(
      List<String> semanticKeys, List<String> subtypeTokens, List<String> entityIds) {
    return new NewSubscription(semanticKeys, subtypeTokens, entityIds, null);
  }

  private static InvalidInputException rejected(NewSubscription request) {
    return assertThrows(InvalidInputException.class, request::tokens);
  }

  @Test
  void tokensOfEveryClassAreKeptWithTheirClassAndAbsentListsMeanNone() {
    var request = tokens(List.of("TASK"), null, List.of("task-42", "item-7"));
    assertEquals(
        List.of(
            SubscriptionToken.of(TokenClass.SEMANTIC_KEY, "TASK"),
            SubscriptionToken.of(TokenClass.ENTITY_ID, "task-42"),
            SubscriptionToken.of(TokenClass.ENTITY_ID, "item-7")),
        request.tokens());
  }

  @Test
  void pureEntityIdSubscriptionIsAccepted() {
    assertEquals(1, tokens(null, null, List.of("task-42")).tokens().size());
  }

  @Test
  void sameTokenInTwoClassesIsNotADuplicate() {
    assertEquals(2, tokens(List.of("TASK"), List.of("TASK"), null).tokens().size());
  }

  @Test
  void subscriptionWithoutAnyTokenIsRefusedAsAWhole() {
    assertEquals("body", rejected(tokens(List.of(), null, List.of())).getField());
    assertEquals("body", rejected(tokens(null, null, null)).getField());
  }

  @Test
  void badTokenIsNamedByItsPosition() {
    assertEquals(
        "semanticKeys[2]", rejected(tokens(List.of("A", "B", " "), null, null)).getField());
    assertEquals(
        "subtypeTokens[0]",
        rejected(tokens(null, List.of("x".repeat(SubscriptionToken.MAX_LENGTH + 1)), null))
            .getField());
    assertEquals(
        "entityIds[1]", rejected(tokens(null, null, Arrays.asList("task-1", null))).getField());
  }

  @Test
  void tokenOfTheMaximumLengthIsAccepted() {
    assertEquals(
        1, tokens(null, null, List.of("x".repeat(SubscriptionToken.MAX_LENGTH))).tokens().size());
  }

  @Test
  void duplicateWithinAClassNamesTheRepeatAndTheFirst() {
    var failure = rejected(tokens(List.of("TASK", "DAY_PLAN", "TASK"), null, null));
    assertEquals("semanticKeys[2]", failure.getField());
    assertTrue(failure.getMessage().contains("semanticKeys[0]"), failure::getMessage);
  }

  @Test
  void tooManyTokensInOneClassNamesTheList() {
    var ids = new ArrayList<String>();
    for (var i = 0; i <= NewSubscription.MAX_TOKENS_PER_CLASS; i++) {
      ids.add("task-" + i);
    }
    assertEquals("entityIds", rejected(tokens(null, null, ids)).getField());
    var atTheLimit = ids.subList(0, NewSubscription.MAX_TOKENS_PER_CLASS);
    assertEquals(
        NewSubscription.MAX_TOKENS_PER_CLASS, tokens(null, null, atTheLimit).tokens().size());
  }

  @Test
  void blankOrAbsentPredicateMeansNone() {
    assertEquals(Optional.empty(), tokenOnly(null).parsedPredicate());
    assertEquals(Optional.empty(), tokenOnly("   ").parsedPredicate());
    assertEquals(Optional.empty(), tokenOnly("  ").predicateText());
  }

  @Test
  void predicateIsStoredStrippedAndMustParse() {
    var request = tokenOnly("  categoryId == \"gym\"\n");
    assertEquals(Optional.of("categoryId == \"gym\""), request.predicateText());
    assertTrue(request.parsedPredicate().isPresent());
  }

  @Test
  void predicateThatDoesNotParseIsRefusedOnThePredicateField() {
    var failure =
        assertThrows(InvalidInputException.class, tokenOnly("categoryId ==")::parsedPredicate);
    assertEquals("predicate", failure.getField());
  }

  @Test
  void overlongPredicateIsRefusedBeforeParsing() {
    var failure =
        assertThrows(
            InvalidInputException.class,
            tokenOnly("x".repeat(AgentSubscription.MAX_PREDICATE_LENGTH + 1))::predicateText);
    assertEquals("predicate", failure.getField());
  }

  @Test
  void requestIsCopiedSoLaterChangesToTheCallersListsDoNotLeakIn() {
    var keys = new ArrayList<>(List.of("TASK"));
    var request = tokens(keys, null, null);
    keys.add("TASK");
    assertEquals(1, request.tokens().size());
  }

  private static NewSubscription tokenOnly(String predicate) {
    return new NewSubscription(List.of("TASK"), null, null, predicate);
  }
}
