package io.reveille.alertness.control;

import io.reveille.notification.control.Cause;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import io.reveille.notification.control.NotificationBatch.Origin;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Turns the JSON text of a {@code NotificationBatch} into a {@link NotificationBatch}, or explains
 * precisely why it cannot (the reason a dead-lettered batch carries).
 *
 * <p>Unknown fields are ignored so producers may add fields freely; every field the contract names
 * is type-checked, and the configured limits bound tokens and entities so a single batch cannot
 * exhaust the server.
 */
@ApplicationScoped
public class NotificationBatchParser {

  public static final int SUPPORTED_SCHEMA_VERSION = 1;
  static final int MAX_ID_LENGTH = 200;

  private NotificationLimits limits;

  NotificationBatchParser() {}

  @Inject
  public NotificationBatchParser(NotificationLimits limits) {
    this.limits = limits;
  }

  public NotificationBatch parse(String json) throws InvalidBatchException {
    if (json == null || json.isBlank()) {
      throw new InvalidBatchException("empty body: expected a NotificationBatch JSON object");
    }
    JsonObject root;
    try (var reader = JsonDocuments.provider().createReader(new StringReader(json))) {
      var value = reader.readValue();
      if (value.getValueType() != JsonValue.ValueType.OBJECT) {
        throw new InvalidBatchException("expected a JSON object, got " + describe(value));
      }
      root = value.asJsonObject();
    } catch (JsonParsingException e) {
      throw new InvalidBatchException("malformed JSON: " + e.getMessage());
    } catch (JsonException e) {
      throw new InvalidBatchException("malformed JSON: " + e.getMessage());
    } catch (RuntimeException e) {
      // What else the JSON reader refuses, each with an exception of its own kind: a number longer
      // than it reads (1,100 characters) or with an exponent beyond an int, nesting deeper than
      // it reads (1,000 levels). Valid JSON, but no batch.
      throw new InvalidBatchException("unreadable JSON: " + e.getMessage());
    }
    return toBatch(root);
  }

  private NotificationBatch toBatch(JsonObject root) throws InvalidBatchException {
    var schemaVersion = requiredInt(root, "schemaVersion");
    if (schemaVersion != SUPPORTED_SCHEMA_VERSION) {
      throw new InvalidBatchException(
          "schemaVersion: unsupported version "
              + schemaVersion
              + " (supported: "
              + SUPPORTED_SCHEMA_VERSION
              + ")");
    }
    var batchId =
        optionalId(root, "batchId")
            .orElseThrow(() -> new InvalidBatchException("batchId: required"));
    var originText = optionalString(root, "origin", MAX_ID_LENGTH).orElse("external");
    var origin =
        WireEnum.find(Origin.class, originText)
            .orElseThrow(
                () ->
                    new InvalidBatchException(
                        "origin: must be one of local, sync, external, was '" + originText + "'"));
    var counter = optionalCounter(root);

    var tokens = tokenList(root, "tokens");
    var semanticKeys = tokenList(root, "semanticKeys");
    var subtypeTokens = tokenList(root, "subtypeTokens");
    var entityIds = tokenList(root, "entityIds");
    var total = tokens.size() + semanticKeys.size() + subtypeTokens.size() + entityIds.size();
    if (total > limits.maxTokens()) {
      throw new InvalidBatchException(
          "tokens: "
              + total
              + " tokens exceed the limit of "
              + limits.maxTokens()
              + " (reveille.notifications.max-tokens)");
    }
    return new NotificationBatch(
        schemaVersion,
        batchId,
        origin,
        optionalId(root, "hostId"),
        counter,
        tokens,
        semanticKeys,
        subtypeTokens,
        entityIds,
        entities(root),
        optionalId(root, "originAgentId"),
        optionalId(root, "originRunKey"),
        cause(root));
  }

