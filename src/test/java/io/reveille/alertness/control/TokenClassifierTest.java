package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.entity.TokenClass;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.testing.ShippedConfig;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TokenClassifierTest {

  private final TokenClassifier classifier = TokenClassifier.of(List.of("TASK", "DAY_PLAN"));

  static NotificationBatch batch(
      List<String> tokens, List<String> keys, List<String> subtypes, List<String> ids) {
    return new NotificationBatch(
        1,
        "b-1",
        NotificationBatch.Origin.LOCAL,
        Optional.empty(),
        OptionalLong.empty(),
        tokens,
        keys,
        subtypes,
        ids,
        List.of(),
        Optional.empty(),
        Optional.empty(),
        io.reveille.notification.control.Cause.NONE);
  }

  @Test
  void rawTokensAreSplitIntoRegisteredKeysSubtypeTokensAndEntityIds() {
    var tokens =
        classifier.classify(
            batch(
                List.of("task-42", "TASK", "workout.type:run", "DAY_PLAN", "LABEL", "task-7"),
                List.of(),
                List.of(),
                List.of()));

    assertEquals(List.of("TASK", "DAY_PLAN"), List.copyOf(tokens.semanticKeys()));
    assertEquals(List.of("workout.type:run"), List.copyOf(tokens.subtypeTokens()));
    assertEquals(List.of("task-42", "LABEL", "task-7"), List.copyOf(tokens.entityIds()));
  }

  @Test
  void preClassifiedListsAreHonouredAsGivenEvenAgainstTheRules() {
    var tokens =
        classifier.classify(
            batch(
                List.of("TASK", "task-1"),
                List.of("UNREGISTERED_KEY", "TASK"),
                List.of("notsyntax"),
                List.of("TASK", "workout.type:run")));

    assertEquals(List.of("TASK", "UNREGISTERED_KEY"), List.copyOf(tokens.semanticKeys()));
    assertEquals(List.of("notsyntax"), List.copyOf(tokens.subtypeTokens()));
    assertEquals(List.of("task-1", "TASK", "workout.type:run"), List.copyOf(tokens.entityIds()));
    assertEquals(
        List.of("TASK", "UNREGISTERED_KEY", "notsyntax", "task-1", "workout.type:run"),
        tokens.all());
  }

  @Test
  void duplicateTokensCollapseKeepingFirstSeenOrder() {
    var tokens =
        classifier.classify(
            batch(List.of("b", "a", "b", "TASK", "TASK"), List.of(), List.of(), List.of("a", "c")));

    assertEquals(List.of("b", "a", "c"), List.copyOf(tokens.entityIds()));
    assertEquals(Set.of("TASK"), tokens.semanticKeys());
  }

  @Test
  void semanticKeysAreCaseSensitive() {
    assertEquals(TokenClass.ENTITY_ID, classifier.classOf("task"));
    assertEquals(TokenClass.SEMANTIC_KEY, classifier.classOf("TASK"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "workout.type:run",
        "task.status:IN_PROGRESS",
        "checklistItem.state:checked",
        "a.b:c",
        "a.b.c:d",
        "x_1.y-2:value:with:colons",
        "task.due:2026-01-01T00:00Z"
      })
  void subtypeTokenSyntaxIsRecognised(String token) {
    assertTrue(TokenClassifier.isSubtypeToken(token), token);
    assertEquals(TokenClass.SUBTYPE_TOKEN, classifier.classOf(token));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "task:42",
        "urn:uuid:0f0c",
        "workout.type:",
        "workout.type",
        ".type:run",
        "workout.:run",
        "workout..type:run",
        "Workout.type:run",
        "1workout.type:run",
        "workout.Type:run",
        "workout.ty pe:run",
        "workout.type:two words",
        "workout.type:tab\there",
        "work$out.type:run",
        ":run",
        "task-42"
      })
  void everythingElseIsAnEntityId(String token) {
    assertFalse(TokenClassifier.isSubtypeToken(token), token);
    assertEquals(TokenClass.ENTITY_ID, classifier.classOf(token));
  }

  @Test
  void configurationValueIsCommaSeparatedWithBlanksAroundCommasIgnored() {
    var configured = new TokenClassifier(Optional.of(" TASK , DAY_PLAN,AGENT_REPORT "));

    assertEquals(
        List.of("TASK", "DAY_PLAN", "AGENT_REPORT"), List.copyOf(configured.semanticKeys()));
  }

  @Test
  void emptyOrMissingConfigurationRegistersNoKeys() {
    assertEquals(Set.of(), new TokenClassifier(Optional.empty()).semanticKeys());
    assertEquals(Set.of(), new TokenClassifier(Optional.of("  ")).semanticKeys());
    assertEquals(TokenClass.ENTITY_ID, new TokenClassifier(Optional.empty()).classOf("TASK"));
  }

  @Test
  void badConfiguredKeyIsNamedWithItsPosition() {
    var error =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TokenClassifier(Optional.of("TASK,Day_Plan")));
    assertEquals(
        "reveille.alertness.semantic-keys, entry 2, 'Day_Plan' is not a semantic key: character"
            + " 'a' at position 2 is not allowed; expected an upper-case name such as TASK or"
            + " DAY_PLAN ([A-Z][A-Z0-9_]*)",
        error.getMessage());
  }

  @Test
  void emptyConfiguredEntryIsRefused() {
    var error =
        assertThrows(
            IllegalArgumentException.class, () -> new TokenClassifier(Optional.of("TASK,,LABEL")));
    assertEquals(
        "reveille.alertness.semantic-keys, entry 2, is empty: expected an upper-case name",
        error.getMessage());
  }

  @Test
  void keyStartingWithADigitOrUnderscoreIsRefused() {
    var error =
        assertThrows(IllegalArgumentException.class, () -> TokenClassifier.of(List.of("_TASK")));
    assertTrue(error.getMessage().startsWith("semantic key #1 '_TASK' is not a semantic key"));
    assertThrows(IllegalArgumentException.class, () -> TokenClassifier.of(List.of("9TASK")));
    assertThrows(IllegalArgumentException.class, () -> TokenClassifier.of(List.of("A".repeat(65))));
  }

  @Test
  void shippedDefaultKeysAreValid() {
    var properties = ShippedConfig.properties();
    var value = properties.getProperty(TokenClassifier.SEMANTIC_KEYS_PROPERTY);
    var configured = new TokenClassifier(Optional.of(value));
    assertTrue(configured.semanticKeys().containsAll(Set.of("TASK", "CHECKLIST_ITEM", "AGENT")));
  }

  @Test
  void classifiedTokensGiveEachClassAndWithoutEntityIdsKeepsTheOthers() {
    var tokens =
        new ClassifiedTokens(
            new java.util.LinkedHashSet<>(List.of("TASK")),
            Set.of("a.b:c"),
            new java.util.LinkedHashSet<>(List.of("t-1", "t-2", "t-3")));

    assertEquals(Set.of("TASK"), tokens.of(TokenClass.SEMANTIC_KEY));
    assertEquals(Set.of("a.b:c"), tokens.of(TokenClass.SUBTYPE_TOKEN));
    assertEquals(5, tokens.size());
    assertFalse(tokens.isEmpty());

    var without = tokens.withoutEntityIds(List.of("t-2", "unknown"));
    assertEquals(List.of("t-1", "t-3"), List.copyOf(without.entityIds()));
    assertEquals(tokens.semanticKeys(), without.semanticKeys());
    assertEquals(tokens.subtypeTokens(), without.subtypeTokens());
    assertSame(tokens, tokens.withoutEntityIds(List.of("unknown")));
    assertTrue(tokens.withoutEntityIds(List.of("t-1", "t-2", "t-3")).entityIds().isEmpty());
    assertTrue(ClassifiedTokens.empty().isEmpty());
    assertThrows(UnsupportedOperationException.class, () -> tokens.entityIds().add("x"));
  }
}
