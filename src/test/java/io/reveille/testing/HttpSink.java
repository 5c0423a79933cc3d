package io.reveille.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An external system for the external tools' tests: an HTTP server on 127.0.0.1 in the test JVM
 * that honours {@code Idempotency-Key} and counts, per key, the requests it got and the times it
 * applied one. Endpoints (POST, JSON body with a {@code note}): {@code /apply} applies once per key
 * and answers the same receipt to every repeat; {@code /refuse} answers 422; {@code /flaky} fails a
 * key's first request with 503, then applies; {@code /drop} applies a key's first request and drops
 * the connection without answering, then answers repeats with the receipt; {@code /hold} applies a
 * key's first request and holds the connection, unanswered, until the test releases it (the caller
 * is killed meanwhile), then answers repeats with the receipt. {@code GET /lookup/{key}} answers
 * the receipt of an applied key, else 404. A request without the expected bearer token gets 401 and
 * is counted as unauthorised.
 */
public final class HttpSink implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final AtomicInteger held = new AtomicInteger();
  private volatile java.util.concurrent.CountDownLatch release =
      new java.util.concurrent.CountDownLatch(1);
  private final String token;
  private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> applications = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> lookups = new ConcurrentHashMap<>();
  private final Map<String, JsonObject> receipts = new ConcurrentHashMap<>();
  private final Map<String, String> keysByNote = new ConcurrentHashMap<>();
  private final AtomicInteger unauthorised = new AtomicInteger();

  private HttpSink(int port, String token) throws IOException {
    this.token = token;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    server.setExecutor(executor);
    server.createContext("/apply", exchange -> post(exchange, Mode.APPLY));
    server.createContext("/refuse", exchange -> post(exchange, Mode.REFUSE));
    server.createContext("/flaky", exchange -> post(exchange, Mode.FLAKY));
    server.createContext("/drop", exchange -> post(exchange, Mode.DROP));
    server.createContext("/hold", exchange -> post(exchange, Mode.HOLD));
    server.createContext("/lookup/", this::lookup);
    server.createContext("/expiring/", this::expiring);
    server.start();
  }

  /** Starts the sink on {@code reveille.it.sinkPort}, expecting {@code reveille.it.sinkToken}. */
  public static HttpSink start() {
    try {
      return new HttpSink(
          Integer.getInteger("reveille.it.sinkPort", 9499),
          System.getProperty("reveille.it.sinkToken", "reveille-it-sink-token-7f3c9a"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Starts a sink of a test's own on a free port, expecting {@code token}. */
  public static HttpSink startOnFreePort(String token) {
    try {
      return new HttpSink(0, token);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The port the sink listens on. */
  public int port() {
    return server.getAddress().getPort();
  }

  /** How many {@code /hold} requests are held, unanswered, right now. */
  public int held() {
    return held.get();
  }

  /**
   * Lets every held request go (its connection closes without an answer); later {@code /hold}
   * requests are held again until the next release.
   */
  public synchronized void release() {
    var held = release;
    release = new java.util.concurrent.CountDownLatch(1);
    held.countDown();
  }

  public static String token() {
    return System.getProperty("reveille.it.sinkToken", "reveille-it-sink-token-7f3c9a");
  }

  private enum Mode {
    APPLY,
    REFUSE,
    FLAKY,
    DROP,
    HOLD
  }

  /** The idempotency key the request carrying {@code note} came with; null if none came. */
  public String keyOf(String note) {
    return keysByNote.get(note);
  }

  /** Requests received under the key. */
  public int requests(String key) {
    return count(requests, key);
  }

  /** How often the call under the key took effect. */
  public int applications(String key) {
    return count(applications, key);
  }

  public int lookups(String key) {
    return count(lookups, key);
  }

  public int unauthorised() {
    return unauthorised.get();
  }

  private static int count(Map<String, AtomicInteger> counts, String key) {
    var count = key == null ? null : counts.get(key);
    return count == null ? 0 : count.get();
  }

  private void post(HttpExchange exchange, Mode mode) throws IOException {
    var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    if (!authorised(exchange)) {
      return;
    }
    var key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
    if (key == null) {
      answer(exchange, 400, Json.createObjectBuilder().add("error", "no key").build());
      return;
    }
    try (var reader = Json.createReader(new StringReader(body))) {
      keysByNote.putIfAbsent(reader.readObject().getString("note", ""), key);
    }
    var seen = requests.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    switch (mode) {
      case REFUSE ->
          answer(exchange, 422, Json.createObjectBuilder().add("error", "refused").build());
      case FLAKY -> {
        if (seen == 1) {
          answer(exchange, 503, Json.createObjectBuilder().add("error", "busy").build());
        } else {
          answer(exchange, 201, apply(key));
        }
      }
      case DROP -> {
        var receipt = apply(key);
        if (seen == 1) {
          // Took effect, and the answer is lost: the connection closes with nothing sent.
          exchange.close();
        } else {
          answer(exchange, 201, receipt);
        }
      }
      case HOLD -> {
        var receipt = apply(key);
        if (seen == 1) {
          var gate = release;
          held.incrementAndGet();
          try {
            // Held until the test has killed the caller (bounded; released at close at the latest).
            gate.await(5, java.util.concurrent.TimeUnit.MINUTES);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            held.decrementAndGet();
          }
          exchange.close();
        } else {
          answer(exchange, 201, receipt);
        }
      }
      default -> answer(exchange, 201, apply(key));
    }
  }

  /**
   * {@code GET /expiring/{note}}: the first request for a note is refused its credentials (401, as
   * if its token had expired); later ones, as if the token was renewed, read {@code read}.
   */
  private void expiring(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    var path = exchange.getRequestURI().getPath();
    var note = path.substring(path.lastIndexOf('/') + 1);
    var seen = requests.computeIfAbsent(note, k -> new AtomicInteger()).incrementAndGet();
    if (seen == 1) {
      answer(exchange, 401, Json.createObjectBuilder().add("error", "token expired").build());
    } else {
      answer(exchange, 200, Json.createObjectBuilder().add("status", "read").build());
    }
  }

  private void lookup(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    if (!authorised(exchange)) {
      return;
    }
    var path = exchange.getRequestURI().getPath();
    var key = path.substring(path.lastIndexOf('/') + 1);
    lookups.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    var receipt = receipts.get(key);
    if (receipt == null) {
      answer(exchange, 404, Json.createObjectBuilder().add("error", "unknown key").build());
    } else {
      answer(exchange, 200, receipt);
    }
  }

  private JsonObject apply(String key) {
    return receipts.computeIfAbsent(
        key,
        k -> {
          applications.computeIfAbsent(k, x -> new AtomicInteger()).incrementAndGet();
          return Json.createObjectBuilder()
              .add("id", "rcpt-" + k.substring(0, 12))
              .add("status", "applied")
              .build();
        });
  }

  private boolean authorised(HttpExchange exchange) throws IOException {
    if (("Bearer " + token).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
      return true;
    }
    unauthorised.incrementAndGet();
    answer(exchange, 401, Json.createObjectBuilder().add("error", "unauthorised").build());
    return false;
  }

  private static void answer(HttpExchange exchange, int status, JsonObject body)
      throws IOException {
    var bytes = body.toString().getBytes(StandardCharsets.UTF_8);
    var key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    if (key != null) {
      exchange.getResponseHeaders().add("X-Request-Id", "req-" + key.substring(0, 8));
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (var out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
