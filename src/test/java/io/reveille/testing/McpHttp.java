package io.reveille.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A minimal MCP client over Streamable HTTP for the tests: opens a session on an agent's endpoint
 * ({@code initialize}, then {@code notifications/initialized}) and sends JSON-RPC requests in it,
 * numbering them itself.
 */
public final class McpHttp {

  public static final String SESSION = "Mcp-Session-Id";
  public static final String VERSION = "MCP-Protocol-Version";
  public static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"reveille-it\","
          + "\"version\":\"1\"}}}";

  private final Api api;
  private final String path;
  private final String session;
  private final JsonObject initialized;
  private int nextId = 1;

  private McpHttp(Api api, String path, String session, JsonObject initialized) {
    this.api = api;
    this.path = path;
    this.session = session;
    this.initialized = initialized;
  }

  /** The endpoint's path for {@code agentId}. */
  public static String path(String agentId) {
    return "/api/agents/" + agentId + "/mcp";
  }

  /** Opens a session as {@code api}'s caller on {@code agentId}'s endpoint. */
  public static McpHttp open(Api api, String agentId) {
    var path = path(agentId);
    var answer = api.send("POST", path, INITIALIZE, accept());
    assertEquals(200, answer.status(), answer::toString);
    var session = answer.header(SESSION);
    assertFalse(session == null || session.isBlank(), "initialize answers a session id");
    var mcp = new McpHttp(api, path, session, answer.json().getJsonObject("result"));
    var initialized =
        mcp.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", Map.of());
    assertEquals(202, initialized.status(), initialized::toString);
    return mcp;
  }

  private static Map<String, String> accept() {
    return Map.of("Accept", "application/json, text/event-stream");
  }

  /** The same session, its requests sent through {@code other} (another node of a cluster). */
  public McpHttp through(Api other) {
    return new McpHttp(other, path, session, initialized);
  }

  /** The result of {@code initialize}. */
  public JsonObject initialized() {
    return initialized;
  }

  public String session() {
    return session;
  }

  /** POSTs {@code body} in the session, with {@code extra} headers besides the session's. */
  public Api.Response post(String body, Map<String, String> extra) {
    var headers = new LinkedHashMap<String, String>(accept());
    headers.put(SESSION, session);
    headers.put(VERSION, initialized.getString("protocolVersion"));
    headers.putAll(extra);
    return api.send("POST", path, body, headers);
  }

  /** The whole response (result or error) to a request of {@code method} with {@code params}. */
  public JsonObject request(String method, String params) {
    var id = nextId++;
    var answer =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\""
                + method
                + "\""
                + (params == null ? "" : ",\"params\":" + params)
                + "}",
            Map.of());
    assertEquals(200, answer.status(), answer::toString);
    assertEquals(id, answer.json().getInt("id"), answer::toString);
    return answer.json();
  }

  /** The result of a request that must succeed. */
  public JsonObject result(String method, String params) {
    var answer = request(method, params);
    assertFalse(answer.containsKey("error"), answer::toString);
    return answer.getJsonObject("result");
  }

  /** The error code of a request that must fail. */
  public int error(String method, String params) {
    var answer = request(method, params);
    assertFalse(answer.containsKey("result"), answer::toString);
    return answer.getJsonObject("error").getInt("code");
  }

  /** The result of {@code tools/call} of {@code tool}, with {@code meta} ({@code null}: none). */
  public JsonObject call(String tool, String arguments, String meta) {
    return result(
        "tools/call",
        "{\"name\":\""
            + tool
            + "\",\"arguments\":"
            + arguments
            + (meta == null ? "" : ",\"_meta\":" + meta)
            + "}");
  }
}