  /**
   * The chain of agent runs behind the batch: {@code hops} (a non-negative integer, 0 when absent)
   * and {@code chain} (the agents' ids, the earliest first, at most one a hop and at most {@value
   * Cause#MAX_CHAIN}; none when absent). A chain without hops counts one hop an agent.
   */
  private static Cause cause(JsonObject root) throws InvalidBatchException {
    var chain = idList(root, "chain", Cause.MAX_CHAIN);
    var hops = root.get("hops");
    if (hops == null || hops == JsonValue.NULL) {
      return chain.isEmpty() ? Cause.NONE : new Cause(chain.size(), chain);
    }
    if (!(hops instanceof JsonNumber number) || !number.isIntegral()) {
      throw new InvalidBatchException("hops: must be an integer, got " + describe(hops));
    }
    int count;
    try {
      count = number.intValueExact();
    } catch (ArithmeticException e) {
      throw new InvalidBatchException("hops: out of range (at most " + Cause.MAX_HOPS + ")");
    }
    if (count < 0 || count > Cause.MAX_HOPS) {
      throw new InvalidBatchException("hops: must be between 0 and " + Cause.MAX_HOPS);
    }
    if (chain.size() > count) {
      throw new InvalidBatchException(
          "chain: names " + chain.size() + " agents for " + count + " hops (at most one a hop)");
    }
    return new Cause(count, chain);
  }

  private static List<String> idList(JsonObject root, String field, int maxItems)
      throws InvalidBatchException {
    var value = root.get(field);
    if (value == null || value == JsonValue.NULL) {
      return List.of();
    }
    if (!(value instanceof JsonArray array)) {
      throw new InvalidBatchException(field + ": must be an array, got " + describe(value));
    }
    if (array.size() > maxItems) {
      throw new InvalidBatchException(
          field + ": " + array.size() + " entries exceed the limit of " + maxItems);
    }
    var ids = new ArrayList<String>(array.size());
    for (var i = 0; i < array.size(); i++) {
      var item = array.get(i);
      if (!(item instanceof JsonString text)) {
        throw new InvalidBatchException(
            field + "[" + i + "]: must be a string, got " + describe(item));
      }
      var id = text.getString();
      if (id.isBlank() || id.length() > MAX_ID_LENGTH) {
        throw new InvalidBatchException(
            field + "[" + i + "]: must be 1 to " + MAX_ID_LENGTH + " characters, not blank");
      }
      ids.add(id);
    }
    return List.copyOf(ids);
  }

  private List<String> tokenList(JsonObject root, String field) throws InvalidBatchException {
    var value = root.get(field);
    if (value == null || value == JsonValue.NULL) {
      return List.of();
    }
    if (value.getValueType() != JsonValue.ValueType.ARRAY) {
      throw new InvalidBatchException(
          field + ": must be an array of strings, got " + describe(value));
    }
    var array = value.asJsonArray();
    if (array.size() > limits.maxTokens()) {
      throw new InvalidBatchException(
          field
              + ": "
              + array.size()
              + " tokens exceed the limit of "
              + limits.maxTokens()
              + " (reveille.notifications.max-tokens)");
    }
    var result = new ArrayList<String>(array.size());
    for (int i = 0; i < array.size(); i++) {
      var item = array.get(i);
      var path = field + "[" + i + "]";
      if (!(item instanceof JsonString string)) {
        throw new InvalidBatchException(path + ": must be a string, got " + describe(item));
      }
      var token = string.getString();
      if (token.isBlank()) {
        throw new InvalidBatchException(path + ": must not be blank");
      }
      if (token.length() > limits.maxTokenLength()) {
        throw new InvalidBatchException(
            path
                + ": token of "
                + token.length()
                + " characters exceeds the limit of "
                + limits.maxTokenLength()
                + " (reveille.notifications.max-token-length)");
      }
      result.add(token);
    }
    return result;
  }

  private List<EntitySnapshot> entities(JsonObject root) throws InvalidBatchException {
    var value = root.get("entities");
    if (value == null || value == JsonValue.NULL) {
      return List.of();
    }
    if (value.getValueType() != JsonValue.ValueType.ARRAY) {
      throw new InvalidBatchException(
          "entities: must be an array of objects, got " + describe(value));
    }
    JsonArray array = value.asJsonArray();
    if (array.size() > limits.maxEntities()) {
      throw new InvalidBatchException(
          "entities: "
              + array.size()
              + " entities exceed the limit of "
              + limits.maxEntities()
              + " (reveille.notifications.max-entities)");
    }
    var result = new ArrayList<EntitySnapshot>(array.size());
    for (int i = 0; i < array.size(); i++) {
      var path = "entities[" + i + "]";
      var item = array.get(i);
      if (item.getValueType() != JsonValue.ValueType.OBJECT) {
        throw new InvalidBatchException(path + ": must be an object, got " + describe(item));
      }
      var entity = item.asJsonObject();
      var id =
          optionalId(entity, "id", path + ".id")
              .orElseThrow(() -> new InvalidBatchException(path + ".id: required"));
      var attributes = entity.get("attributes");
      Map<String, Object> attributeMap = new LinkedHashMap<>();
      if (attributes != null && attributes != JsonValue.NULL) {
        if (attributes.getValueType() != JsonValue.ValueType.OBJECT) {
          throw new InvalidBatchException(
              path + ".attributes: must be an object, got " + describe(attributes));
        }
        for (var entry : attributes.asJsonObject().entrySet()) {
          attributeMap.put(
              entry.getKey(), plain(entry.getValue(), path + ".attributes." + entry.getKey()));
        }
      }
      result.add(
          new EntitySnapshot(
              id,
              optionalString(entity, "type", path + ".type", MAX_ID_LENGTH),
              optionalString(entity, "categoryId", path + ".categoryId", MAX_ID_LENGTH),
              attributeMap));
    }
    return result;
  }

