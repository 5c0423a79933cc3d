package io.reveille.platform.json;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.util.regex.Pattern;

/**
 * The rules every typed JSON document shares: its size bound, the shape of extension keys, and how
 * its text is parsed and written.
 *
 * <p>The provider is looked up once: {@code Json.createXxx} repeats the service lookup on every
 * call, and documents are converted on every entity load and flush.
 */
public final class JsonDocuments {

  /** The field every document carries so that readers know which rules wrote it. */
  public static final String SCHEMA_VERSION = "schemaVersion";

  /** The one field whose content is free-form, under namespaced keys. */
  public static final String EXTENSION = "extension";

  /**
   * The largest stored form of one document, in characters. Documents ride along with every load of
   * their entity, so they stay small; bulk content belongs in its own rows.
   */
  public static final int MAX_STORED_CHARS = 32_000;

  static final int MAX_EXTENSION_KEY_LENGTH = 200;

  /** {@code acme.color}, {@code org.example.mood-v2}: at least one dot between plain segments. */
  private static final Pattern NAMESPACED_KEY =
      Pattern.compile("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+");

  static final JsonProvider PROVIDER = JsonProvider.provider();

  private JsonDocuments() {}

  public static JsonProvider provider() {
    return PROVIDER;
  }

  /** The compact JSON text of a value. */
  public static String write(JsonStructure json) {
    return json.toString();
  }

  /**
   * Parses text that was stored by this or another version of Reveille.
   *
   * @throws IllegalStateException when the text is not a JSON object: stored documents are written
   *     only by Reveille, so this is corruption, not bad input
   */
  public static JsonObject parseStored(String text, String what) {
    if (text == null || text.isBlank()) {
      throw new IllegalStateException("stored " + what + " is empty");
    }
    try (var reader = PROVIDER.createReader(new StringReader(text))) {
      var value = reader.readValue();
      if (value.getValueType() != JsonValue.ValueType.OBJECT) {
        throw new IllegalStateException(
            "stored " + what + " is not a JSON object but " + describe(value));
      }
      return value.asJsonObject();
    } catch (JsonException e) {
      throw new IllegalStateException(
          "stored " + what + " is not valid JSON: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses a document whose stored form is larger than {@link #MAX_STORED_CHARS}.
   *
   * @return {@code stored}, for chaining
   */
  public static String requireStorable(String stored, String path) {
    if (stored.length() > MAX_STORED_CHARS) {
      throw new InvalidInputException(
          path,
          "the document is "
              + stored.length()
              + " characters long when stored; at most "
              + MAX_STORED_CHARS
              + " are allowed");
    }
    return stored;
  }

  static boolean isNamespacedKey(String key) {
    return key.length() <= MAX_EXTENSION_KEY_LENGTH && NAMESPACED_KEY.matcher(key).matches();
  }

  /**
   * Refuses an extension object with a key that has no namespace, so that extensions from different
   * parties cannot collide and cannot shadow a field a later schema version adds.
   *
   * @return {@code extension}, for chaining
   */
  public static JsonObject requireNamespaced(JsonObject extension, String path) {
    for (var key : extension.keySet()) {
      if (!isNamespacedKey(key)) {
        throw new InvalidInputException(
            path + "." + key,
            "extension keys must be namespaced "
                + "like 'acme.color' (segments of letters, digits, '-' or '_' joined by dots, at most "
                + MAX_EXTENSION_KEY_LENGTH
                + " characters)");
      }
    }
    return extension;
  }

  /** A short description of a JSON value for error messages, without echoing large input. */
  static String describe(JsonValue value) {
    return switch (value.getValueType()) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case STRING -> "a string";
      case NUMBER -> "a number";
      case TRUE, FALSE -> "a boolean";
      case NULL -> "null";
    };
  }
}
