package io.reveille.mcp.control;

import io.reveille.agent.control.AgentService;
import io.reveille.mcp.control.JsonRpcMessage.Request;
import io.reveille.mcp.entity.McpSession;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolCaller;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.ToolResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * The methods of Reveille's MCP server, on behalf of one agent: {@code initialize} opens a session;
 * within one, {@code ping}, {@code tools/list} and {@code tools/call} (through the {@link
 * ToolExecutor}, as every other call: scope, capability, preview, approval, ledger), {@code
 * resources/list}, {@code resources/templates/list}, {@code resources/read}, {@code
 * resources/subscribe} and {@code resources/unsubscribe} (the report only), and {@code
 * logging/setLevel}. A method it does not know is {@code -32601}; params it cannot take {@code
 * -32602}. A call the caller's role does not allow is a tool result with {@code isError} naming the
 * role, not a protocol error: a client shows it to its user as it would any refusal.
 */
@ApplicationScoped
public class McpServer {

  /**
   * The protocol versions spoken, newest first; the first is offered to a client that asks another.
   */
  public static final List<String> VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26");

  /** How many resources one session may subscribe to. */
  static final int MAX_SUBSCRIPTIONS = 16;

  @Inject McpSessions sessions;
  @Inject McpTools tools;
  @Inject McpResources resources;
  @Inject ToolExecutor executor;
  @Inject ToolRegistry registry;
  @Inject AgentService agents;

  /**
   * One request inside a session.
   *
   * @param sessionId the id the client sent (the session's key is its hash)
   * @param withResult what the caller's request records in the transaction of a tool call's result
   */
  public record Exchange(
      String agentId,
      Caller caller,
      String sessionId,
      McpSession session,
      Consumer<ToolResult> withResult) {}

  /** A session opened by {@code initialize}: its id (for the header) and the result. */
  public record Initialized(String sessionId, JsonObject result) {}

  /**
   * Opens a session for {@code caller} on {@code agentId}'s endpoint.
   *
   * @throws JsonRpcException {@code -32602} for params that are not an initialize's
   * @throws io.reveille.platform.error.NotFoundException when the agent does not exist
   */
  public Initialized initialize(String agentId, Caller caller, Request request) {
    var params = request.params().orElse(JsonValue.EMPTY_JSON_OBJECT);
    var requested = string(params, "protocolVersion", 64, request.id(), true).orElseThrow();
    var clientInfo = params.get("clientInfo");
    if (clientInfo != null && clientInfo.getValueType() != JsonValue.ValueType.OBJECT) {
      throw invalid("clientInfo must be an object", request.id());
    }
    var info = clientInfo == null ? JsonValue.EMPTY_JSON_OBJECT : clientInfo.asJsonObject();
    var agent = agents.get(agentId);
    var version = VERSIONS.contains(requested) ? requested : VERSIONS.get(0);
    var opened =
        sessions.open(
            agentId,
            caller.name(),
            version,
            string(info, "name", 200, request.id(), false),
            string(info, "version", 100, request.id(), false));
    var provider = JsonDocuments.provider();
    var result =
        provider
            .createObjectBuilder()
            .add("protocolVersion", version)
            .add(
                "capabilities",
                provider
                    .createObjectBuilder()
                    .add("tools", provider.createObjectBuilder().add("listChanged", false))
                    .add(
                        "resources",
                        provider
                            .createObjectBuilder()
                            .add("subscribe", true)
                            .add("listChanged", false))
                    .add("logging", JsonValue.EMPTY_JSON_OBJECT))
            .add(
                "serverInfo",
                provider
                    .createObjectBuilder()
                    .add("name", "reveille")
                    .add("title", "Reveille agent " + agent.getDisplayName())
                    .add("version", serverVersion()))
            .add(
                "instructions",
                "The tools and memory of the Reveille agent '"
                    + agent.getDisplayName()
                    + "'. Every tool call is recorded in its ledger; a mutating call with the same"
                    + " _meta operationId runs once.")
            .build();
    return new Initialized(opened.id(), result);
  }

  private static String serverVersion() {
    return Optional.ofNullable(McpServer.class.getPackage().getImplementationVersion())
        .orElse("0.1.0");
  }

  /**
   * The result of {@code request} within a session.
   *
   * @throws JsonRpcException the error to answer with
   */
  public JsonObject handle(Exchange exchange, Request request) {
    var params = request.params().orElse(JsonValue.EMPTY_JSON_OBJECT);
    var id = request.id();
    return switch (request.method()) {
      case "ping" -> JsonValue.EMPTY_JSON_OBJECT;
      case "initialize" ->
          throw new JsonRpcException(
              new JsonRpcError(
                  JsonRpcError.INVALID_REQUEST,
                  "this session is initialized already; initialize without Mcp-Session-Id opens"
                      + " another"),
              Optional.of(id));
      case "tools/list" -> tools.list(agents.get(exchange.agentId()));
      case "tools/call" -> call(exchange, params, id);
      case "resources/list" -> resources.list(exchange.agentId());
      case "resources/templates/list" -> resources.templates(exchange.agentId());
      case "resources/read" ->
          resources.read(
              exchange.agentId(), string(params, "uri", 2000, id, true).orElseThrow(), id);
      case "resources/subscribe" -> subscribe(exchange, params, id, true);
      case "resources/unsubscribe" -> subscribe(exchange, params, id, false);
      case "logging/setLevel" -> setLevel(exchange, params, id);
      default ->
          throw new JsonRpcException(
              new JsonRpcError(
                  JsonRpcError.METHOD_NOT_FOUND, "no method '" + request.method() + "' here"),
              Optional.of(id));
    };
  }

