package io.reveille.platform.entity;

import io.reveille.platform.error.InvalidInputException;
import java.util.Objects;

/**
 * The argument checks entities run in their constructors and state transitions.
 *
 * <p>Two families. The {@link InvalidInputException} guards are for values that may come from a
 * request or a message: the failure names the field and is answered with a 400. {@link #idArgument}
 * is for ids the application passes itself, where a bad value is a bug and fails with {@link
 * IllegalArgumentException}. Each guard returns the value it accepted, so a constructor checks and
 * assigns in one line.
 *
 * <p>{@link #text} and {@link #nonBlankText} accept exactly the same values and differ only in the
 * message of a missing or blank one; both exist because entities already report it either way.
 */
public final class Guards {

  private Guards() {}

  /**
   * Refuses {@code null}.
   *
   * @throws InvalidInputException naming {@code field}: "is required"
   */
  public static <T> T required(String field, T value) {
    if (value == null) {
      throw new InvalidInputException(field, "is required");
    }
    return value;
  }

  /**
   * Text of 1 to {@code maxLength} characters, not blank. Every failure, a missing value included,
   * states that one rule.
   *
   * @throws InvalidInputException naming {@code field}: "must be 1 to N characters and not blank"
   */
  public static String text(String field, String value, int maxLength) {
    if (value == null || value.isBlank() || value.length() > maxLength) {
      throw new InvalidInputException(
          field, "must be 1 to " + maxLength + " characters and not blank");
    }
    return value;
  }

  /**
   * Text of 1 to {@code maxLength} characters, not blank, like {@link #text}; but a missing or
   * blank value is reported as "must not be blank", and only a too long one with the length rule
   * (the required form of {@link #optionalText}).
   *
   * @throws InvalidInputException naming {@code field}
   */
  public static String nonBlankText(String field, String value, int maxLength) {
    if (value == null || value.isBlank()) {
      throw new InvalidInputException(field, "must not be blank");
    }
    return optionalText(field, value, maxLength);
  }

  /**
   * {@code null}, or text of 1 to {@code maxLength} characters that is not blank.
   *
   * @throws InvalidInputException naming {@code field}: "must be 1 to N characters and not blank"
   */
  public static String optionalText(String field, String value, int maxLength) {
    if (value != null && (value.isBlank() || value.length() > maxLength)) {
      throw new InvalidInputException(
          field, "must be 1 to " + maxLength + " characters and not blank");
    }
    return value;
  }

  /**
   * Cuts an error text to at most {@code maxLength} characters so that it fits its column, one
   * shorter when the cut would split a surrogate pair. {@code null} stays {@code null}.
   */
  public static String truncate(String message, int maxLength) {
    if (message == null || message.length() <= maxLength) {
      return message;
    }
    var end = Character.isHighSurrogate(message.charAt(maxLength - 1)) ? maxLength - 1 : maxLength;
    return message.substring(0, end);
  }

  /**
   * An id the application passes itself (not user input): 1 to {@code maxLength} characters, not
   * blank.
   *
   * @param name what the id is, as the messages name it
   * @throws NullPointerException with message {@code name} when {@code value} is {@code null}
   * @throws IllegalArgumentException quoting the value otherwise
   */
  public static String idArgument(String name, String value, int maxLength) {
    Objects.requireNonNull(value, name);
    if (value.isBlank() || value.length() > maxLength) {
      throw new IllegalArgumentException(
          name + " must be 1 to " + maxLength + " characters, not blank: '" + value + "'");
    }
    return value;
  }
}
