package io.reveille.mcp.control;

import java.util.Objects;

/**
 * A JSON-RPC 2.0 error object: a code, a message for people, and no data (nothing of the refused
 * input is echoed back).
 *
 * @param code one of the protocol's codes ({@link #PARSE_ERROR}, {@link #INVALID_REQUEST}, {@link
 *     #METHOD_NOT_FOUND}, {@link #INVALID_PARAMS}, {@link #INTERNAL_ERROR}) or an application code
 */
public record JsonRpcError(int code, String message) {

  /** The body is not JSON. */
  public static final int PARSE_ERROR = -32700;

  /** The JSON is not a JSON-RPC message (or one MCP does not allow, such as a batch). */
  public static final int INVALID_REQUEST = -32600;

  /** No such method. */
  public static final int METHOD_NOT_FOUND = -32601;

  /** The method's params are not what it takes. */
  public static final int INVALID_PARAMS = -32602;

  /** The server failed; its log says why. */
  public static final int INTERNAL_ERROR = -32603;

  public JsonRpcError {
    Objects.requireNonNull(message, "message");
  }
}
