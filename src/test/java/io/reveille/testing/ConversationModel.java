package io.reveille.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenAI-compatible chat endpoint for crash tests that answers by where a conversation stands,
 * not by the order requests come in: a conversation is found by a marker its request contains (the
 * agent's instructions name it), and its answer is the one scripted for the number of tool results
 * the request carries. A run that is killed and asked again therefore gets the same answer for the
 * same turn. A turn may be held once — the test learns that the call is in flight and kills the
 * server under it — and every request is counted per marker and turn.
 */
public final class ConversationModel implements AutoCloseable {

  private record Held(int turn, CountDownLatch arrived, CountDownLatch release) {}

  private final HttpServer server;
  private final Map<String, List<String>> scripts = new ConcurrentHashMap<>();
  private final Map<String, Held> holds = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

  public ConversationModel() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/v1/chat/completions", this::answer);
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              var thread = new Thread(r, "conversation-model");
              thread.setDaemon(true);
              return thread;
            }));
    server.start();
  }

  /** The base URL to configure as {@code reveille.inference.base-url}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /**
   * Scripts the conversation that mentions {@code marker}: answer {@code i} (a chat completion
   * body) goes to a request carrying {@code i} tool results.
   */
  public void script(String marker, List<String> answers) {
    scripts.put(marker, List.copyOf(answers));
  }

  /**
   * Holds the first request of {@code marker}'s turn {@code turn} until {@code release} opens; the
   * returned latch opens when that request has arrived.
   */
  public CountDownLatch holdOnce(String marker, int turn, CountDownLatch release) {
    var arrived = new CountDownLatch(1);
    holds.put(marker, new Held(turn, arrived, release));
    return arrived;
  }

  /** How many requests asked for {@code marker}'s turn {@code turn}. */
  public int requests(String marker, int turn) {
    var count = requests.get(marker + "#" + turn);
    return count == null ? 0 : count.get();
  }

  @Override
  public void close() {
    holds.values().forEach(held -> held.release().countDown());
    server.stop(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      var marker = scripts.keySet().stream().filter(body::contains).findFirst();
      if (marker.isEmpty()) {
        send(exchange, 503, "{\"error\":{\"message\":\"no conversation scripted\"}}");
        return;
      }
      var turn = toolResults(body);
      requests
          .computeIfAbsent(marker.get() + "#" + turn, key -> new AtomicInteger())
          .incrementAndGet();
      var held = holds.get(marker.get());
      if (held != null && held.turn() == turn && holds.remove(marker.get(), held)) {
        held.arrived().countDown();
        try {
          // Held until the test has killed the server under this call (bounded, not a wait for
          // an event the test could miss: the test opens it in its teardown at the latest).
          held.release().await(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      var script = scripts.get(marker.get());
      if (turn >= script.size()) {
        send(exchange, 400, "{\"error\":{\"message\":\"turn " + turn + " is not scripted\"}}");
        return;
      }
      send(exchange, 200, script.get(turn));
    }
  }

  /** How many answers of the model a chat-completion request carries. */
  public static int assistantTurns(String body) {
    return count(body, "assistant");
  }

  /** How many tool results a chat-completion request carries: where its conversation stands. */
  public static int toolResults(String body) {
    return count(body, "tool");
  }

  private static int count(String body, String role) {
    try (var reader = Json.createReader(new StringReader(body))) {
      return (int)
          reader
              .readObject()
              .getJsonArray("messages")
              .getValuesAs(jakarta.json.JsonObject.class)
              .stream()
              .filter(message -> role.equals(message.getString("role", "")))
              .count();
    }
  }

  private static void send(HttpExchange exchange, int status, String body) {
    try {
      var bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
    } catch (IOException e) {
      // The server that asked is gone (killed under the call): nobody is there to answer.
    }
  }
}
