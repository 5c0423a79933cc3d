package io.reveille.session.control;

import io.reveille.platform.error.InvalidInputException;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A user's turn as the session takes it: the text, and the turn id the run key derives from.
 *
 * <p>Why the turn id matters: it is what makes a turn idempotent. A client that sends its own id
 * and retries (a timeout, a lost answer) gets the run of its first attempt, not a second one. A
 * client that sends none gets an id made up by the server, so each such request is a new turn.
 */
public record TurnInput(String text, String turnId) {

  /** Longest text of one turn, in characters. */
  public static final int MAX_TEXT_LENGTH = 20_000;

  /** Longest turn id. */
  public static final int MAX_TURN_ID_LENGTH = 64;

  /**
   * Letters, digits and {@code . _ : -}, starting with a letter or digit: safe in logs and keys.
   */
  static final Pattern TURN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]*");

  public TurnInput {
    text = checkText(text);
    turnId = checkTurnId(turnId);
  }

  /**
   * Validates a turn as a client sent it.
   *
   * @param turnId the client's turn id, or {@code null} for one from {@code newTurnId}
   * @throws InvalidInputException naming {@code text} or {@code turnId}
   */
  public static TurnInput of(String text, String turnId, Supplier<String> newTurnId) {
    var checkedText = checkText(text);
    return new TurnInput(checkedText, turnId == null ? newTurnId.get() : turnId);
  }

  private static String checkText(String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException("text", "is required and must not be blank");
    }
    if (text.length() > MAX_TEXT_LENGTH) {
      throw new InvalidInputException(
          "text", "must be at most " + MAX_TEXT_LENGTH + " characters, was " + text.length());
    }
    return text;
  }

  private static String checkTurnId(String turnId) {
    if (turnId == null
        || turnId.length() > MAX_TURN_ID_LENGTH
        || !TURN_ID.matcher(turnId).matches()) {
      throw new InvalidInputException(
          "turnId",
          "must be 1 to "
              + MAX_TURN_ID_LENGTH
              + " letters, digits or . _ : -, starting with a letter or digit");
    }
    return turnId;
  }
}
