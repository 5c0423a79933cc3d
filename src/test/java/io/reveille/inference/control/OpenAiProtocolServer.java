package io.reveille.inference.control;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local endpoint that speaks the OpenAI chat-completions protocol with scripted answers, for
 * integration tests that run inside the server JVM. It binds to the loopback address on a free
 * port; one instance serves the whole deployment ({@link #shared()}), started on first use so that
 * the configuration source can name its URL whenever the configuration is read.
 */
public final class OpenAiProtocolServer {

  /**
   * One scripted answer; a held one counts {@code arrived} down when its request comes and answers
   * only once {@code release} is counted down (at most a minute later).
   */
  public record Answer(
      int status, String body, Duration delay, CountDownLatch arrived, CountDownLatch release) {
    Answer(int status, String body, Duration delay) {
      this(status, body, delay, new CountDownLatch(0), new CountDownLatch(0));
    }
  }

  /** What the server answers when nothing is scripted. */
  static final Answer UNSCRIPTED =
      new Answer(503, "{\"error\":{\"message\":\"nothing scripted\"}}", Duration.ZERO);

  /** In a scripted body, stands for the request's {@code Authorization} header. */
  private static final String AUTHORIZATION = "{{authorization}}";

  private static OpenAiProtocolServer shared;

  private final HttpServer server;
  private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final ConcurrentLinkedQueue<String> bodies = new ConcurrentLinkedQueue<>();
  private final java.util.Map<String, Answer> standing =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<String, List<String>> turns =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<String, List<String>> steps =
      new java.util.concurrent.ConcurrentHashMap<>();

  private OpenAiProtocolServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/v1/chat/completions", this::answer);
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              var thread = new Thread(r, "openai-protocol-server");
              thread.setDaemon(true);
              return thread;
            }));
    server.start();
  }

  /** The one server of this JVM, started on first use. */
  public static synchronized OpenAiProtocolServer shared() {
    if (shared == null) {
      shared = new OpenAiProtocolServer();
    }
    return shared;
  }

  /** The base URL to configure as {@code reveille.inference.base-url}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Forgets the script and the request count. */
  public void reset() {
    script.clear();
    requests.set(0);
    bodies.clear();
  }

  public OpenAiProtocolServer then(int status, String body) {
    return then(status, body, Duration.ZERO);
  }

  public OpenAiProtocolServer then(int status, String body, Duration delay) {
    script.add(new Answer(status, body, delay));
    return this;
  }

  /**
   * An answer held until the test says: {@code arrived} opens when the request is in, and the
   * answer goes out when {@code release} opens — a model call the test knows to be in flight.
   */
  public OpenAiProtocolServer thenHeld(
      int status, String body, CountDownLatch arrived, CountDownLatch release) {
    script.add(new Answer(status, body, Duration.ZERO, arrived, release));
    return this;
  }

  /** A 200 with a plain chat completion whose content is {@code content}. */
  public OpenAiProtocolServer thenAnswer(String content) {
    return thenAnswer(content, Duration.ZERO);
  }

  /** The same, sent {@code delay} after the request arrived: a slow model. */
  public OpenAiProtocolServer thenAnswer(String content, Duration delay) {
    // content is JSON string text already (a test may put \\n in it for a line break).
    return then(
        200,
        "{\"id\":\"c1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
            + "\"message\":{\"role\":\"assistant\",\"content\":\""
            + content
            + "\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2}}",
        delay);
  }

  /** A chat completion body whose answer is {@code content} (plain text), no tool calls. */
  public static String answerBody(String content) {
    return completion(
        jakarta.json.Json.createObjectBuilder().add("role", "assistant").add("content", content),
        "stop",
        3,
        2);
  }

  /**
   * A 200 whose answer asks for one call of {@code tool} with {@code arguments} (a JSON object's
   * text), under a call id of its own.
   */
  public OpenAiProtocolServer thenToolCall(String tool, String arguments) {
    return then(
        200,
        toolCallsBody(
            50, 10, new ToolCall("call_" + java.util.UUID.randomUUID(), tool, arguments)));
  }

  /** One tool call a scripted answer asks for: its id, the tool's name and its arguments JSON. */
  public record ToolCall(String id, String name, String arguments) {}

  /** The body of a chat completion asking for {@code calls}, with that usage. */
  public static String toolCallsBody(int promptTokens, int completionTokens, ToolCall... calls) {
    var list = jakarta.json.Json.createArrayBuilder();
    for (var call : calls) {
      list.add(
          jakarta.json.Json.createObjectBuilder()
              .add("id", call.id())
              .add("type", "function")
              .add(
                  "function",
                  jakarta.json.Json.createObjectBuilder()
                      .add("name", call.name())
                      .add("arguments", call.arguments())));
    }
    return completion(
        jakarta.json.Json.createObjectBuilder()
            .add("role", "assistant")
            .addNull("content")
            .add("tool_calls", list),
        "tool_calls",
        promptTokens,
        completionTokens);
  }

  /** A chat completion of one choice, {@code message}, with that usage. */
  private static String completion(
      jakarta.json.JsonObjectBuilder message,
      String finishReason,
      int promptTokens,
      int completionTokens) {
    return jakarta.json.Json.createObjectBuilder()
        .add("id", "c-" + java.util.UUID.randomUUID())
        .add("object", "chat.completion")
        .add(
            "choices",
            jakarta.json.Json.createArrayBuilder()
                .add(
                    jakarta.json.Json.createObjectBuilder()
                        .add("index", 0)
                        .add("message", message)
                        .add("finish_reason", finishReason)))
        .add(
            "usage",
            jakarta.json.Json.createObjectBuilder()
                .add("prompt_tokens", promptTokens)
                .add("completion_tokens", completionTokens))
        .build()
        .toString();
  }

  /**
   * An endpoint that echoes what it was sent: a {@code status} answer whose error message holds the
   * request's {@code Authorization} header, as some servers and proxies do.
   */
  public OpenAiProtocolServer thenEchoingAuthorization(int status) {
    return then(status, "{\"error\":{\"message\":\"refused credentials: " + AUTHORIZATION + "\"}}");
  }

  /**
   * Answers every request that mentions {@code marker} (an agent's instructions name it) with a
   * plain chat completion whose content is {@code content}, however many come, before and apart
   * from the script: for agents whose number of runs is what the test finds out.
   */
  public OpenAiProtocolServer alwaysAnswer(String marker, String content) {
    standing.put(marker, new Answer(200, answerBody(content), Duration.ZERO));
    return this;
  }

  /**
   * As {@link #alwaysAnswer}, with {@code body} as the whole chat completion (e.g. {@link
   * #toolCallsBody}): every request that mentions {@code marker} gets it.
   */
  public OpenAiProtocolServer alwaysAnswerWith(String marker, String body) {
    standing.put(marker, new Answer(200, body, Duration.ZERO));
    return this;
  }

  /**
   * Answers every request that mentions {@code marker} by where its conversation stands: a request
   * carrying {@code n} tool results gets {@code bodies[n]} (the last one beyond them), so a run
   * that waited and resumed gets the answer for its next turn, whatever happened in between.
   */
  public OpenAiProtocolServer alwaysAnswerByTurn(String marker, List<String> bodies) {
    turns.put(marker, List.copyOf(bodies));
    return this;
  }

  /**
   * Answers every request that mentions {@code marker} by how many answers of the model its
   * conversation holds: a request carrying {@code n} assistant messages gets {@code bodies[n]} (the
   * last one beyond them), so that a model answering without tool calls can be scripted to go on.
   */
  public OpenAiProtocolServer alwaysAnswerByStep(String marker, List<String> bodies) {
    steps.put(marker, List.copyOf(bodies));
    return this;
  }

  /** Stops answering the requests that mention {@code marker} ({@link #alwaysAnswer}). */
  public void forget(String marker) {
    standing.remove(marker);
    steps.remove(marker);
    turns.remove(marker);
  }

  /** How many chat-completion requests arrived since the last {@link #reset()}. */
  public int requests() {
    return requests.get();
  }

  /**
   * How many requests since the last {@link #reset()} mention {@code text} (a task id, say): the
   * ones one test's agent made, whatever other tests' agents ask meanwhile.
   */
  public long requestsMentioning(String text) {
    return bodies.stream().filter(body -> body.contains(text)).count();
  }

  public void stop() {
    server.stop(0);
  }

  /** The body for a request carrying as many answers of the model as it does. */
  private static Answer byStep(List<String> bodies, String request) {
    var answers = io.reveille.testing.ConversationModel.assistantTurns(request);
    return new Answer(200, bodies.get(Math.min(answers, bodies.size() - 1)), Duration.ZERO);
  }

  /** The body for a request carrying as many tool results as it does. */
  private static Answer byTurn(List<String> bodies, String request) {
    var results = io.reveille.testing.ConversationModel.toolResults(request);
    return new Answer(200, bodies.get(Math.min(results, bodies.size() - 1)), Duration.ZERO);
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      var request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      bodies.add(request);
      requests.incrementAndGet();
      var answer =
          turns.entrySet().stream()
              .filter(marked -> request.contains(marked.getKey()))
              .map(marked -> byTurn(marked.getValue(), request))
              .findFirst()
              .or(
                  () ->
                      steps.entrySet().stream()
                          .filter(marked -> request.contains(marked.getKey()))
                          .map(marked -> byStep(marked.getValue(), request))
                          .findFirst())
              .or(
                  () ->
                      standing.entrySet().stream()
                          .filter(marked -> request.contains(marked.getKey()))
                          .map(java.util.Map.Entry::getValue)
                          .findFirst())
              .orElseGet(script::poll);
      if (answer == null) {
        answer = UNSCRIPTED;
      }
      answer.arrived().countDown();
      try {
        if (!answer.release().await(1, java.util.concurrent.TimeUnit.MINUTES)) {
          return;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (!answer.delay().isZero()) {
        // A scripted slow endpoint: the delay is the behaviour under test (client timeouts), not a
        // wait for something to happen.
        try {
          Thread.sleep(answer.delay().toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      var authorization = exchange.getRequestHeaders().getFirst("Authorization");
      var body =
          answer.body().replace(AUTHORIZATION, authorization == null ? "(none)" : authorization);
      var bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
      if (bytes.length > 0) {
        exchange.getResponseBody().write(bytes);
      }
    }
  }
}
