package io.reveille.platform.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import org.junit.jupiter.api.Test;

class GuardsTest {

  @Test
  void requiredReturnsTheValueAndRefusesNullNamingTheField() {
    var value = new Object();
    assertSame(value, Guards.required("thing", value));
    var error = assertThrows(InvalidInputException.class, () -> Guards.required("thing", null));
    assertEquals("thing", error.getField());
    assertEquals("is required", error.getMessage());
  }

  @Test
  void textStatesTheWholeRuleForEveryFailure() {
    assertEquals("abc", Guards.text("id", "abc", 3));
    for (var bad : new String[] {null, "", "  ", "abcd"}) {
      var error = assertThrows(InvalidInputException.class, () -> Guards.text("id", bad, 3));
      assertEquals("id", error.getField());
      assertEquals("must be 1 to 3 characters and not blank", error.getMessage());
    }
  }

  @Test
  void nonBlankTextSaysBlankForMissingOrBlankAndTheRuleForTooLong() {
    assertEquals("abc", Guards.nonBlankText("id", "abc", 3));
    for (var blank : new String[] {null, "", " \t"}) {
      var error =
          assertThrows(InvalidInputException.class, () -> Guards.nonBlankText("id", blank, 3));
      assertEquals("id", error.getField());
      assertEquals("must not be blank", error.getMessage());
    }
    var tooLong =
        assertThrows(InvalidInputException.class, () -> Guards.nonBlankText("id", "abcd", 3));
    assertEquals("must be 1 to 3 characters and not blank", tooLong.getMessage());
  }

  @Test
  void optionalTextAcceptsNullButNotBlankOrTooLong() {
    assertNull(Guards.optionalText("ref", null, 3));
    assertEquals("abc", Guards.optionalText("ref", "abc", 3));
    for (var bad : new String[] {"", " ", "abcd"}) {
      var error =
          assertThrows(InvalidInputException.class, () -> Guards.optionalText("ref", bad, 3));
      assertEquals("ref", error.getField());
      assertEquals("must be 1 to 3 characters and not blank", error.getMessage());
    }
  }

  @Test
  void truncateCutsToTheLimitWithoutSplittingASurrogatePair() {
    assertNull(Guards.truncate(null, 5));
    assertEquals("abcde", Guards.truncate("abcde", 5));
    assertEquals("abcde", Guards.truncate("abcdefgh", 5));
    var emoji = "\uD83D\uDE00";
    assertEquals("abcd", Guards.truncate("abcd" + emoji, 5));
    assertEquals("abc" + emoji, Guards.truncate("abc" + emoji + "x", 5));
  }

  @Test
  void idArgumentIsForTheApplicationsOwnIdsAndQuotesTheBadValue() {
    assertEquals("run-1", Guards.idArgument("runId", "run-1", 5));
    var missing =
        assertThrows(NullPointerException.class, () -> Guards.idArgument("runId", null, 5));
    assertEquals("runId", missing.getMessage());
    var blank =
        assertThrows(IllegalArgumentException.class, () -> Guards.idArgument("runId", " ", 5));
    assertEquals("runId must be 1 to 5 characters, not blank: ' '", blank.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Guards.idArgument("runId", "run-10", 5));
  }
}
