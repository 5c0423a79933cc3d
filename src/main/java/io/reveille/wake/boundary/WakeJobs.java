package io.reveille.wake.boundary;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonException;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;

/** The wake job document on the wakes queue: {@code {"schemaVersion":1,"runKey":…,"agentId":…}}. */
final class WakeJobs {

  static final int SCHEMA_VERSION = 1;

  private WakeJobs() {}

  /** What a job names: the run, and the agent it belongs to. */
  record Job(String runKey, String agentId) {}

  /** The job a document names; an {@link IllegalArgumentException} says why there is none. */
  static Job parse(String json) {
    if (json == null || json.isBlank()) {
      throw new IllegalArgumentException("empty wake job");
    }
    try (var reader = JsonDocuments.provider().createReader(new StringReader(json))) {
      var value = reader.readValue();
      if (value.getValueType() != JsonValue.ValueType.OBJECT) {
        throw new IllegalArgumentException("a wake job is a JSON object");
      }
      var job = value.asJsonObject();
      var version = job.get("schemaVersion");
      if (version == null
          || version.getValueType() != JsonValue.ValueType.NUMBER
          || job.getInt("schemaVersion") != SCHEMA_VERSION) {
        throw new IllegalArgumentException(
            "schemaVersion: unsupported wake job version " + version);
      }
      if (!(job.get("runKey") instanceof JsonString runKey) || runKey.getString().isBlank()) {
        throw new IllegalArgumentException("runKey: required");
      }
      if (!(job.get("agentId") instanceof JsonString agentId) || agentId.getString().isBlank()) {
        throw new IllegalArgumentException("agentId: required");
      }
      return new Job(runKey.getString(), agentId.getString());
    } catch (JsonException e) {
      throw new IllegalArgumentException("malformed JSON: " + e.getMessage(), e);
    }
  }
}
