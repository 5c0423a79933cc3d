package io.reveille.mcp.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads one JSON-RPC 2.0 message from untrusted bytes and writes results, errors and notifications.
 * Every input either yields a {@link JsonRpcMessage} or is refused with a {@link JsonRpcException}
 * carrying the error to answer with — {@code -32700} for bytes that are not JSON, {@code -32600}
 * for JSON that is not one message MCP allows (a batch, a null id, a wrong {@code jsonrpc}, a
 * params that is not an object, too large, nested too deep) — never another exception, and in time
 * proportional to the input's size: its nesting is measured by a streaming pass before anything is
 * built.
 */
public final class JsonRpcCodec {

  /** The version every message names. */
  public static final String VERSION = "2.0";

  /** Longest method name, and longest string id. */
  public static final int MAX_NAME_LENGTH = 200;

  /**
   * How large and how deep a message may be.
   *
   * @param maxBytes the most bytes one message may have
   * @param maxDepth the deepest its objects and arrays may nest (the message itself is 1)
   */
  public record Limits(int maxBytes, int maxDepth) {

    /** A megabyte, 64 levels: far above any tool call's arguments. */
    public static final Limits DEFAULT = new Limits(1 << 20, 64);

    public Limits {
      if (maxBytes < 1 || maxDepth < 2) {
        throw new IllegalArgumentException("limits of at least 1 byte and 2 levels");
      }
    }
  }

  private JsonRpcCodec() {}

  /** {@link #read(byte[], Limits)} with the {@link Limits#DEFAULT}. */
  public static JsonRpcMessage read(String body) {
    return read(body.getBytes(StandardCharsets.UTF_8), Limits.DEFAULT);
  }

  /**
   * The message in {@code body}.
   *
   * @throws JsonRpcException when it is not one, with the error to answer with
   */
  public static JsonRpcMessage read(byte[] body, Limits limits) {
    if (body.length > limits.maxBytes()) {
      throw refused(
          JsonRpcError.INVALID_REQUEST,
          "the message is " + body.length + " bytes, at most " + limits.maxBytes(),
          Optional.empty());
    }
    var value = parse(body, limits);
    if (value.getValueType() == JsonValue.ValueType.ARRAY) {
      throw refused(
          JsonRpcError.INVALID_REQUEST,
          "a batch (a JSON array of messages) is not accepted: send one message at a time",
          Optional.empty());
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      throw refused(JsonRpcError.INVALID_REQUEST, "a message is a JSON object", Optional.empty());
    }
    return message(value.asJsonObject());
  }

  /** The JSON value in {@code body}, its nesting measured before it is built. */
  private static JsonValue parse(byte[] body, Limits limits) {
    var provider = JsonDocuments.provider();
    try (var parser = provider.createParser(new ByteArrayInputStream(body))) {
      var depth = 0;
      var values = 0;
      while (parser.hasNext()) {
        var event = parser.next();
        if (event == JsonParser.Event.START_OBJECT || event == JsonParser.Event.START_ARRAY) {
          depth++;
          if (depth > limits.maxDepth()) {
            throw refused(
                JsonRpcError.INVALID_REQUEST,
                "the message nests deeper than " + limits.maxDepth() + " levels",
                Optional.empty());
          }
        } else if (event == JsonParser.Event.END_OBJECT || event == JsonParser.Event.END_ARRAY) {
          depth--;
        }
        if (depth == 0) {
          values++;
        }
      }
      if (values != 1) {
        throw refused(JsonRpcError.PARSE_ERROR, "the body is not one JSON value", Optional.empty());
      }
    } catch (JsonException e) {
      throw refused(JsonRpcError.PARSE_ERROR, "the body is not JSON", Optional.empty());
    }
    try (var reader = provider.createReader(new ByteArrayInputStream(body))) {
      return reader.readValue();
    } catch (JsonException e) {
      throw refused(JsonRpcError.PARSE_ERROR, "the body is not JSON", Optional.empty());
    }
  }

