package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import io.reveille.platform.error.InvalidInputException;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubscriptionPredicateTest {

  /** A task snapshot: id task-42, type task, category gym. */
  private static final EntitySnapshot TASK =
      snapshot(
          "task-42",
          "task",
          "gym",
          Map.of(
              "status",
              "OPEN",
              "estimate",
              new BigDecimal("30"),
              "ratio",
              new BigDecimal("0.50"),
              "flagged",
              true,
              "archived",
              false,
              "note",
              Optional.empty(),
              "priority",
              "P1",
              "due",
              "2026-03-01",
              "labels",
              List.of("urgent", "home"),
              "id",
              "attr-id"));

  private static final EntitySnapshot BARE =
      new EntitySnapshot("x-1", Optional.empty(), Optional.empty(), Map.of());

  static EntitySnapshot snapshot(
      String id, String type, String categoryId, Map<String, Object> attributes) {
    return new EntitySnapshot(
        id, Optional.ofNullable(type), Optional.ofNullable(categoryId), attributes);
  }

  private static boolean test(String predicate, EntitySnapshot entity) {
    return SubscriptionPredicate.parse(predicate).test(entity);
  }

  private static String error(String predicate) {
    var error =
        assertThrows(InvalidInputException.class, () -> SubscriptionPredicate.parse(predicate));
    assertEquals("predicate", error.getField());
    return error.getMessage();
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(
      delimiter = ';',
      textBlock =
          """
          categoryId == "gym"                              ; true
          categoryId == "work"                             ; false
          categoryId != "work"                             ; true
          type == "task"                                   ; true
          id == "task-42"                                  ; true
          attributes.id == "attr-id"                       ; true
          status == "OPEN"                                 ; true
          attributes.status == "OPEN"                      ; true
          status == "open"                                 ; false
          status in ["OPEN", "IN_PROGRESS"]                ; true
          status in ["DONE"]                               ; false
          status not in ["DONE", "REJECTED"]               ; true
          status not in ["OPEN"]                           ; false
          status in []                                     ; false
          status not in []                                 ; true
          estimate >= 30                                   ; true
          estimate > 30                                    ; false
          estimate < 30.5                                  ; true
          estimate <= 29.99                                ; false
          estimate == 30.000                               ; true
          estimate != 30.0                                 ; false
          estimate in [1, 30.00, 50]                       ; true
          30 <= estimate                                   ; true
          -1 < estimate                                    ; true
          estimate > -100.25                               ; true
          ratio == 0.5                                     ; true
          ratio in [0.5]                                   ; true
          estimate == "30"                                 ; false
          estimate != "30"                                 ; true
          estimate < "40"                                  ; false
          flagged                                          ; true
          archived                                         ; false
          !archived                                        ; true
          flagged == true                                  ; true
          archived == false                                ; true
          flagged == "true"                                ; false
          status                                           ; false
          true                                             ; true
          false                                            ; false
          note == null                                     ; true
          note != null                                     ; false
          missing == null                                  ; true
          missing != null                                  ; false
          missing != "x"                                   ; true
          missing == "x"                                   ; false
          missing < 5                                      ; false
          missing >= 5                                     ; false
          missing                                          ; false
          missing in [null]                                ; true
          missing in ["x"]                                 ; false
          missing not in ["x"]                             ; true
          note in ["x", null]                              ; true
          null == null                                     ; true
          null < 1                                         ; false
          due < "2026-04-01"                               ; true
          due >= "2026-03-01"                              ; true
          due > "2026-03-01"                               ; false
          labels in ["urgent"]                             ; true
          labels in ["work", "home"]                       ; true
          labels in ["work"]                               ; false
          labels not in ["work"]                           ; true
          labels == "urgent"                               ; false
          labels < 3                                       ; false
          estimate >= 30 && !(status == "DONE")            ; true
          estimate >= 30 && status == "DONE"               ; false
          type != "task" || attributes.priority == "P0"    ; false
          type != "task" || attributes.priority == "P1"    ; true
          type == "note" || type == "event" || flagged     ; true
          flagged && archived || status == "OPEN"          ; true
          flagged && (archived || status == "DONE")        ; false
          !flagged || !archived                            ; true
          !(flagged && !archived)                          ; false
          !!flagged                                        ; true
          ((((status == "OPEN"))))                         ; true
          attributes.in == null                            ; true
          """)
  void evaluatesAgainstATaskSnapshot(String predicate, boolean expected) {
    assertEquals(expected, test(predicate, TASK), predicate);
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(
      delimiter = ';',
      textBlock =
          """
          type == null                  ; true
          categoryId == null            ; true
          categoryId != "gym"           ; true
          categoryId in ["gym"]         ; false
          type < "task"                 ; false
          id == "x-1"                   ; true
          status == null                ; true
          """)
  void absentTypeCategoryAndAttributesAreNull(String predicate, boolean expected) {
    assertEquals(expected, test(predicate, BARE), predicate);
  }

  @Test
  void stringEscapesAreDecoded() {
    var entity = snapshot("e", null, null, Map.of("title", "say \"hi\" \\ bye"));
    assertTrue(test("title == \"say \\\"hi\\\" \\\\ bye\"", entity));
    assertTrue(test("title != \"say \\\"hi\\\"\"", entity));
  }

  @Test
  void numbersInOtherJavaTypesCompareAsDecimals() {
    var attributes = new HashMap<String, Object>();
    attributes.put("count", 3);
    attributes.put("big", 4L);
    attributes.put("real", 2.5d);
    attributes.put("items", List.of(1, 2));
    var entity = snapshot("e", null, null, attributes);
    assertTrue(test("count == 3 && big == 4.0 && real > 2.4 && real < 2.6", entity));
    assertTrue(test("items in [2]", entity));
  }

  @Test
  void listAttributesAreEqualElementByElement() {
    var entity = snapshot("e", null, null, Map.of("a", List.of("x", "y"), "b", List.of("x", "y")));
    assertTrue(test("a == b", entity));
    assertFalse(test("a != b", entity));
  }

  @Test
  void keepsItsTextAndIsEqualByText() {
    var predicate = SubscriptionPredicate.parse("status == \"OPEN\"");
    assertEquals("status == \"OPEN\"", predicate.text());
    assertEquals(predicate, SubscriptionPredicate.parse("status == \"OPEN\""));
    assertEquals(
        predicate.hashCode(), SubscriptionPredicate.parse("status == \"OPEN\"").hashCode());
    assertNotEquals(predicate, SubscriptionPredicate.parse("status==\"OPEN\""));
  }

  @Test
  void whitespaceIsFree() {
    assertTrue(test("status==\"OPEN\"&&estimate>=30", TASK));
    assertTrue(test("\n\tstatus  in\n[ \"OPEN\" ,\"X\" ]  ", TASK));
  }

  // Parse errors: each names the position (from 1) and what was expected.

  @Test
  void emptyPredicate() {
    assertEquals(
        "expected a condition (a comparison such as status == \"open\", '!' or '(') at position 1"
            + " but found the end of the predicate",
        error(""));
    assertEquals(
        "expected a condition (a comparison such as status == \"open\", '!' or '(') at position 4"
            + " but found the end of the predicate",
        error("   "));
  }

  @Test
  void nullPredicate() {
    assertEquals("must not be null", error(null));
  }

  @Test
  void missingRightOperand() {
    assertEquals(
        "expected a value (a field such as status or attributes.status, a string, a number, true,"
            + " false or null) at position 10 but found the end of the predicate",
        error("status =="));
  }

  @Test
  void singleEquals() {
    assertEquals("single '=' at position 8: expected '==' to compare", error("status = \"OPEN\""));
  }

  @Test
  void singleAmpersandAndBar() {
    assertEquals("single '&' at position 3: expected '&&'", error("a & b"));
    assertEquals("single '|' at position 3: expected '||'", error("a | b"));
  }

  @Test
  void unterminatedString() {
    assertEquals(
        "unterminated string starting at position 11: expected a closing '\"' before the end of"
            + " the predicate",
        error("status == \"OPEN"));
  }

  @Test
  void unsupportedEscape() {
    assertEquals(
        "unsupported escape at position 14: expected \\\" or \\\\ after the backslash",
        error("status == \"OP\\nEN\""));
  }

  @Test
  void unexpectedCharacter() {
    assertEquals(
        "unexpected character '#' at position 8: expected a name, a literal or one of == != < <="
            + " > >= && || ! ( ) [ ] ,",
        error("status #"));
    assertEquals(
        "unexpected character '$' at position 1: expected a name, a literal or one of == != < <="
            + " > >= && || ! ( ) [ ] ,",
        error("${java.lang.Runtime}"));
  }

  @Test
  void methodCallsAreNotPartOfTheLanguage() {
    assertEquals(
        "expected '&&', '||' or the end of the predicate at position 9 but found '('",
        error("getClass() == \"x\""));
    assertEquals(
        "unexpected '.' at position 7: attribute values have no fields to select; expected a"
            + " comparison operator (==, !=, <, <=, >, >=, in or not in), '&&', '||', ')' or the"
            + " end of the predicate",
        error("status.trim() == \"x\""));
  }

  @Test
  void missingNumberDigits() {
    assertEquals(
        "expected a digit after '-' at position 13 but found U+0020", error("estimate > - 5"));
    assertEquals(
        "expected a digit after the decimal point at position 14 but found the end of the"
            + " predicate",
        error("estimate > 3."));
  }

  @Test
  void literalWithoutOperator() {
    assertEquals(
        "expected a comparison operator (==, !=, <, <=, >, >=, in or not in) after the string"
            + " \"OPEN\" at position 7 but found the end of the predicate",
        error("\"OPEN\""));
    assertEquals(
        "expected a comparison operator (==, !=, <, <=, >, >=, in or not in) after the number 30"
            + " at position 4 but found '&&'",
        error("30 && flagged"));
    assertEquals(
        "expected a comparison operator (==, !=, <, <=, >, >=, in or not in) after 'null' at"
            + " position 5 but found the end of the predicate",
        error("null"));
  }

  @Test
  void trailingInput() {
    assertEquals(
        "expected '&&', '||' or the end of the predicate at position 8 but found the name 'open'",
        error("status open"));
    assertEquals(
        "expected '&&', '||' or the end of the predicate at position 17 but found ')'",
        error("status == \"OPEN\")"));
  }

  @Test
  void unclosedParenthesis() {
    assertEquals(
        "expected '&&', '||' or ')' (to close the '(' at position 1) at position 18 but found the"
            + " end of the predicate",
        error("(status == \"OPEN\""));
  }

  @Test
  void danglingOperators() {
    assertEquals(
        "expected a condition (a comparison such as status == \"open\", '!' or '(') at position 1"
            + " but found '&&'",
        error("&& flagged"));
    assertEquals(
        "expected a condition (a comparison such as status == \"open\", '!' or '(') at position 11"
            + " but found the end of the predicate",
        error("flagged ||"));
    assertEquals(
        "expected a condition (a comparison such as status == \"open\", '!' or '(') at position 2"
            + " but found ')'",
        error("()"));
    assertEquals(
        "expected a value (a field such as status or attributes.status, a string, a number, true,"
            + " false or null) at position 11 but found '=='",
        error("status == == 1"));
  }

  @Test
  void listOutsideIn() {
    assertEquals(
        "unexpected '[' at position 11: a list is only allowed after 'in' or 'not in'",
        error("status == [\"OPEN\"]"));
    assertEquals(
        "unexpected '[' at position 1: a list is only allowed after 'in' or 'not in'",
        error("[1] in [1]"));
  }

  @Test
  void malformedLists() {
    assertEquals(
        "expected '[' to start the list at position 11 but found the string \"OPEN\"",
        error("status in \"OPEN\""));
    assertEquals(
        "expected a literal (a string, a number, true, false or null) as a list item at position"
            + " 12 but found the name 'other'",
        error("status in [other]"));
    assertEquals(
        "expected ',' or ']' (to close the list opened at position 11) at position 18 but found"
            + " the end of the predicate",
        error("status in [\"OPEN\""));
    assertEquals(
        "expected a literal (a string, a number, true, false or null) as a list item at position"
            + " 19 but found ']'",
        error("status in [\"OPEN\",]"));
    assertEquals(
        "expected 'in' after 'not' at position 12 but found '['", error("status not [\"OPEN\"]"));
  }

  @Test
  void attributesNeedsAName() {
    assertEquals(
        "expected '.' and an attribute name after 'attributes' at position 12 but found '=='",
        error("attributes == 1"));
    assertEquals(
        "expected an attribute name after 'attributes.' at position 12 but found the number 5",
        error("attributes.5 == 1"));
  }

  @Test
  void tooLong() {
    var text = "a == \"" + "x".repeat(1995) + "\"";
    assertEquals(2002, text.length());
    assertEquals("at most 2000 characters allowed, but it has 2002", error(text));
    SubscriptionPredicate.parse(text.substring(0, 1999) + "\"");
  }

  @Test
  void tooManyListItems() {
    var items = IntStream.rangeClosed(1, 101).mapToObj(Integer::toString).toList();
    var text = "n in [" + String.join(",", items) + "]";
    assertEquals(
        "more than 100 items in the list starting at position 6: item 101 is at position 299",
        error(text));
    var hundred = "n in [" + String.join(",", items.subList(0, 100)) + "]";
    assertTrue(test(hundred.replace("n in", "estimate in"), TASK));
  }

  @Test
  void tooManyNodes() {
    // 67 comparisons of 3 nodes plus the && node: 202 nodes.
    var text =
        IntStream.range(0, 67).mapToObj(i -> "a" + i + "==1").collect(Collectors.joining("&&"));
    var message = error(text);
    assertTrue(
        message.startsWith(
            "more than 200 operators, operands and list items: the limit is passed"
                + " at position "),
        message);
    var fits =
        IntStream.range(0, 66).mapToObj(i -> "a" + i + "==1").collect(Collectors.joining("&&"));
    assertFalse(test(fits, TASK));
  }

  @Test
  void tooDeep() {
    var fits = "(".repeat(32) + "flagged" + ")".repeat(32);
    assertTrue(test(fits, TASK));
    assertEquals(
        "'(' and '!' nested more than 32 levels deep at position 33",
        error("(".repeat(33) + "flagged" + ")".repeat(33)));
    assertEquals(
        "'(' and '!' nested more than 32 levels deep at position 33",
        error("!".repeat(40) + "flagged"));
    assertTrue(test("!".repeat(32) + "flagged", TASK));
  }

  @Test
  void deeplyNestedInputFailsCleanlyRatherThanOverflowingTheStack() {
    assertThrows(InvalidInputException.class, () -> SubscriptionPredicate.parse("(".repeat(1999)));
  }
}
