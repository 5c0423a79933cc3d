package io.reveille.mcp.control;

import io.reveille.agent.entity.Agent;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.security.control.Role;
import io.reveille.tool.control.CapabilityProfiles;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ToolSpecs;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.WakeReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An agent's tools as MCP shows them, and the translation of a call and its result. The catalogue
 * is the tool contract filtered by the capabilities of the agent's kind and by the wake reason of a
 * call a person makes ({@code userInitiated}); each tool's input schema is the contract's (JSON
 * Schema 2020-12, the very schema the executor checks arguments against) and its annotations come
 * from the contract's side-effect class: a {@code readOnly} tool is read-only and idempotent, any
 * other is neither and may destroy; an {@code external} one reaches an open world.
 */
@ApplicationScoped
public class McpTools {

  /** The wake reason of a call an MCP client makes: a person (or their client) asked for it. */
  public static final WakeReason WAKE_REASON = WakeReason.USER_INITIATED;

  /** The {@code _meta} key of a client's operation id; also read without its prefix. */
  public static final String OPERATION_ID_META = "io.reveille/operationId";

  /** The {@code _meta} key asking for a preview rather than the effects. */
  public static final String PREVIEW_META = "io.reveille/previewOnly";

  /** The longest operation id. */
  public static final int MAX_OPERATION_ID = 200;

  static final String SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

  @Inject ToolRegistry registry;
  @Inject CapabilityProfiles profiles;

  /** The tools {@code agent} may be asked to call. */
  public List<ToolDefinition> catalogue(Agent agent) {
    return profiles.callable(agent, WAKE_REASON, registry.all());
  }

  /** The result of {@code tools/list} for {@code agent}: every tool, one page. */
  public JsonObject list(Agent agent) {
    var catalogue = catalogue(agent);
    var specs =
        ToolSpecs.fromContract(
            registry.contract(), catalogue.stream().map(ToolDefinition::name).toList());
    var tools = JsonDocuments.provider().createArrayBuilder();
    for (var i = 0; i < catalogue.size(); i++) {
      var spec = specs.get(i);
      var schema = JsonDocuments.provider().createObjectBuilder(spec.parametersSchema());
      if (!spec.parametersSchema().containsKey("$schema")) {
        schema.add("$schema", SCHEMA_DIALECT);
      }
      tools.add(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("name", spec.name())
              .add("description", spec.description())
              .add("inputSchema", schema)
              .add("annotations", annotations(catalogue.get(i))));
    }
    return JsonDocuments.provider().createObjectBuilder().add("tools", tools).build();
  }

  /** The hints MCP clients read of a tool, from its side-effect class. */
  static JsonObject annotations(ToolDefinition tool) {
    var readOnly = tool.sideEffect() == ToolSideEffect.READ_ONLY;
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("title", title(tool.name()))
        .add("readOnlyHint", readOnly)
        .add("destructiveHint", !readOnly)
        .add("idempotentHint", readOnly)
        .add("openWorldHint", tool.sideEffect() == ToolSideEffect.EXTERNAL)
        .build();
  }

  /** {@code create_task} → {@code Create task}. */
  static String title(String name) {
    var words = name.replace('_', ' ').replace('.', ' ').strip();
    return words.isEmpty() ? name : Character.toUpperCase(words.charAt(0)) + words.substring(1);
  }

  /**
   * The least role a call of {@code tool} needs: {@code operator} to read or to preview, {@code
   * admin} to apply the effects of a tool that has some — as for the API's tool calls.
   */
  public static Role roleFor(Optional<ToolDefinition> tool, boolean previewOnly) {
    var mutating = tool.map(ToolDefinition::isMutating).orElse(true);
    return mutating && !previewOnly ? Role.ADMIN : Role.OPERATOR;
  }

  /**
   * The operation id of a call: the client's ({@code _meta} {@value #OPERATION_ID_META}, or {@code
   * operationId}), else one derived from the session and the request's JSON-RPC id — {@code mcp-<16
   * hex digits of the session id's SHA-256>-<id>} — so that a client resending the same request in
   * the same session gets the first call's receipt rather than a second effect.
   */
  public static String operationId(
      Optional<JsonObject> meta, String sessionIdHash, JsonValue requestId) {
    var given =
        meta.flatMap(m -> text(m, OPERATION_ID_META).or(() -> text(m, "operationId"))).orElse(null);
    if (given != null) {
      if (given.isBlank() || given.length() > MAX_OPERATION_ID) {
        throw new JsonRpcException(
            new JsonRpcError(
                JsonRpcError.INVALID_PARAMS,
                "_meta.operationId must be 1 to " + MAX_OPERATION_ID + " characters, not blank"),
            Optional.of(requestId));
      }
      return given;
    }
    var id =
        requestId.getValueType() == JsonValue.ValueType.STRING
            ? ((jakarta.json.JsonString) requestId).getString()
            : requestId.toString();
    var derived = "mcp-" + sessionIdHash.substring(0, 16) + "-" + id;
    return derived.length() <= MAX_OPERATION_ID
        ? derived
        : "mcp-" + sessionIdHash.substring(0, 16) + "-h" + sha256(id).substring(0, 40);
  }

  private static Optional<String> text(JsonObject meta, String key) {
    var value = meta.get(key);
    if (value == null || value == JsonValue.NULL) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.STRING) {
      return Optional.of("");
    }
    return Optional.of(((jakarta.json.JsonString) value).getString());
  }

  /** The {@code tools/call} result of {@code result}: the result document as text and structure. */
  public static JsonObject callResult(ToolResult result) {
    var document = result.toJson();
    var error = result.errorCode().map(code -> code.httpStatus() >= 300).orElse(false);
    return JsonDocuments.provider()
        .createObjectBuilder(textResult(document.toString(), error))
        .add("structuredContent", document)
        .build();
  }

  /** A {@code tools/call} result refusing the call, with {@code message} for the client. */
  public static JsonObject refusal(String message) {
    return textResult(message, true);
  }

  private static JsonObject textResult(String text, boolean error) {
    var provider = JsonDocuments.provider();
    return provider
        .createObjectBuilder()
        .add(
            "content",
            provider
                .createArrayBuilder()
                .add(provider.createObjectBuilder().add("type", "text").add("text", text)))
        .add("isError", error)
        .build();
  }

  /** Which of {@code roles} is the strongest, for a refusal's words. */
  static String held(Set<Role> roles) {
    return roles.isEmpty()
        ? "no Reveille role"
        : "roles " + String.join(", ", roles.stream().map(Role::wire).sorted().toList());
  }

  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
