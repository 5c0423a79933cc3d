package io.reveille.tool.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The deterministic identities of tool calls (seed 000 §4.4): operation ids derived inside runs,
 * ledger keys, and argument hashes.
 */
public final class OperationIds {

  private OperationIds() {}

  /**
   * The operation id of the {@code actionOrdinal}-th action of run {@code runKey}: {@code
   * hash(runKey, actionOrdinal, toolName)}. A replayed run derives the same ids, so its calls find
   * their receipts.
   */
  public static String derive(String runKey, int actionOrdinal, String toolName) {
    return "op-" + hash("operation", runKey, Integer.toString(actionOrdinal), toolName);
  }

  /**
   * The ledger key of an operation: per agent, so that one agent's operation ids can never return
   * another agent's receipts.
   */
  public static String ledgerKey(String agentId, String operationId) {
    return "tc-" + hash("ledger", agentId, operationId);
  }

  /**
   * The {@code Idempotency-Key} an external call sends (the durable-jobs key): {@code sha256(run,
   * namespace, tool, argumentsHash, scope)}, where {@code scope} holds the values of the tool's
   * scope arguments (what makes the effect unique). Every attempt of one call sends the same key,
   * so a provider that honours it applies the call once however often it is sent.
   *
   * @param run the run key, or for a call made over the API its ledger key (which is per agent: two
   *     agents using the same operation id must never share a key at the provider)
   */
  public static String externalIdempotencyKey(
      String run, String namespace, String toolName, String argumentsHash, JsonObject scope) {
    var canonicalScope = new StringBuilder();
    canonical(scope, canonicalScope);
    return hash("external", run, namespace, toolName, argumentsHash, canonicalScope.toString());
  }

  /** The SHA-256 of the arguments' canonical JSON (object keys sorted at every level). */
  public static String argumentsHash(JsonObject arguments) {
    var canonical = new StringBuilder();
    canonical(arguments, canonical);
    return "sha256:" + hex(canonical.toString());
  }

  private static void canonical(JsonValue value, StringBuilder out) {
    switch (value.getValueType()) {
      case OBJECT -> {
        out.append('{');
        var sorted = new TreeMap<>((JsonObject) value);
        var first = true;
        for (var entry : sorted.entrySet()) {
          if (!first) {
            out.append(',');
          }
          first = false;
          out.append(jsonString(entry.getKey())).append(':');
          canonical(entry.getValue(), out);
        }
        out.append('}');
      }
      case ARRAY -> {
        out.append('[');
        var first = true;
        for (var item : (JsonArray) value) {
          if (!first) {
            out.append(',');
          }
          first = false;
          canonical(item, out);
        }
        out.append(']');
      }
      case STRING -> out.append(jsonString(((JsonString) value).getString()));
      default -> out.append(value);
    }
  }

  private static String jsonString(String text) {
    return JsonDocuments.provider().createValue(text).toString();
  }

  private static String hash(String kind, String... parts) {
    var text = new StringBuilder(kind);
    for (var part : parts) {
      Objects.requireNonNull(part, "operation id part");
      text.append('|').append(part.length()).append(':').append(part);
    }
    return hex(text.toString());
  }

  private static String hex(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
    }
  }
}
