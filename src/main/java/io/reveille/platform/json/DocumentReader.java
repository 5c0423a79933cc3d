package io.reveille.platform.json;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads the fields of one typed JSON document, strictly from a user or leniently from storage.
 *
 * <p>The document class asks for each field it knows, by type, then calls {@link #unknownFields()}.
 * Strictly, every problem is an {@link InvalidInputException} naming the JSON path, bounds are
 * enforced, and an unknown field is refused. Leniently (a stored document, possibly written by a
 * newer version), bounds are not enforced and unknown fields are returned to be kept; a known field
 * of the wrong type is corruption and fails with {@link IllegalStateException}. A JSON {@code null}
 * counts as absent in both modes.
 */
public final class DocumentReader {

  private final JsonObject json;
  private final String path;
  private final boolean strict;
  private final Set<String> known = new HashSet<>();

  private DocumentReader(JsonObject json, String path, boolean strict) {
    this.json = Objects.requireNonNull(json, "json");
    this.path = Objects.requireNonNull(path, "path");
    this.strict = strict;
  }

  /** Reads input from a user; {@code path} is where the document sits in the request. */
  public static DocumentReader strict(JsonObject json, String path) {
    if (json == null) {
      throw new InvalidInputException(path, "must be a JSON object");
    }
    return new DocumentReader(json, path, true);
  }

  /** Reads a stored document; {@code what} names it in errors. */
  public static DocumentReader stored(String text, String what) {
    return new DocumentReader(JsonDocuments.parseStored(text, what), what, false);
  }

  private String pathOf(String field) {
    return path + "." + field;
  }

  /**
   * The schema version of the document: {@code current} when absent. Strictly, any other version is
   * refused: a user writes the version this server understands. Leniently, a newer version is
   * returned so that writing the document back does not claim it is older than it is.
   */
  public int schemaVersion(int current) {
    var value = field(JsonDocuments.SCHEMA_VERSION);
    if (value == null) {
      return current;
    }
    var where = pathOf(JsonDocuments.SCHEMA_VERSION);
    if (!(value instanceof JsonNumber number)
        || !number.isIntegral()
        || number.bigIntegerValue().bitLength() > 31
        || number.intValue() < 1) {
      throw fail(where, "must be a positive integer, got " + shown(value));
    }
    var version = number.intValue();
    if (strict && version != current) {
      throw new InvalidInputException(
          where,
          "unsupported schema version "
              + version
              + "; this server reads and writes version "
              + current);
    }
    return Math.max(version, current);
  }

  /** Free text (may be blank) of at most {@code maxLength} characters. */
  public Optional<String> text(String name, int maxLength) {
    var value = field(name);
    if (value == null) {
      return Optional.empty();
    }
    return Optional.of(string(value, pathOf(name), maxLength, false));
  }

  /**
   * An identifier or other short token: not blank, without leading or trailing whitespace, at most
   * {@code maxLength} characters.
   */
  public Optional<String> identifier(String name, int maxLength) {
    var value = field(name);
    if (value == null) {
      return Optional.empty();
    }
    return Optional.of(string(value, pathOf(name), maxLength, true));
  }

  /** As {@link #identifier}, and present: its absence is refused as a missing field. */
  public String requiredIdentifier(String name, int maxLength) {
    return identifier(name, maxLength).orElseThrow(() -> fail(pathOf(name), "is required"));
  }

  /** A list of distinct identifiers, in the given order; absent means empty. */
  public List<String> identifiers(String name, int maxItems, int maxLength) {
    var value = field(name);
    if (value == null) {
      return List.of();
    }
    var where = pathOf(name);
    if (value.getValueType() != JsonValue.ValueType.ARRAY) {
      throw fail(where, "must be an array of strings, got " + shown(value));
    }
    var array = value.asJsonArray();
    if (strict && array.size() > maxItems) {
      throw fail(where, "has " + array.size() + " items; at most " + maxItems + " are allowed");
    }
    var items = new LinkedHashSet<String>();
    for (int i = 0; i < array.size(); i++) {
      var itemPath = where + "[" + i + "]";
      var item = array.get(i);
      if (item.getValueType() == JsonValue.ValueType.NULL) {
        throw fail(itemPath, "must be a string, got null");
      }
      var id = string(item, itemPath, maxLength, true);
      if (!items.add(id) && strict) {
        throw fail(itemPath, "duplicate '" + id + "'");
      }
    }
    return List.copyOf(items);
  }

  /** An object of identifier keys and free-text values, in the given order; absent means empty. */
  public Map<String, String> textByIdentifier(
      String name, int maxEntries, int maxKeyLength, int maxValueLength) {
    var value = field(name);
    if (value == null) {
      return Map.of();
    }
    var where = pathOf(name);
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      throw fail(where, "must be an object of strings, got " + shown(value));
    }
    var object = value.asJsonObject();
    if (strict && object.size() > maxEntries) {
      throw fail(
          where, "has " + object.size() + " entries; at most " + maxEntries + " are allowed");
    }
    var entries = new LinkedHashMap<String, String>();
    for (var entry : object.entrySet()) {
      var entryPath = where + "." + entry.getKey();
      if (strict) {
        checkIdentifier(entry.getKey(), entryPath, maxKeyLength);
      }
      if (entry.getValue().getValueType() == JsonValue.ValueType.NULL) {
        throw fail(entryPath, "must be a string, got null");
      }
      entries.put(entry.getKey(), string(entry.getValue(), entryPath, maxValueLength, false));
    }
    return entries;
  }

  /**
   * A whole number between {@code min} and {@code max} (bounds enforced strictly only); a JSON
   * number with a fraction, or one beyond a {@code long}, is refused.
   */
  public OptionalLong integer(String name, long min, long max) {
    var value = field(name);
    if (value == null) {
      return OptionalLong.empty();
    }
    var where = pathOf(name);
    if (!(value instanceof JsonNumber number)
        || !number.isIntegral()
        || number.bigIntegerValue().bitLength() > 63) {
      throw fail(where, "must be an integer, got " + shown(value));
    }
    var whole = number.longValue();
    if (strict && (whole < min || whole > max)) {
      throw fail(where, "must be between " + min + " and " + max + ", got " + whole);
    }
    return OptionalLong.of(whole);
  }

  /** A JSON {@code true} or {@code false}; anything else is refused. */
  public Optional<Boolean> flag(String name) {
    var value = field(name);
    if (value == null) {
      return Optional.empty();
    }
    if (value.getValueType() == JsonValue.ValueType.TRUE) {
      return Optional.of(true);
    }
    if (value.getValueType() == JsonValue.ValueType.FALSE) {
      return Optional.of(false);
    }
    throw fail(pathOf(name), "must be true or false, got " + shown(value));
  }

  /**
   * A nested object, read by a reader of its own whose errors name fields below {@code name}, in
   * the same mode as this one; its caller reads its fields and then its {@link #unknownFields()}.
   */
  public Optional<DocumentReader> object(String name) {
    var value = field(name);
    if (value == null) {
      return Optional.empty();
    }
    var where = pathOf(name);
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      throw fail(where, "must be an object, got " + shown(value));
    }
    return Optional.of(new DocumentReader(value.asJsonObject(), where, strict));
  }

  /**
   * A list of nested objects, each read by a reader of its own whose errors name fields below
   * {@code name[i]}, in the same mode as this one; absent means empty. Strictly, at most {@code
   * maxItems} are allowed. The caller reads each one's fields and then its {@link
   * #unknownFields()}.
   */
  public List<DocumentReader> objects(String name, int maxItems) {
    var value = field(name);
    if (value == null) {
      return List.of();
    }
    var where = pathOf(name);
    if (value.getValueType() != JsonValue.ValueType.ARRAY) {
      throw fail(where, "must be an array of objects, got " + shown(value));
    }
    var array = value.asJsonArray();
    if (strict && array.size() > maxItems) {
      throw fail(where, "has " + array.size() + " items; at most " + maxItems + " are allowed");
    }
    var readers = new ArrayList<DocumentReader>(array.size());
    for (int i = 0; i < array.size(); i++) {
      var itemPath = where + "[" + i + "]";
      var item = array.get(i);
      if (item.getValueType() != JsonValue.ValueType.OBJECT) {
        throw fail(itemPath, "must be an object, got " + shown(item));
      }
      readers.add(new DocumentReader(item.asJsonObject(), itemPath, strict));
    }
    return List.copyOf(readers);
  }

  /** A JSON object whose content is free-form (checked by whoever uses it); absent means empty. */
  public Optional<JsonObject> anyObject(String name) {
    var value = field(name);
    if (value == null) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      throw fail(pathOf(name), "must be an object, got " + shown(value));
    }
    return Optional.of(value.asJsonObject());
  }

  /**
   * The {@code extension} object; absent means empty. Strictly, every key must be namespaced (see
   * {@link JsonDocuments#requireNamespaced}); its values are free-form JSON.
   */
  public JsonObject extension() {
    var value = field(JsonDocuments.EXTENSION);
    if (value == null) {
      return JsonValue.EMPTY_JSON_OBJECT;
    }
    var where = pathOf(JsonDocuments.EXTENSION);
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      throw fail(
          where, "must be an object with namespaced keys like 'acme.color', got " + shown(value));
    }
    return strict
        ? JsonDocuments.requireNamespaced(value.asJsonObject(), where)
        : value.asJsonObject();
  }

  /**
   * The fields not asked for so far, in document order. Strictly there must be none: the first is
   * refused, naming the fields the document does know. Call it after reading every known field.
   */
  public JsonObject unknownFields() {
    var unknown = JsonDocuments.PROVIDER.createObjectBuilder();
    var any = false;
    for (var entry : json.entrySet()) {
      if (known.contains(entry.getKey())) {
        continue;
      }
      if (strict) {
        var names = new ArrayList<>(known);
        names.sort(null);
        throw new InvalidInputException(
            pathOf(entry.getKey()),
            "unknown field; known fields: "
                + String.join(", ", names)
                + " (free-form data belongs in '"
                + JsonDocuments.EXTENSION
                + "' under a namespaced key)");
      }
      unknown.add(entry.getKey(), entry.getValue());
      any = true;
    }
    return any ? unknown.build() : JsonValue.EMPTY_JSON_OBJECT;
  }

  private JsonValue field(String name) {
    known.add(name);
    var value = json.get(name);
    return value == null || value.getValueType() == JsonValue.ValueType.NULL ? null : value;
  }

  private String string(JsonValue value, String where, int maxLength, boolean identifier) {
    if (!(value instanceof JsonString string)) {
      throw fail(where, "must be a string, got " + shown(value));
    }
    var text = string.getString();
    if (strict) {
      if (identifier) {
        checkIdentifier(text, where, maxLength);
      } else if (text.length() > maxLength) {
        throw tooLong(where, text, maxLength);
      }
    }
    return text;
  }

  private static String checkIdentifier(String text, String where, int maxLength) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException(where, "must not be blank");
    }
    if (!text.equals(text.strip())) {
      throw new InvalidInputException(where, "must not start or end with whitespace");
    }
    if (text.length() > maxLength) {
      throw tooLong(where, text, maxLength);
    }
    return text;
  }

  private static InvalidInputException tooLong(String where, String text, int maxLength) {
    return new InvalidInputException(
        where, "is " + text.length() + " characters long; at most " + maxLength + " are allowed");
  }

  private RuntimeException fail(String where, String message) {
    return strict
        ? new InvalidInputException(where, message)
        : new IllegalStateException("stored document is corrupt at " + where + ": " + message);
  }

  private static String shown(JsonValue value) {
    return JsonDocuments.describe(value);
  }
}
