package io.reveille.mcp.control.client;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.external.ExternalToolDeclaration;
import io.reveille.tool.control.external.ResponseMapping;
import io.reveille.tool.control.external.SideEffectClassifier;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.WakeReason;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How an MCP server's tool becomes one of Reveille's external tools: its name in Reveille's
 * contract, its schemas, its side-effect class and its declaration (sent over MCP, through the same
 * ledger, key, breaker and reconciliation as an HTTP tool).
 *
 * <p>The name is {@code mcp__<server>__<tool in snake_case>}: the contract's names (and the OpenAI
 * protocol's function names) allow letters, digits and {@code _} only, so the namespace that would
 * read {@code mcp.<server>.<tool>} is written with double underscores, as other MCP hosts do.
 */
public final class McpToolCatalogue {

  /** The scheme of an MCP tool's address in its declaration: {@code mcp://<server>/<tool>}. */
  public static final String SCHEME = "mcp";

  static final String PREFIX = "mcp__";

  /** The method of a lookup request: an error result then means the call did not take effect. */
  static final String LOOKUP_METHOD = "MCP-LOOKUP";

  static final Pattern CONTRACT_NAME = Pattern.compile("[a-z][a-z0-9_]{1,63}");

  /** The output schema of a tool that declares none: its content, and its text joined. */
  static final String CONTENT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},"
          + "\"content\":{\"type\":\"array\"}},\"additionalProperties\":false}";

  private McpToolCatalogue() {}

  /**
   * The contract name of {@code tool} of {@code server}; empty when it would not be a valid one.
   */
  public static Optional<String> contractName(String server, String tool) {
    var snake =
        tool.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9_]", "_");
    var name = PREFIX + server + "__" + snake;
    return CONTRACT_NAME.matcher(name).matches() ? Optional.of(name) : Optional.empty();
  }

  /**
   * A JSON Schema of an object as the contract holds one: its properties named, others refused
   * ({@code additionalProperties: false} — an argument the server does not name is refused before
   * anything is sent), the rest of the server's schema kept.
   */
  public static JsonObject objectSchema(Map<String, Object> schema) {
    var given = schema == null ? JsonValue.EMPTY_JSON_OBJECT : read(McpJson.write(schema));
    var builder = JsonDocuments.provider().createObjectBuilder(given);
    builder.add("type", "object");
    if (!given.containsKey("properties")
        || given.get("properties").getValueType() != JsonValue.ValueType.OBJECT) {
      builder.add("properties", JsonValue.EMPTY_JSON_OBJECT);
    }
    builder.add("additionalProperties", false);
    builder.remove("$schema");
    return builder.build();
  }

  /**
   * The class of a tool: what the servers document says of it; else {@code readOnly} when its hints
   * say it only reads, {@code external} when they say it writes or destroys; else its name by the
   * classifier's rules — the deny list forcing {@code external} in every case.
   */
  public static ToolSideEffect classify(
      String contractName,
      Optional<ToolSideEffect> declared,
      Optional<Boolean> readOnlyHint,
      Optional<Boolean> destructiveHint,
      SideEffectClassifier classifier) {
    if (declared.isPresent()) {
      return classifier.classify(contractName, declared);
    }
    if (readOnlyHint.orElse(false) && !destructiveHint.orElse(false)) {
      return classifier.classify(contractName, Optional.of(ToolSideEffect.READ_ONLY));
    }
    if (readOnlyHint.isPresent() || destructiveHint.orElse(false)) {
      return classifier.classify(contractName, Optional.of(ToolSideEffect.EXTERNAL));
    }
    return classifier.classify(contractName);
  }

  /**
   * The declaration of tool {@code tool} ({@code description}, schemas given) of {@code server}
   * under {@code contractName}.
   */
  public static ExternalToolDeclaration declaration(
      McpServerDeclaration server,
      String tool,
      String contractName,
      String description,
      JsonObject inputSchema,
      Optional<JsonObject> outputSchema,
      ToolSideEffect sideEffect) {
    var text = "MCP tool " + tool + " of " + server.name() + ". " + description.strip();
    return new ExternalToolDeclaration(
        contractName,
        text.length() > 1000 ? text.substring(0, 1000) : text,
        "MCP",
        address(server.name(), tool),
        Map.of(),
        Optional.of(ExternalToolDeclaration.ARGUMENTS_BODY),
        inputSchema,
        outputSchema.orElseGet(() -> read(CONTENT_SCHEMA)),
        ResponseMapping.bodyAsIs(),
        server.timeoutMillis(),
        sideEffect,
        false,
        server.lookup().map(lookup -> lookup(server.name(), lookup)),
        List.of(),
        server.riskLevel(),
        EnumSet.allOf(WakeReason.class));
  }

  /** {@code mcp://<server>/<tool>}, the tool's name percent-encoded. */
  static String address(String server, String tool) {
    return SCHEME + "://" + server + "/" + encode(tool);
  }

  /** The lookup as a request to the server's lookup tool, its arguments in the query. */
  static ExternalToolDeclaration.Lookup lookup(String server, McpServerDeclaration.Lookup lookup) {
    var query =
        lookup.arguments().entrySet().stream()
            .map(e -> encode(e.getKey()) + "=" + e.getValue())
            .collect(Collectors.joining("&"));
    return new ExternalToolDeclaration.Lookup(
        LOOKUP_METHOD, address(server, lookup.tool()) + (query.isEmpty() ? "" : "?" + query));
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  static JsonObject read(String json) {
    try (var reader = JsonDocuments.provider().createReader(new StringReader(json))) {
      return reader.readObject();
    }
  }
}
