package io.reveille.mcp.control;

import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * A message refused: the error to answer with, and the id of the request it answers when the
 * request's id could be read (a refusal of a message whose id is unreadable answers with a null id,
 * as JSON-RPC 2.0 says).
 */
public class JsonRpcException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient JsonRpcError error;
  private final transient JsonValue id;

  public JsonRpcException(JsonRpcError error, Optional<JsonValue> id) {
    super(Objects.requireNonNull(error, "error").message());
    this.error = error;
    this.id = Objects.requireNonNull(id, "id").orElse(null);
  }

  public JsonRpcError error() {
    return error;
  }

  /** The id of the refused request, when it had a readable one. */
  public Optional<JsonValue> id() {
    return Optional.ofNullable(id);
  }
}