  private static JsonRpcMessage message(JsonObject json) {
    var id = id(json);
    if (!(json.get("jsonrpc") instanceof JsonString version)
        || !VERSION.equals(version.getString())) {
      throw refused(JsonRpcError.INVALID_REQUEST, "jsonrpc must be \"2.0\"", id);
    }
    if (json.containsKey("method")) {
      var method = name(json.get("method"), id);
      var params = params(json, id);
      if (json.containsKey("id")) {
        return new JsonRpcMessage.Request(required(id), method, params);
      }
      return new JsonRpcMessage.Notification(method, params);
    }
    if (!json.containsKey("id")) {
      throw refused(
          JsonRpcError.INVALID_REQUEST,
          "a message has a method (a request or a notification) or an id (a response)",
          id);
    }
    var hasResult = json.containsKey("result");
    var hasError = json.containsKey("error");
    if (hasResult == hasError) {
      throw refused(JsonRpcError.INVALID_REQUEST, "a response has either a result or an error", id);
    }
    if (hasResult) {
      return new JsonRpcMessage.Response(
          required(id), Optional.of(json.get("result")), Optional.empty());
    }
    return new JsonRpcMessage.Response(
        required(id), Optional.empty(), Optional.of(error(json.get("error"), id)));
  }

  /**
   * The message's id when it has a readable one (a string of at most {@link #MAX_NAME_LENGTH}
   * characters or an integer); a message with an id of another kind is refused naming it.
   */
  private static Optional<JsonValue> id(JsonObject json) {
    var id = json.get("id");
    if (id == null) {
      return Optional.empty();
    }
    if (id instanceof JsonString text && text.getString().length() <= MAX_NAME_LENGTH) {
      return Optional.of(id);
    }
    if (id instanceof JsonNumber number && number.isIntegral() && fitsLong(number)) {
      return Optional.of(id);
    }
    throw refused(
        JsonRpcError.INVALID_REQUEST,
        "an id is a string (at most "
            + MAX_NAME_LENGTH
            + " characters) or an integer, not "
            + (id == JsonValue.NULL ? "null" : "this " + id.getValueType()),
        Optional.empty());
  }

  private static boolean fitsLong(JsonNumber number) {
    try {
      number.longValueExact();
      return true;
    } catch (ArithmeticException e) {
      return false;
    }
  }

  private static JsonValue required(Optional<JsonValue> id) {
    return id.orElseThrow(
        () -> refused(JsonRpcError.INVALID_REQUEST, "the id is missing", Optional.empty()));
  }

  private static String name(JsonValue value, Optional<JsonValue> id) {
    if (!(value instanceof JsonString text)
        || text.getString().isEmpty()
        || text.getString().length() > MAX_NAME_LENGTH) {
      throw refused(
          JsonRpcError.INVALID_REQUEST,
          "method is a string of 1 to " + MAX_NAME_LENGTH + " characters",
          id);
    }
    return text.getString();
  }

  private static Optional<JsonObject> params(JsonObject json, Optional<JsonValue> id) {
    var params = json.get("params");
    if (params == null) {
      return Optional.empty();
    }
    if (params.getValueType() != JsonValue.ValueType.OBJECT) {
      throw refused(JsonRpcError.INVALID_REQUEST, "params is an object", id);
    }
    return Optional.of(params.asJsonObject());
  }

  private static JsonRpcError error(JsonValue value, Optional<JsonValue> id) {
    if (value instanceof JsonObject error
        && error.get("code") instanceof JsonNumber code
        && code.isIntegral()
        && fitsLong(code)
        && code.longValue() == (int) code.longValue()
        && error.get("message") instanceof JsonString message) {
      return new JsonRpcError(code.intValue(), message.getString());
    }
    throw refused(
        JsonRpcError.INVALID_REQUEST,
        "an error is an object with an integer code and a string message",
        id);
  }

  private static JsonRpcException refused(int code, String message, Optional<JsonValue> id) {
    return new JsonRpcException(new JsonRpcError(code, message), id);
  }

  /** The response carrying {@code result} to the request {@code id}. */
  public static JsonObject result(JsonValue id, JsonObject result) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("jsonrpc", VERSION)
        .add("id", id)
        .add("result", result)
        .build();
  }

  /** The response carrying {@code error}, to the request {@code id} (null when it had none). */
  public static JsonObject error(Optional<JsonValue> id, JsonRpcError error) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("jsonrpc", VERSION)
        .add("id", id.orElse(JsonValue.NULL))
        .add(
            "error",
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("code", error.code())
                .add("message", error.message()))
        .build();
  }

  /** A notification of {@code method} with {@code params}. */
  public static JsonObject notification(String method, JsonObject params) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("jsonrpc", VERSION)
        .add("method", method)
        .add("params", params)
        .build();
  }
}