  private JsonObject call(Exchange exchange, JsonObject params, JsonValue id) {
    var name = string(params, "name", 200, id, true).orElseThrow();
    var arguments = params.get("arguments");
    if (arguments != null
        && arguments != JsonValue.NULL
        && arguments.getValueType() != JsonValue.ValueType.OBJECT) {
      throw invalid("arguments must be an object", id);
    }
    var meta = object(params, "_meta", id);
    var previewOnly =
        meta.map(m -> m.get(McpTools.PREVIEW_META)).map(v -> v == JsonValue.TRUE).orElse(false);
    var role = McpTools.roleFor(registry.find(name), previewOnly);
    if (!exchange.caller().holds(Role.OPERATOR)) {
      role = Role.OPERATOR;
    }
    if (!exchange.caller().holds(role)) {
      return McpTools.refusal(
          (role == Role.ADMIN ? "a tool call that applies its effects" : "a tool call")
              + " needs role "
              + role.wire()
              + "; the caller holds "
              + McpTools.held(exchange.caller().roles())
              + (role == Role.ADMIN
                  ? " (an operator may preview: _meta io.reveille/previewOnly)"
                  : ""));
    }
    var operationId = McpTools.operationId(meta, McpSessions.hash(exchange.sessionId()), id);
    var request =
        new ToolRequest(
                exchange.agentId(),
                name,
                Optional.of(operationId),
                arguments == null || arguments == JsonValue.NULL
                    ? JsonValue.EMPTY_JSON_OBJECT
                    : arguments.asJsonObject(),
                previewOnly,
                McpTools.WAKE_REASON,
                Optional.empty(),
                OptionalInt.empty(),
                Optional.empty())
            .by(new ToolCaller(exchange.caller().name(), exchange.withResult()));
    return McpTools.callResult(executor.execute(request));
  }

  private JsonObject subscribe(Exchange exchange, JsonObject params, JsonValue id, boolean add) {
    var uri = string(params, "uri", 2000, id, true).orElseThrow();
    if (add && !uri.equals(McpResources.reportUri(exchange.agentId()))) {
      throw invalid(
          "only the report ("
              + McpResources.reportUri(exchange.agentId())
              + ") can be subscribed to",
          id);
    }
    var current = add ? sessions.currentReportId(exchange.agentId()) : Optional.<String>empty();
    var updated =
        sessions.update(
            exchange.sessionId(),
            exchange.caller().name(),
            exchange.agentId(),
            session -> {
              if (add) {
                McpSessions.subscribe(session, uri, MAX_SUBSCRIPTIONS);
                current.ifPresent(session::setReportSeen);
              } else {
                McpSessions.unsubscribe(session, uri);
              }
            });
    if (!updated) {
      throw invalid("the session ended", id);
    }
    return JsonValue.EMPTY_JSON_OBJECT;
  }

  private JsonObject setLevel(Exchange exchange, JsonObject params, JsonValue id) {
    var level = string(params, "level", 16, id, true).orElseThrow();
    if (!McpLogLevels.known(level)) {
      throw invalid("level must be one of " + McpLogLevels.ALL, id);
    }
    sessions.update(
        exchange.sessionId(),
        exchange.caller().name(),
        exchange.agentId(),
        session -> session.setLogLevel(level));
    return JsonValue.EMPTY_JSON_OBJECT;
  }

  private static Optional<JsonObject> object(JsonObject params, String key, JsonValue id) {
    var value = params.get(key);
    if (value == null || value == JsonValue.NULL) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      throw invalid(key + " must be an object", id);
    }
    return Optional.of(value.asJsonObject());
  }

  private static Optional<String> string(
      JsonObject params, String key, int maxLength, JsonValue id, boolean required) {
    var value = params.get(key);
    if (value == null || value == JsonValue.NULL) {
      if (required) {
        throw invalid(key + " is required", id);
      }
      return Optional.empty();
    }
    if (!(value instanceof JsonString text)
        || text.getString().isEmpty()
        || text.getString().length() > maxLength) {
      throw invalid(key + " must be a string of 1 to " + maxLength + " characters", id);
    }
    return Optional.of(text.getString());
  }

  private static JsonRpcException invalid(String message, JsonValue id) {
    return new JsonRpcException(
        new JsonRpcError(JsonRpcError.INVALID_PARAMS, message), Optional.of(id));
  }
}