  /** Attribute values for predicates: scalars and lists of scalars, nothing deeper. */
  private Object plain(JsonValue value, String path) throws InvalidBatchException {
    switch (value.getValueType()) {
      case STRING:
        var text = ((JsonString) value).getString();
        if (text.length() > limits.maxTokenLength()) {
          throw new InvalidBatchException(
              path
                  + ": value of "
                  + text.length()
                  + " characters exceeds the limit of "
                  + limits.maxTokenLength());
        }
        return text;
      case NUMBER:
        return ((JsonNumber) value).bigDecimalValue();
      case TRUE:
        return Boolean.TRUE;
      case FALSE:
        return Boolean.FALSE;
      case NULL:
        return Optional.empty();
      case ARRAY:
        var list = new ArrayList<Object>();
        var array = value.asJsonArray();
        for (int i = 0; i < array.size(); i++) {
          var item = array.get(i);
          if (item.getValueType() == JsonValue.ValueType.ARRAY
              || item.getValueType() == JsonValue.ValueType.OBJECT) {
            throw new InvalidBatchException(
                path + "[" + i + "]: nested structures are not allowed");
          }
          list.add(plain(item, path + "[" + i + "]"));
        }
        return List.copyOf(list);
      default:
        throw new InvalidBatchException(path + ": objects are not allowed as attribute values");
    }
  }

  private static int requiredInt(JsonObject root, String field) throws InvalidBatchException {
    var value = root.get(field);
    if (value == null || value == JsonValue.NULL) {
      throw new InvalidBatchException(field + ": required");
    }
    if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
      throw new InvalidBatchException(field + ": must be an integer, got " + describe(value));
    }
    try {
      return number.intValueExact();
    } catch (ArithmeticException e) {
      throw new InvalidBatchException(field + ": out of range");
    }
  }

  private static OptionalLong optionalCounter(JsonObject root) throws InvalidBatchException {
    var value = root.get("counter");
    if (value == null || value == JsonValue.NULL) {
      return OptionalLong.empty();
    }
    if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
      throw new InvalidBatchException("counter: must be an integer, got " + describe(value));
    }
    long counter;
    try {
      counter = number.longValueExact();
    } catch (ArithmeticException e) {
      throw new InvalidBatchException("counter: out of range");
    }
    if (counter < 0) {
      throw new InvalidBatchException("counter: must not be negative");
    }
    return OptionalLong.of(counter);
  }

  private static Optional<String> optionalId(JsonObject root, String field)
      throws InvalidBatchException {
    return optionalId(root, field, field);
  }

  private static Optional<String> optionalId(JsonObject root, String field, String path)
      throws InvalidBatchException {
    var id = optionalString(root, field, path, MAX_ID_LENGTH);
    if (id.isPresent() && id.get().isBlank()) {
      throw new InvalidBatchException(path + ": must not be blank");
    }
    return id;
  }

  private static Optional<String> optionalString(JsonObject root, String field, int maxLength)
      throws InvalidBatchException {
    return optionalString(root, field, field, maxLength);
  }

  private static Optional<String> optionalString(
      JsonObject root, String field, String path, int maxLength) throws InvalidBatchException {
    var value = root.get(field);
    if (value == null || value == JsonValue.NULL) {
      return Optional.empty();
    }
    if (!(value instanceof JsonString string)) {
      throw new InvalidBatchException(path + ": must be a string, got " + describe(value));
    }
    if (string.getString().length() > maxLength) {
      throw new InvalidBatchException(path + ": longer than " + maxLength + " characters");
    }
    return Optional.of(string.getString());
  }

  private static String describe(JsonValue value) {
    return value.getValueType().name().toLowerCase(java.util.Locale.ROOT);
  }
}
