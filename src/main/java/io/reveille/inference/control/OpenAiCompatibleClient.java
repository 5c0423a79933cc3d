package io.reveille.inference.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An {@link InferenceProvider} for any endpoint that speaks the OpenAI chat-completions protocol
 * ({@code POST {baseUrl}/chat/completions} with {@code tools} and {@code tool_calls}): hosted
 * services, vLLM, llama.cpp, Ollama and the like. One call is one HTTP exchange; retries, circuit
 * breaking and bulkheads belong to {@link InferenceGateway}, so each failure is reported once, as
 * the typed exception that tells the gateway whether retrying can help.
 */
public class OpenAiCompatibleClient implements InferenceProvider {

  /** How much of an error body goes into an exception message. */
  private static final int ERROR_BODY_CHARS = 300;

  private final InferenceConfig config;
  private final HttpClient http;

  public OpenAiCompatibleClient(InferenceConfig config) {
    this(
        config,
        HttpClient.newBuilder()
            .connectTimeout(config.timeout())
            .version(HttpClient.Version.HTTP_1_1)
            .build());
  }

  OpenAiCompatibleClient(InferenceConfig config, HttpClient http) {
    this.config = config;
    this.http = http;
  }

  @Override
  public ChatResult chat(ChatRequest request) {
    if (!config.isConfigured()) {
      throw new InferenceUnavailableException(InferenceConfig.UNCONFIGURED);
    }
    var endpoint = URI.create(config.baseUrl().orElseThrow() + "/chat/completions");
    var builder =
        HttpRequest.newBuilder(endpoint)
            .timeout(config.timeout())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body(request).toString()));
    config.apiKey().ifPresent(key -> builder.header("Authorization", "Bearer " + key));
    var shown = shown(endpoint);

    HttpResponse<String> response;
    try {
      response =
          http.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpTimeoutException e) {
      throw new InferenceTimeoutException(
          "no answer from " + shown + " within " + config.timeout().toSeconds() + " s");
    } catch (IOException e) {
      throw new InferenceServerException(
          "cannot reach " + shown + ": " + redact(String.valueOf(e.getMessage())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InferenceTimeoutException("interrupted while waiting for " + shown);
    }
    return result(shown, response);
  }

  /**
   * The endpoint as messages name it: scheme, host, port and path, without the user information or
   * query string where a base URL may carry credentials.
   */
  static String shown(URI endpoint) {
    var port = endpoint.getPort() < 0 ? "" : ":" + endpoint.getPort();
    return endpoint.getScheme()
        + "://"
        + endpoint.getHost()
        + port
        + (endpoint.getRawPath() == null ? "" : endpoint.getRawPath());
  }

  /** The request document of the chat-completions protocol. */
  static JsonObject body(ChatRequest request) {
    var messages = JsonDocuments.provider().createArrayBuilder();
    request.messages().forEach(message -> messages.add(message(message)));
    var body =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("model", request.model())
            .add("messages", messages);
    if (!request.tools().isEmpty()) {
      var tools = JsonDocuments.provider().createArrayBuilder();
      for (var tool : request.tools()) {
        tools.add(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("type", "function")
                .add(
                    "function",
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add("name", tool.name())
                        .add("description", tool.description())
                        .add("parameters", tool.parametersSchema())));
      }
      body.add("tools", tools);
    }
    request.maxTokens().ifPresent(max -> body.add("max_tokens", max));
    return body.build();
  }

  private static JsonObjectBuilder message(ChatMessage message) {
    if (message instanceof ChatMessage.System m) {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("role", "system")
          .add("content", m.content());
    }
    if (message instanceof ChatMessage.User m) {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("role", "user")
          .add("content", m.content());
    }
    if (message instanceof ChatMessage.Tool m) {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("role", "tool")
          .add("tool_call_id", m.toolCallId())
          .add("content", m.content());
    }
    var m = (ChatMessage.Assistant) message;
    var json = JsonDocuments.provider().createObjectBuilder().add("role", "assistant");
    if (m.content().isPresent()) {
      json.add("content", m.content().get());
    } else {
      json.addNull("content");
    }
    if (!m.toolCalls().isEmpty()) {
      var calls = JsonDocuments.provider().createArrayBuilder();
      for (var call : m.toolCalls()) {
        calls.add(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("id", call.id())
                .add("type", "function")
                .add(
                    "function",
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add("name", call.name())
                        .add("arguments", call.arguments().toString())));
      }
      json.add("tool_calls", calls);
    }
    return json;
  }

  private ChatResult result(String endpoint, HttpResponse<String> response) {
    int status = response.statusCode();
    if (status == 429) {
      throw new InferenceRateLimitedException(
          endpoint + " is rate limiting (429)" + errorDetail(response), retryAfter(response));
    }
    if (status >= 500) {
      throw new InferenceServerException(
          endpoint + " failed with " + status + errorDetail(response));
    }
    if (status < 200 || status >= 300) {
      throw new InferenceRequestException(
          endpoint + " refused the request with " + status + errorDetail(response));
    }
    try {
      return parse(response.body());
    } catch (JsonException | ClassCastException | NullPointerException e) {
      throw new InferenceServerException(
          endpoint + " answered with something other than a chat completion: " + e.getMessage(), e);
    }
  }

  /** The answer document of the chat-completions protocol. */
  static ChatResult parse(String body) {
    JsonObject root;
    try (var reader = JsonDocuments.provider().createReader(new StringReader(body))) {
      root = reader.readObject();
    }
    var choices = root.getJsonArray("choices");
    if (choices == null || choices.isEmpty()) {
      throw new JsonException("no choices");
    }
    var choice = choices.getJsonObject(0);
    var message = choice.getJsonObject("message");
    var content =
        message.get("content") instanceof JsonString text
            ? Optional.of(text.getString())
            : Optional.<String>empty();
    var calls = new ArrayList<ToolCallRequest>();
    if (message.get("tool_calls") instanceof JsonArray toolCalls) {
      for (var value : toolCalls) {
        var call = value.asJsonObject();
        var function = call.getJsonObject("function");
        calls.add(
            toolCall(call.getString("id"), function.getString("name"), function.get("arguments")));
      }
    }
    var finish =
        choice.get("finish_reason") instanceof JsonString reason
            ? reason.getString()
            : (calls.isEmpty() ? "stop" : "tool_calls");
    return new ChatResult(content, calls, usage(root.get("usage")), finish);
  }

  /**
   * A tool call, its arguments read as the protocol sends them: a JSON string holding the object's
   * text. Some servers send the object itself, or an empty string for a call without arguments; a
   * model that encoded its arguments twice (a JSON string holding a JSON string of the object) is
   * understood, decoding once more, and the call says so.
   */
  static ToolCallRequest toolCall(String id, String name, JsonValue value) {
    if (value == null || value == JsonValue.NULL) {
      return new ToolCallRequest(id, name, JsonValue.EMPTY_JSON_OBJECT);
    }
    if (value instanceof JsonObject object) {
      return new ToolCallRequest(id, name, object);
    }
    var text = ((JsonString) value).getString();
    if (text.isBlank()) {
      return new ToolCallRequest(id, name, JsonValue.EMPTY_JSON_OBJECT);
    }
    var parsed = read(text);
    if (parsed instanceof JsonObject object) {
      return new ToolCallRequest(id, name, object);
    }
    if (parsed instanceof JsonString inner) {
      var once = objectIn(inner.getString());
      if (once.isPresent()) {
        return new ToolCallRequest(
            id, name, once.get(), List.of(ToolCallRequest.Recovery.doubleEncoded()));
      }
    }
    throw new JsonException("tool call arguments are not a JSON object");
  }

  private static Optional<JsonObject> objectIn(String text) {
    try {
      return read(text) instanceof JsonObject object ? Optional.of(object) : Optional.empty();
    } catch (JsonException notJson) {
      return Optional.empty();
    }
  }

  private static JsonValue read(String text) {
    try (var reader = JsonDocuments.provider().createReader(new StringReader(text))) {
      return reader.readValue();
    }
  }

  private static Usage usage(JsonValue value) {
    if (!(value instanceof JsonObject usage)) {
      return Usage.NONE;
    }
    return new Usage(usage.getInt("prompt_tokens", 0), usage.getInt("completion_tokens", 0));
  }

  /** {@code Retry-After} in seconds; an HTTP date is ignored (the retry policy's delay applies). */
  private static Optional<Duration> retryAfter(HttpResponse<String> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .flatMap(
            value -> {
              try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(value.strip())));
              } catch (NumberFormatException e) {
                return Optional.empty();
              }
            });
  }

  private String errorDetail(HttpResponse<String> response) {
    var body = response.body();
    if (body == null || body.isBlank()) {
      return "";
    }
    // Redacted before it is cut: a key straddling the cut would leave its first half behind.
    var redacted = redact(body).strip();
    return ": "
        + (redacted.length() > ERROR_BODY_CHARS
            ? redacted.substring(0, ERROR_BODY_CHARS)
            : redacted);
  }

  /** Servers sometimes echo what they were sent; the key never leaves in a message. */
  private String redact(String text) {
    return config
        .apiKey()
        .filter(key -> text.contains(key))
        .map(key -> text.replace(key, "****"))
        .orElse(text);
  }
}
