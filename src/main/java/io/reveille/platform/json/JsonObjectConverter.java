package io.reveille.platform.json;

import jakarta.json.JsonObject;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.io.StringReader;
import org.hibernate.annotations.Immutable;

/**
 * Stores a free-form JSON object (a tool call's arguments and result, a timer's schedule, a
 * report's provenance) as its compact JSON text, and reads it back as is.
 *
 * <p>Unlike the typed documents of this package these objects have no schema of their own, so
 * nothing is checked or kept aside. {@code null} stays {@code null} in both directions; an entity
 * that wants an empty object instead says so itself. A {@code JsonObject} is immutable, and the
 * converter says so: Hibernate keeps what it loaded as its snapshot for dirty checking, instead of
 * a copy made by writing the JSON and reading it back.
 */
@Converter
@Immutable
public class JsonObjectConverter implements AttributeConverter<JsonObject, String> {

  @Override
  public String convertToDatabaseColumn(JsonObject value) {
    return value == null ? null : JsonDocuments.write(value);
  }

  /**
   * @throws jakarta.json.JsonException when the stored text is not a JSON object
   */
  @Override
  public JsonObject convertToEntityAttribute(String stored) {
    if (stored == null) {
      return null;
    }
    try (var reader = JsonDocuments.PROVIDER.createReader(new StringReader(stored))) {
      return reader.readObject();
    }
  }
}
