package io.reveille.inference.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client against a real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions
 * protocol with scripted answers: what is sent, what is parsed, and which typed failure each kind
 * of error becomes.
 */
class OpenAiCompatibleClientTest {

  private static final String KEY = "sk-test-0123456789abcdef";
  private static final String MODEL = "test-model";

  /** One scripted answer; {@code hold} keeps the exchange open until the test ends. */
  private record Answer(int status, String body, Map<String, String> headers, boolean hold) {
    static Answer ok(String body) {
      return new Answer(200, body, Map.of(), false);
    }

    static Answer status(int status, String body) {
      return new Answer(status, body, Map.of(), false);
    }
  }

  private record Received(String method, String path, String authorization, JsonObject body) {}

  private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private HttpServer server;
  private ExecutorService executor;
  private String baseUrl;

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    executor = Executors.newCachedThreadPool();
    server.setExecutor(executor);
    server.createContext("/v1/chat/completions", this::answer);
    server.start();
    baseUrl = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  @AfterEach
  void stopServer() {
    release.countDown();
    server.stop(0);
    executor.shutdownNow();
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      var text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      received.add(
          new Received(
              exchange.getRequestMethod(),
              exchange.getRequestURI().getPath(),
              exchange.getRequestHeaders().getFirst("Authorization"),
              Json.createReader(new StringReader(text)).readObject()));
      var answer = script.poll();
      if (answer == null) {
        answer = Answer.status(500, "{\"error\":\"no scripted answer\"}");
      }
      if (answer.hold()) {
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return;
      }
      answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      var bytes = answer.body().getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
      if (bytes.length > 0) {
        exchange.getResponseBody().write(bytes);
      }
    }
  }

  private OpenAiCompatibleClient client() {
    return client(Duration.ofSeconds(10));
  }

  private OpenAiCompatibleClient client(Duration timeout) {
    return new OpenAiCompatibleClient(
        new InferenceConfig(
            Optional.of(baseUrl),
            Optional.of(MODEL),
            Optional.of(KEY),
            Optional.empty(),
            timeout,
            8));
  }

  private static ChatRequest question(List<ToolSpec> tools) {
    return new ChatRequest(
        MODEL,
        List.of(ChatMessage.system("You keep a task tidy."), ChatMessage.user("What now?")),
        tools,
        OptionalInt.of(256));
  }

  private static ToolSpec priorityTool() {
    var schema =
        Json.createObjectBuilder()
            .add("type", "object")
            .add("required", Json.createArrayBuilder().add("priority"))
            .add(
                "properties",
                Json.createObjectBuilder()
                    .add(
                        "priority",
                        Json.createObjectBuilder()
                            .add("enum", Json.createArrayBuilder().add("P0").add("P1"))))
            .build();
    return new ToolSpec("update_task_priority", "Sets a task's priority.", schema);
  }

  private static String completion(String message, String finishReason) {
    return """
        {"id":"chatcmpl-1","object":"chat.completion","model":"test-model",
         "choices":[{"index":0,"message":%s,"finish_reason":"%s"}],
         "usage":{"prompt_tokens":42,"completion_tokens":7,"total_tokens":49}}
        """
        .formatted(message, finishReason);
  }

  @Test
  void aPlainAnswerIsParsedWithItsUsage() {
    script.add(
        Answer.ok(completion("{\"role\":\"assistant\",\"content\":\"All is well.\"}", "stop")));

    var result = client().chat(question(List.of()));

    assertEquals(Optional.of("All is well."), result.content());
    assertFalse(result.hasToolCalls());
    assertEquals(new Usage(42, 7), result.usage());
    assertEquals(49, result.usage().totalTokens());
    assertEquals("stop", result.finishReason());
  }

  @Test
  void toolCallArgumentsSentAsAJsonStringAreParsedIntoAnObject() {
    script.add(
        Answer.ok(
            completion(
                """
                {"role":"assistant","content":null,"tool_calls":[
                  {"id":"call_1","type":"function","function":{"name":"update_task_priority",
                   "arguments":"{\\"taskId\\":\\"t-1\\",\\"priority\\":\\"P1\\"}"}},
                  {"id":"call_2","type":"function","function":{"name":"list_allowed_categories",
                   "arguments":""}}]}
                """,
                "tool_calls")));

    var result = client().chat(question(List.of(priorityTool())));

    assertTrue(result.content().isEmpty());
    assertEquals("tool_calls", result.finishReason());
    assertEquals(2, result.toolCalls().size());
    var call = result.toolCalls().get(0);
    assertEquals("call_1", call.id());
    assertEquals("update_task_priority", call.name());
    assertEquals("t-1", call.arguments().getString("taskId"));
    assertEquals("P1", call.arguments().getString("priority"));
    assertTrue(result.toolCalls().get(1).arguments().isEmpty());
  }

  @Test
  void argumentsEncodedTwiceAreDecodedOnceAndTheCallSaysSo() {
    script.add(
        Answer.ok(
            completion(
                """
                {"role":"assistant","content":null,"tool_calls":[
                  {"id":"call_1","type":"function","function":{"name":"update_task_priority",
                   "arguments":"\\"{\\\\\\"taskId\\\\\\":\\\\\\"t-1\\\\\\"}\\""}},
                  {"id":"call_2","type":"function","function":{"name":"update_task_priority",
                   "arguments":"{\\"taskId\\":\\"t-2\\"}"}}]}
                """,
                "tool_calls")));

    var result = client().chat(question(List.of(priorityTool())));

    var twice = result.toolCalls().get(0);
    assertEquals("t-1", twice.arguments().getString("taskId"));
    assertEquals(List.of(ToolCallRequest.Recovery.doubleEncoded()), twice.recoveries());
    assertTrue(result.toolCalls().get(1).recoveries().isEmpty(), "encoded once: nothing forgiven");
  }

  @Test
  void argumentsThatAreAStringOfNoObjectAreRefused() {
    script.add(
        Answer.ok(
            completion(
                """
                {"role":"assistant","content":null,"tool_calls":[
                  {"id":"call_1","type":"function","function":{"name":"update_task_priority",
                   "arguments":"\\"not json\\""}}]}
                """,
                "tool_calls")));

    assertThrows(RuntimeException.class, () -> client().chat(question(List.of(priorityTool()))));
  }

  @Test
  void theRequestCarriesModelMessagesToolsAndTheBearerKey() {
    script.add(Answer.ok(completion("{\"role\":\"assistant\",\"content\":\"ok\"}", "stop")));
    var arguments = Json.createObjectBuilder().add("priority", "P0").build();
    var request =
        new ChatRequest(
            MODEL,
            List.of(
                ChatMessage.system("sys"),
                ChatMessage.user("usr"),
                ChatMessage.assistant(
                    Optional.empty(),
                    List.of(new ToolCallRequest("call_9", "update_task_priority", arguments))),
                ChatMessage.tool("call_9", "{\"changed\":true}")),
            List.of(priorityTool()),
            OptionalInt.of(128));

    client().chat(request);

    var sent = received.poll();
    assertEquals("POST", sent.method());
    assertEquals("/v1/chat/completions", sent.path());
    assertEquals("Bearer " + KEY, sent.authorization());
    var body = sent.body();
    assertEquals(MODEL, body.getString("model"));
    assertEquals(128, body.getInt("max_tokens"));
    var messages = body.getJsonArray("messages");
    assertEquals(
        List.of("system", "user", "assistant", "tool"),
        messages.stream().map(m -> m.asJsonObject().getString("role")).toList());
    var assistant = messages.getJsonObject(2);
    assertTrue(assistant.isNull("content"));
    var function = assistant.getJsonArray("tool_calls").getJsonObject(0).getJsonObject("function");
    assertEquals("update_task_priority", function.getString("name"));
    assertEquals(
        arguments,
        Json.createReader(new StringReader(function.getString("arguments"))).readObject());
    assertEquals("call_9", messages.getJsonObject(3).getString("tool_call_id"));
    var tool = body.getJsonArray("tools").getJsonObject(0);
    assertEquals("function", tool.getString("type"));
    assertEquals("update_task_priority", tool.getJsonObject("function").getString("name"));
    assertEquals(
        priorityTool().parametersSchema(),
        tool.getJsonObject("function").getJsonObject("parameters"));
  }

  @Test
  void noToolsMeansNoToolsField() {
    script.add(Answer.ok(completion("{\"role\":\"assistant\",\"content\":\"ok\"}", "stop")));

    client().chat(question(List.of()));

    assertFalse(received.poll().body().containsKey("tools"));
  }

  @Test
  void status429IsRateLimitedWithRetryAfter() {
    script.add(new Answer(429, "{\"error\":\"slow down\"}", Map.of("Retry-After", "7"), false));

    var error =
        assertThrows(InferenceRateLimitedException.class, () -> client().chat(question(List.of())));

    assertEquals(Optional.of(Duration.ofSeconds(7)), error.retryAfter());
    assertTrue(error.getMessage().contains("429"), error.getMessage());
  }

  @Test
  void status500IsAServerFailure() {
    script.add(Answer.status(500, "{\"error\":\"boom\"}"));

    var error =
        assertThrows(InferenceServerException.class, () -> client().chat(question(List.of())));

    assertTrue(error.getMessage().contains("500"), error.getMessage());
  }

  @Test
  void status400IsARefusedRequest() {
    script.add(Answer.status(400, "{\"error\":\"unknown model\"}"));

    var error =
        assertThrows(InferenceRequestException.class, () -> client().chat(question(List.of())));

    assertTrue(error.getMessage().contains("400"), error.getMessage());
    assertTrue(error.getMessage().contains("unknown model"), error.getMessage());
  }

  @Test
  void theKeyAppearsInNoErrorMessageEvenWhenTheServerEchoesIt() {
    script.add(Answer.status(401, "{\"error\":\"invalid key " + KEY + "\"}"));
    script.add(Answer.status(503, "{\"error\":\"overloaded, your key " + KEY + "\"}"));
    script.add(Answer.status(429, KEY));

    var refused = assertThrows(InferenceException.class, () -> client().chat(question(List.of())));
    var failed = assertThrows(InferenceException.class, () -> client().chat(question(List.of())));
    var limited = assertThrows(InferenceException.class, () -> client().chat(question(List.of())));

    for (var error : List.of(refused, failed, limited)) {
      assertFalse(error.getMessage().contains(KEY), error.getMessage());
      assertFalse(String.valueOf(error).contains(KEY));
    }
    assertTrue(refused instanceof InferenceRequestException);
    assertTrue(failed instanceof InferenceServerException);
    assertTrue(limited instanceof InferenceRateLimitedException);
  }

  @Test
  void aKeyEchoedAcrossTheExcerptsEndLeavesNoPartOfItBehind() {
    // The key starts a few characters before the excerpt of the body ends.
    var padding = "x".repeat(300 - KEY.length() / 2);
    script.add(Answer.status(401, padding + KEY + " and more"));

    var refused = assertThrows(InferenceException.class, () -> client().chat(question(List.of())));

    assertFalse(
        refused.getMessage().contains(KEY.substring(0, KEY.length() / 2)), refused.getMessage());
  }

  @Test
  void messagesNameTheEndpointWithoutItsCredentialsOrQuery() {
    assertEquals(
        "https://models.example:8443/v1/chat/completions",
        OpenAiCompatibleClient.shown(
            java.net.URI.create(
                "https://svc:s3cret@models.example:8443/v1/chat/completions?api-key=s3cret")));
    assertEquals(
        "http://127.0.0.1/v1/chat/completions",
        OpenAiCompatibleClient.shown(java.net.URI.create("http://127.0.0.1/v1/chat/completions")));
  }

  @Test
  void aServerSlowerThanTheTimeoutIsATimeout() {
    script.add(new Answer(200, "", Map.of(), true));

    var error =
        assertThrows(
            InferenceTimeoutException.class,
            () -> client(Duration.ofSeconds(1)).chat(question(List.of())));

    assertFalse(error.getMessage().contains(KEY));
  }

  @Test
  void anAnswerThatIsNotACompletionIsAServerFailure() {
    script.add(Answer.ok("{\"choices\":[]}"));

    assertThrows(InferenceServerException.class, () -> client().chat(question(List.of())));
  }

  @Test
  void missingEndpointOrModelFailsFastWithoutCallingAnything() {
    var noEndpoint =
        new InferenceConfig(
            Optional.empty(),
            Optional.of(MODEL),
            Optional.empty(),
            Optional.empty(),
            Duration.ofSeconds(5),
            8);
    var noModel =
        new InferenceConfig(
            Optional.of(baseUrl),
            Optional.empty(),
            Optional.of(KEY),
            Optional.empty(),
            Duration.ofSeconds(5),
            8);

    for (var config : List.of(noEndpoint, noModel)) {
      var error =
          assertThrows(
              InferenceUnavailableException.class,
              () -> new OpenAiCompatibleClient(config).chat(question(List.of())));
      assertEquals(
          "no inference endpoint configured: set reveille.inference.base-url and"
              + " reveille.inference.model",
          error.getMessage());
    }
    assertTrue(received.isEmpty());
  }

  @Test
  void theKeyIsReadFromTheKeyFile(@TempDir Path dir) throws IOException {
    var file = dir.resolve("key");
    Files.writeString(file, KEY + "\n");
    var config =
        new InferenceConfig(
            Optional.of(baseUrl),
            Optional.of(MODEL),
            Optional.empty(),
            Optional.of(file),
            Duration.ofSeconds(5),
            8);
    script.add(Answer.ok(completion("{\"role\":\"assistant\",\"content\":\"ok\"}", "stop")));

    new OpenAiCompatibleClient(config).chat(question(List.of()));

    assertEquals("Bearer " + KEY, received.poll().authorization());
  }

  @Test
  void anUnreadableKeyFileIsNamedButNotRead(@TempDir Path dir) {
    var missing = dir.resolve("absent");

    var error =
        assertThrows(
            InferenceUnavailableException.class,
            () ->
                new InferenceConfig(
                    Optional.of(baseUrl),
                    Optional.of(MODEL),
                    Optional.empty(),
                    Optional.of(missing),
                    Duration.ofSeconds(5),
                    8));

    assertTrue(error.getMessage().contains(missing.toString()), error.getMessage());
  }

  @Test
  void theConfigMasksTheKey() {
    var config =
        new InferenceConfig(
            Optional.of(baseUrl),
            Optional.of(MODEL),
            Optional.of(KEY),
            Optional.empty(),
            Duration.ofSeconds(5),
            8);

    assertFalse(config.toString().contains(KEY), config.toString());
    assertTrue(config.toString().contains("apiKey=****"), config.toString());
    assertTrue(config.isConfigured());
  }

  @Test
  void withoutAKeyNoAuthorizationHeaderIsSent() {
    var config =
        new InferenceConfig(
            Optional.of(baseUrl),
            Optional.of(MODEL),
            Optional.empty(),
            Optional.empty(),
            Duration.ofSeconds(5),
            8);
    script.add(Answer.ok(completion("{\"role\":\"assistant\",\"content\":\"ok\"}", "stop")));

    new OpenAiCompatibleClient(config).chat(question(List.of()));

    assertEquals(null, received.poll().authorization());
  }
}
