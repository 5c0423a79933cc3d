package io.reveille.mcp.boundary;

import io.reveille.mcp.control.JsonRpcCodec;
import io.reveille.mcp.control.JsonRpcMessage;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Progress of a tool call whose client sent a {@code progressToken} (in {@code params._meta}) and
 * accepts an event stream: the answer to its POST is a stream of {@code notifications/progress} —
 * the call began (0 of 1), then how it ended (1 of 1: done, failed, held for a person's approval,
 * waiting for an answer, in doubt) — followed by the response itself.
 */
final class McpProgress {

  private McpProgress() {}

  /** The progress token of a {@code tools/call} that sent one (a string or an integer). */
  static Optional<JsonValue> tokenOf(JsonRpcMessage.Request request) {
    if (!request.method().equals("tools/call")) {
      return Optional.empty();
    }
    return request
        .params()
        .map(params -> params.get("_meta"))
        .filter(meta -> meta.getValueType() == JsonValue.ValueType.OBJECT)
        .map(meta -> meta.asJsonObject().get("progressToken"))
        .filter(
            token ->
                token instanceof JsonString text && text.getString().length() <= 200
                    || token instanceof JsonNumber number && number.isIntegral());
  }

  /** Writes the stream: the call began, it ran ({@code answer}), how it ended, the answer. */
  static void stream(
      OutputStream out,
      JsonValue token,
      JsonRpcMessage.Request request,
      Supplier<JsonObject> answer)
      throws IOException {
    var tool =
        request
            .params()
            .map(p -> p.get("name"))
            .filter(JsonString.class::isInstance)
            .map(n -> ((JsonString) n).getString())
            .orElse("the tool");
    event(out, progress(token, 0, "calling " + tool));
    var response = answer.get();
    event(out, progress(token, 1, outcome(response)));
    event(out, response);
  }

  /** How a response ended, in words. */
  static String outcome(JsonObject response) {
    if (response.containsKey("error")) {
      return "refused";
    }
    var result = response.getJsonObject("result");
    var document = result.getJsonObject("structuredContent");
    var code =
        document == null || !(document.get("errorCode") instanceof JsonString text)
            ? null
            : text.getString();
    if (code == null) {
      return result.getBoolean("isError", false) ? "refused" : "done";
    }
    return switch (code) {
      case "proposed", "awaiting_approval" -> "held for a person's approval";
      case "awaiting_answer" -> "waiting for a person's answer";
      case "in_doubt" -> "in doubt: sent, and no answer came";
      default -> "failed: " + code;
    };
  }

  private static JsonObject progress(JsonValue token, int progress, String message) {
    return JsonRpcCodec.notification(
        "notifications/progress",
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("progressToken", token)
            .add("progress", progress)
            .add("total", 1)
            .add("message", message)
            .build());
  }

  private static void event(OutputStream out, JsonObject message) throws IOException {
    out.write(("event: message\ndata: " + message + "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
