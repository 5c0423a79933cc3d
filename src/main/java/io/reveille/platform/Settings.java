package io.reveille.platform;

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
}
