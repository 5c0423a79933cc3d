package io.reveille.platform;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Function;

/** Checks of configuration values, with errors that name the setting. */
public final class Settings {

  private Settings() {}

  /**
   * {@code value}, if it lies between {@code min} and {@code max} (inclusive).
   *
   * @throws IllegalArgumentException naming {@code key}, the range and the value otherwise
   */
  public static long within(String key, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          key + " must be between " + min + " and " + max + ", was " + value);
    }
    return value;
  }

  /**
   * {@code value}, if it lies between {@code min} and {@code max} (inclusive).
   *
   * @throws IllegalArgumentException naming {@code key}, the range and the value otherwise
   */
  public static Duration within(String key, Duration value, Duration min, Duration max) {
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          key + " must be between " + min + " and " + max + ", was " + value);
    }
    return value;
  }

  /**
   * An ISO-8601 duration ({@code PT15M}, {@code PT0.25S}), surrounding blanks ignored.
   *
   * @throws IllegalArgumentException naming {@code key} and the value when it is not one
   */
  public static Duration duration(String key, String value) {
    try {
      return Duration.parse(value == null ? "" : value.strip());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          key + " must be an ISO-8601 duration such as PT15M or PT0.25S, was '" + value + "'", e);
    }
  }

  /**
   * A switch read strictly: {@code true} or {@code false} (any case, surrounding blanks ignored).
   * MicroProfile Config's own boolean conversion takes any unknown word for {@code false}, which
   * would turn a switch off on a typo.
   *
   * @throws IllegalArgumentException naming {@code key} and the value otherwise
   */
  public static boolean flag(String key, String value) {
    var trimmed = value == null ? "" : value.strip();
    if (trimmed.equalsIgnoreCase("true")) {
      return true;
    }
    if (trimmed.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
  }

  /**
   * An optional switch: empty when {@code lookup} has no value (or only blanks) for {@code key},
   * otherwise the value read as strictly as {@link #flag(String, String)} reads it.
   *
   * @throws IllegalArgumentException naming {@code key} and the value when it is not a switch
   */
  public static Optional<Boolean> optionalFlag(
      Function<String, Optional<String>> lookup, String key) {
    return lookup.apply(key).filter(value -> !value.isBlank()).map(value -> flag(key, value));
  }
}
