package io.reveille.platform.json;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes one typed JSON document: the schema version first, then the known fields, then the
 * extension, then (stored form only) the fields a newer version wrote that this one kept.
 *
 * <p>The output is deterministic (map entries sorted by key) so that an unchanged document always
 * stores the same text. Absent optional fields are omitted; lists and maps are always written.
 */
public final class DocumentWriter {

  private final JsonObjectBuilder builder = JsonDocuments.PROVIDER.createObjectBuilder();
  private final Set<String> written = new HashSet<>();

  private DocumentWriter(int schemaVersion) {
    builder.add(JsonDocuments.SCHEMA_VERSION, schemaVersion);
    written.add(JsonDocuments.SCHEMA_VERSION);
  }

  public static DocumentWriter of(int schemaVersion) {
    return new DocumentWriter(schemaVersion);
  }

  /** A writer for an object nested in a document: no schema version of its own. */
  public static DocumentWriter nested() {
    return new DocumentWriter();
  }

  private DocumentWriter() {}

  public DocumentWriter add(String name, Optional<String> value) {
    written.add(name);
    value.ifPresent(text -> builder.add(name, text));
    return this;
  }

  public DocumentWriter add(String name, OptionalLong value) {
    written.add(name);
    value.ifPresent(number -> builder.add(name, number));
    return this;
  }

  /** A nested object, omitted when absent; see {@link #nested()}. */
  public DocumentWriter object(String name, Optional<JsonObject> value) {
    written.add(name);
    value.ifPresent(object -> builder.add(name, object));
    return this;
  }

  /** A list of nested objects, omitted when empty; see {@link #nested()}. */
  public DocumentWriter objects(String name, List<JsonObject> values) {
    written.add(name);
    if (!values.isEmpty()) {
      var array = JsonDocuments.PROVIDER.createArrayBuilder();
      values.forEach(array::add);
      builder.add(name, array);
    }
    return this;
  }

  public DocumentWriter add(String name, List<String> values) {
    written.add(name);
    var array = JsonDocuments.PROVIDER.createArrayBuilder();
    values.forEach(array::add);
    builder.add(name, array);
    return this;
  }

  public DocumentWriter add(String name, Map<String, String> values) {
    written.add(name);
    var object = JsonDocuments.PROVIDER.createObjectBuilder();
    new TreeMap<>(values).forEach(object::add);
    builder.add(name, object);
    return this;
  }

  public DocumentWriter extension(JsonObject extension) {
    written.add(JsonDocuments.EXTENSION);
    builder.add(JsonDocuments.EXTENSION, extension);
    return this;
  }

  /** The API form: only what this version knows. */
  public JsonObject build() {
    return builder.build();
  }

  /**
   * The stored form: what this version knows plus the fields kept from a newer writer. A kept field
   * never overrides a known one.
   */
  public String buildStored(JsonObject unknownFields) {
    return JsonDocuments.write(buildKeeping(unknownFields));
  }

  /** The stored form of a nested object, as {@link #buildStored}, still as an object. */
  public JsonObject buildKeeping(JsonObject unknownFields) {
    unknownFields.forEach(
        (name, value) -> {
          if (!written.contains(name)) {
            builder.add(name, value);
          }
        });
    return builder.build();
  }
}
