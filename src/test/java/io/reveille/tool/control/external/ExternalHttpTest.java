package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import jakarta.enterprise.inject.Vetoed;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How one exchange is classified, against a loopback server: an answer of any status (redirects not
 * followed, bodies over the cap not read), a request that never left, and one whose answer was
 * lost. Fault Tolerance is not active here (no container): each call is one attempt.
 */
class ExternalHttpTest {

  private final HttpServer server;
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExternalHttp http = new ExternalHttp();

  ExternalHttpTest() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.createContext(
        "/ok",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          var key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
          var body = ("{\"key\":\"" + key + "\"}").getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("X-Request-Id", "req-1");
          exchange.sendResponseHeaders(201, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.createContext(
        "/moved",
        exchange -> {
          exchange.getResponseHeaders().add("Location", "/ok");
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });
    server.createContext(
        "/large",
        exchange -> {
          var body = ("{\"x\":\"" + "a".repeat(4096) + "\"}").getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.createContext(
        "/drop",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          exchange.close();
        });
    server.createContext(
        "/slow",
        exchange -> {
          try {
            release.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.close();
        });
    server.start();
    http.tools = new SmallTools();
    http.init();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
  }

  private ExternalRequest request(String path, Duration timeout) {
    return new ExternalRequest(
        "tool",
        "POST",
        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path),
        Map.of("Authorization", "Bearer t"),
        Optional.of("{}"),
        "key-1",
        timeout,
        false);
  }

  @Test
  void anAnswerCarriesItsStatusHeadersAndBodyAndTheKeyWasSent() {
    var answered =
        assertInstanceOf(
            ExternalExchange.Answered.class, http.send(request("/ok", Duration.ofSeconds(5))));
    assertEquals(201, answered.status());
    assertEquals(Optional.of("req-1"), answered.header("x-request-id"));
    assertEquals("key-1", answered.body().orElseThrow().asJsonObject().getString("key"));
  }

  @Test
  void aRedirectIsAnAnswerNotFollowed() {
    var answered =
        assertInstanceOf(
            ExternalExchange.Answered.class, http.send(request("/moved", Duration.ofSeconds(5))));
    assertEquals(302, answered.status());
  }

  @Test
  void aBodyOverTheCapIsNotRead() {
    var answered =
        assertInstanceOf(
            ExternalExchange.Answered.class, http.send(request("/large", Duration.ofSeconds(5))));
    assertEquals(200, answered.status());
    assertTrue(answered.body().isEmpty());
  }

  @Test
  void aRefusedConnectionIsNotSent() {
    var request =
        new ExternalRequest(
            "tool",
            "POST",
            URI.create("http://127.0.0.1:1/nothing"),
            Map.of(),
            Optional.empty(),
            "key-1",
            Duration.ofSeconds(5),
            false);
    var notSent = assertInstanceOf(ExternalExchange.NotSent.class, http.send(request));
    assertEquals(false, notSent.maybeApplied());
  }

  @Test
  void aDroppedConnectionOrATimedOutAnswerIsInDoubt() {
    assertInstanceOf(
        ExternalExchange.InDoubt.class, http.send(request("/drop", Duration.ofSeconds(5))));
    assertInstanceOf(
        ExternalExchange.InDoubt.class, http.send(request("/slow", Duration.ofMillis(300))));
  }

  @Test
  void anOpenBreakerSendsNothing() {
    for (var i = 0; i < 2; i++) {
      http.send(request("/drop", Duration.ofSeconds(5)));
    }
    var notSent =
        assertInstanceOf(
            ExternalExchange.NotSent.class, http.send(request("/ok", Duration.ofSeconds(5))));
    assertTrue(notSent.breakerOpen());
  }

  @Test
  void aHeaderValueTheClientRefusesIsNotSentAndNotShown() {
    var request =
        new ExternalRequest(
            "tool",
            "POST",
            URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/ok"),
            Map.of("Authorization", "Bearer s3cr3t\r\nX-Evil: 1"),
            Optional.empty(),
            "key-1",
            Duration.ofSeconds(5),
            false);
    var notSent = assertInstanceOf(ExternalExchange.NotSent.class, http.send(request));
    assertFalse(notSent.reason().contains("s3cr3t"), notSent.reason());
    assertTrue(notSent.reason().contains("Authorization"), notSent.reason());
  }

  @Vetoed
  private static class SmallTools extends ExternalTools {
    private final ToolBreakers breakers =
        new ToolBreakers(Clock.systemUTC(), 2, Duration.ofMinutes(1));

    @Override
    public int maxResponseBytes() {
      return 1024;
    }

    @Override
    public ToolBreakers breakers() {
      return breakers;
    }
  }
}
