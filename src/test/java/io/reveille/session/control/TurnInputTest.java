package io.reveille.session.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.wake.control.RunKeys;
import org.junit.jupiter.api.Test;

class TurnInputTest {

  @Test
  void aTurnKeepsTheClientsTurnId() {
    var turn = TurnInput.of("Start a pomodoro", "turn-1", () -> "generated");
    assertEquals("Start a pomodoro", turn.text());
    assertEquals("turn-1", turn.turnId());
  }

  @Test
  void aTurnWithoutIdGetsTheServersOne() {
    assertEquals("generated", TurnInput.of("hi", null, () -> "generated").turnId());
  }

  @Test
  void textIsRequiredNotBlankAndBounded() {
    assertEquals("text", field(() -> TurnInput.of(null, "t", () -> "g")));
    assertEquals("text", field(() -> TurnInput.of(" \n\t", "t", () -> "g")));
    assertEquals(
        "text",
        field(() -> TurnInput.of("x".repeat(TurnInput.MAX_TEXT_LENGTH + 1), "t", () -> "g")));
    assertEquals(
        TurnInput.MAX_TEXT_LENGTH,
        TurnInput.of("x".repeat(TurnInput.MAX_TEXT_LENGTH), "t", () -> "g").text().length());
  }

  @Test
  void turnIdsAreShortPlainTokens() {
    for (var bad : new String[] {"", " ", "has space", "-leading", "ü", "a/b", "x".repeat(65)}) {
      assertEquals("turnId", field(() -> TurnInput.of("hi", bad, () -> "g")), bad);
    }
    for (var good : new String[] {"1", "turn-1", "a.b_c:d-e", "x".repeat(64)}) {
      assertEquals(good, TurnInput.of("hi", good, () -> "g").turnId());
    }
  }

  @Test
  void theSameTurnAlwaysNamesTheSameRunAndAnotherTurnAnotherRun() {
    var turn = TurnInput.of("hi", "turn-7", () -> "g");
    var again = TurnInput.of("hi again", "turn-7", () -> "g");
    assertEquals(
        RunKeys.session("agent", "session", turn.turnId()),
        RunKeys.session("agent", "session", again.turnId()));
    assertEquals(
        false,
        RunKeys.session("agent", "session", "turn-7")
            .equals(RunKeys.session("agent", "session", "turn-8")));
  }

  @Test
  void tokensAreRoughlyFourCharactersEach() {
    assertEquals(1, SessionService.approximateTokens("hi"));
    assertEquals(3, SessionService.approximateTokens("twelve chars"));
  }

  private static String field(Runnable action) {
    return assertThrows(InvalidInputException.class, action::run).getField();
  }
}
