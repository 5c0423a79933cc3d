package io.reveille.tool.control.external;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How a provider's answer becomes the tool's result: each output field is read from the response
 * body by a JSON pointer, and the provider's correlation id (its request or message id) from a
 * header or a pointer. Without fields the body itself is the result when it is an object.
 *
 * <p>A pointer that finds nothing leaves its field out rather than failing: by the time an answer
 * is mapped the call has taken effect, and its receipt must be recorded whatever the body holds.
 */
public record ResponseMapping(
    Map<String, String> fields,
    Optional<String> correlationHeader,
    Optional<String> correlationPointer) {

  public ResponseMapping {
    fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    Objects.requireNonNull(correlationHeader, "correlationHeader");
    Objects.requireNonNull(correlationPointer, "correlationPointer");
  }

  public static ResponseMapping bodyAsIs() {
    return new ResponseMapping(Map.of(), Optional.empty(), Optional.empty());
  }

  /** A mapped answer: the tool's result and the provider's id for the request, if it gave one. */
  public record Mapped(JsonObject result, Optional<String> correlationId) {}

  /**
   * Maps an answer.
   *
   * @param header the answer's header by name (case-insensitive), empty when absent
   * @param body the parsed body, empty when there was none or it was not JSON
   */
  public Mapped map(
      java.util.function.Function<String, Optional<String>> header, Optional<JsonValue> body) {
    var result = JsonDocuments.provider().createObjectBuilder();
    if (fields.isEmpty()) {
      body.filter(value -> value.getValueType() == JsonValue.ValueType.OBJECT)
          .ifPresent(
              value ->
                  result.addAll(
                      JsonDocuments.provider().createObjectBuilder(value.asJsonObject())));
    } else {
      fields.forEach(
          (field, pointer) -> at(body, pointer).ifPresent(value -> result.add(field, value)));
    }
    var correlation =
        correlationHeader
            .flatMap(header)
            .or(
                () ->
                    correlationPointer
                        .flatMap(pointer -> at(body, pointer))
                        .map(ResponseMapping::text))
            .filter(id -> !id.isBlank())
            .map(id -> id.length() > 200 ? id.substring(0, 200) : id);
    return new Mapped(result.build(), correlation);
  }

  static Optional<JsonValue> at(Optional<JsonValue> body, String pointer) {
    if (body.isEmpty() || !(body.get() instanceof JsonStructure structure)) {
      return Optional.empty();
    }
    var jsonPointer = JsonDocuments.provider().createPointer(pointer);
    return jsonPointer.containsValue(structure)
        ? Optional.of(jsonPointer.getValue(structure))
        : Optional.empty();
  }

  private static String text(JsonValue value) {
    return value instanceof JsonString string ? string.getString() : value.toString();
  }
}
