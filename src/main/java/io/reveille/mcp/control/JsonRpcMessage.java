package io.reveille.mcp.control;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/** One JSON-RPC 2.0 message as MCP exchanges them: a request, a notification or a response. */
public sealed interface JsonRpcMessage {

  /**
   * A request: answered by a response with the same id.
   *
   * @param id a string or an integer, never null (MCP forbids a null id)
   * @param params the params object; empty when the request has none
   */
  record Request(JsonValue id, String method, Optional<JsonObject> params)
      implements JsonRpcMessage {
    public Request {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(params, "params");
    }
  }

  /** A notification: no id, never answered. */
  record Notification(String method, Optional<JsonObject> params) implements JsonRpcMessage {
    public Notification {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(params, "params");
    }
  }

  /**
   * A response to a request the other side was sent: its result, or its error.
   *
   * @param result the result; empty when it is an error
   * @param error the error; empty when it is a result
   */
  record Response(JsonValue id, Optional<JsonValue> result, Optional<JsonRpcError> error)
      implements JsonRpcMessage {
    public Response {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(result, "result");
      Objects.requireNonNull(error, "error");
      if (result.isPresent() == error.isPresent()) {
        throw new IllegalArgumentException("a response has a result or an error, not both");
      }
    }
  }
}
