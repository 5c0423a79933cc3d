package io.reveille.platform;

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
