package io.reveille.sync.control;

import static io.reveille.sync.control.SyncDocuments.host;
import static io.reveille.sync.control.SyncDocuments.object;
import static io.reveille.sync.control.SyncDocuments.objectOf;
import static io.reveille.sync.control.SyncDocuments.refused;
import static io.reveille.sync.control.SyncDocuments.text;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.Set;

/**
 * One sync record as it travels between sites: {@code {"origin": "site-a", "counter": 12, "type":
 * "message", "id": "…", "schemaVersion": 1, "body": {…}}}. The envelope is read strictly here (a
 * refusal names the path, and such a record is poison: it can never be taken in); the body is read
 * by its type when the record applies ({@link SyncBodies}), so that a record of a type or schema
 * version this site does not know yet is kept, not refused.
 *
 * @param origin the host id of the site that changed the record
 * @param counter the record's place in its origin's sequence, from 1 without holes
 * @param type the record's type name ({@link SyncRecordType}, or a later version's)
 * @param recordId the id of the record changed
 * @param schemaVersion the version of the body's schema
 * @param body the record's content, as its type writes it
 */
public record SyncEnvelope(
    String origin, long counter, String type, String recordId, int schemaVersion, JsonObject body) {

  /** The longest envelope (the message's body) a site takes in, in characters. */
  public static final int MAX_CHARS = 1_048_576;

  private static final Set<String> FIELDS =
      Set.of("origin", "counter", "type", "id", "schemaVersion", "body");

  public SyncEnvelope {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(recordId, "recordId");
    Objects.requireNonNull(body, "body");
  }

  /** The envelope as JSON text. */
  public String write() {
    return JsonDocuments.write(
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("origin", origin)
            .add("counter", counter)
            .add("type", type)
            .add("id", recordId)
            .add("schemaVersion", schemaVersion)
            .add("body", body)
            .build());
  }

  /**
   * Reads an envelope.
   *
   * @throws IllegalArgumentException naming the path of what is wrong
   */
  public static SyncEnvelope read(String text) {
    var envelope = objectOf(text, MAX_CHARS, FIELDS, "is not a field of a sync record");
    var origin = host(envelope.get("origin"), "$.origin");
    var counter = positive(envelope.get("counter"), "$.counter", Long.MAX_VALUE);
    var type = text(envelope.get("type"), "$.type", 32, false);
    if (!type.matches("[a-zA-Z][a-zA-Z0-9]*")) {
      throw refused("$.type", "must be a record type name (letters and digits)");
    }
    return new SyncEnvelope(
        origin,
        counter,
        type,
        text(envelope.get("id"), "$.id", SyncDocuments.MAX_ID_LENGTH, false),
        (int) positive(envelope.get("schemaVersion"), "$.schemaVersion", 1_000),
        object(envelope.get("body"), "$.body"));
  }

  private static long positive(JsonValue json, String path, long max) {
    if (!(json instanceof JsonNumber number) || !number.isIntegral()) {
      throw refused(path, "must be a whole number");
    }
    try {
      var value = number.longValueExact();
      if (value < 1 || value > max) {
        throw refused(path, "must be 1 to " + max);
      }
      return value;
    } catch (ArithmeticException e) {
      throw refused(path, "must be 1 to " + max);
    }
  }
}
