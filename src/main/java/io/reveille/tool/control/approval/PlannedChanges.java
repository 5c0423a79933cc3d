package io.reveille.tool.control.approval;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolResult;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;

/**
 * A preview as a proposal keeps it, and the check that an approved call did exactly that.
 *
 * <p>The applied outcome matches the preview when every value the preview showed is there, equal,
 * at the same place of the applied payload (objects may gain members, such as the ids of what the
 * call created, which a preview cannot know; a {@code null} in the preview is such an id and
 * matches any value; arrays keep their length and order), and every entity id and token the preview
 * named as changed is among the applied ones.
 */
final class PlannedChanges {

  static final String PAYLOAD = "payload";
  static final String CHANGED_ENTITY_IDS = "changedEntityIds";
  static final String CHANGED_TOKENS = "changedTokens";

  private PlannedChanges() {}

  /** The stored form of a preview. */
  static JsonObject of(ToolOutcome preview) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add(PAYLOAD, preview.payload())
        .add(
            CHANGED_ENTITY_IDS,
            JsonDocuments.provider().createArrayBuilder(preview.changedEntityIds()))
        .add(CHANGED_TOKENS, JsonDocuments.provider().createArrayBuilder(preview.changedTokens()))
        .build();
  }

  /**
   * Where the applied outcome departs from the stored preview, or empty when it did what the
   * preview showed.
   */
  static Optional<String> difference(JsonObject preview, ToolResult applied) {
    var payload = difference(PAYLOAD, preview.getJsonObject(PAYLOAD), applied.payload());
    if (payload.isPresent()) {
      return payload;
    }
    var ids = missing(preview.getJsonArray(CHANGED_ENTITY_IDS), applied.changedEntityIds());
    if (ids.isPresent()) {
      return Optional.of("entity " + ids.get() + " was to change but did not");
    }
    return missing(preview.getJsonArray(CHANGED_TOKENS), applied.changedTokens())
        .map(token -> "change " + token + " was planned but not made");
  }

  private static Optional<String> missing(JsonArray planned, List<String> applied) {
    return planned.getValuesAs(JsonString::getString).stream()
        .filter(value -> !applied.contains(value))
        .findFirst();
  }

  private static Optional<String> difference(String path, JsonValue planned, JsonValue applied) {
    if (planned.getValueType() == JsonValue.ValueType.NULL) {
      return Optional.empty();
    }
    if (applied == null) {
      return Optional.of(path + ": previewed " + planned + ", missing when applied");
    }
    if (planned instanceof JsonObject object) {
      if (!(applied instanceof JsonObject appliedObject)) {
        return Optional.of(path + ": previewed an object, applied " + applied);
      }
      for (var entry : object.entrySet()) {
        var found =
            difference(
                path + "." + entry.getKey(), entry.getValue(), appliedObject.get(entry.getKey()));
        if (found.isPresent()) {
          return found;
        }
      }
      return Optional.empty();
    }
    if (planned instanceof JsonArray array) {
      if (!(applied instanceof JsonArray appliedArray) || appliedArray.size() != array.size()) {
        return Optional.of(path + ": previewed " + array + ", applied " + applied);
      }
      for (var i = 0; i < array.size(); i++) {
        var found = difference(path + "[" + i + "]", array.get(i), appliedArray.get(i));
        if (found.isPresent()) {
          return found;
        }
      }
      return Optional.empty();
    }
    return planned.equals(applied)
        ? Optional.empty()
        : Optional.of(path + ": previewed " + planned + ", applied " + applied);
  }
}
