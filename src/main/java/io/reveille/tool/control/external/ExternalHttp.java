package io.reveille.tool.control.external;

import io.reveille.platform.json.JsonDocuments;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * Sends external tool requests with {@link HttpClient}: HTTP/1.1, no redirects followed (a 3xx is
 * an answer like any other), the tool's own timeout on each request, and the response body read up
 * to {@code reveille.tools.external.max-response-bytes}. The {@code Idempotency-Key} header is set
 * here on every attempt.
 *
 * <p>Fault Tolerance bounds the whole exchange ({@code @Timeout}, above the longest tool timeout
 * allowed, so it only catches a body that trickles in) and retries where that is safe: only a
 * request marked resendable (its provider honours the key), and only when the provider failed (5xx,
 * 429) or the connection was refused before anything was sent — never when a request may have been
 * applied. Each attempt asks the tool's circuit breaker first; an open breaker sends nothing.
 */
@ApplicationScoped
public class ExternalHttp {

  private static final Logger LOG = Logger.getLogger(ExternalHttp.class.getName());

  public static final String IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

  @Inject ExternalTools tools;

  private HttpClient client;

  /** Thrown to Fault Tolerance to ask for another attempt; carries the last exchange. */
  public static final class Resend extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ExternalExchange exchange;

    Resend(ExternalExchange exchange) {
      super("the request may be sent again", null, false, false);
      this.exchange = exchange;
    }

    public ExternalExchange exchange() {
      return exchange;
    }
  }

  @PostConstruct
  void init() {
    client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  /**
   * Sends the request, again while that is safe.
   *
   * @throws Resend when the last allowed attempt still failed in a way that may be retried later;
   *     its {@link Resend#exchange()} is the outcome
   */
  @Timeout(70_000)
  @Retry(maxRetries = 2, delay = 200, jitter = 100, retryOn = Resend.class)
  public ExternalExchange send(ExternalRequest request) {
    var exchange = tools.breakers().guarded(request.tool(), () -> exchange(request));
    if (request.resendable() && resendable(exchange)) {
      throw new Resend(exchange);
    }
    return exchange;
  }

  private static boolean resendable(ExternalExchange exchange) {
    return exchange instanceof ExternalExchange.NotSent notSent
            && notSent.refusal() == ExternalExchange.Refusal.CONNECTION
        || exchange instanceof ExternalExchange.Answered answered && answered.isProviderFailure();
  }

  ExternalExchange exchange(ExternalRequest request) {
    var builder =
        HttpRequest.newBuilder(request.uri())
            .timeout(request.timeout())
            .header(IDEMPOTENCY_KEY_HEADER, request.idempotencyKey())
            .header("Accept", "application/json");
    for (var header : request.headers().entrySet()) {
      try {
        builder.header(header.getKey(), header.getValue());
      } catch (IllegalArgumentException e) {
        // A value the client refuses (a secret holding a line break). The client's message quotes
        // the value, so only the header's name is told.
        return new ExternalExchange.NotSent(
            "the value of header " + header.getKey() + " is not a valid header value",
            ExternalExchange.Refusal.INVALID_REQUEST);
      }
    }
    if (request.body().isPresent()) {
      if (request.headers().keySet().stream().noneMatch("content-type"::equalsIgnoreCase)) {
        builder.header("Content-Type", "application/json");
      }
      builder.method(
          request.method(),
          HttpRequest.BodyPublishers.ofString(request.body().get(), StandardCharsets.UTF_8));
    } else {
      builder.method(request.method(), HttpRequest.BodyPublishers.noBody());
    }
    HttpResponse<InputStream> response;
    try {
      response = client.send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpConnectTimeoutException | ConnectException e) {
      return new ExternalExchange.NotSent(
          "could not connect: " + e.getMessage(), ExternalExchange.Refusal.CONNECTION);
    } catch (IOException e) {
      return new ExternalExchange.InDoubt("no answer: " + e);
    } catch (InterruptedException e) {
      // Fault Tolerance's @Timeout interrupts the attempt and reports the timeout itself; the
      // request may have been sent.
      return new ExternalExchange.InDoubt("interrupted while waiting for the answer");
    }
    var body = read(request, response);
    return new ExternalExchange.Answered(response.statusCode(), response.headers().map(), body);
  }

  private Optional<JsonValue> read(ExternalRequest request, HttpResponse<InputStream> response) {
    var limit = tools.maxResponseBytes();
    try (var in = response.body()) {
      var bytes = in.readNBytes(limit + 1);
      if (bytes.length > limit) {
        LOG.warning(
            () ->
                "The answer of "
                    + request.tool()
                    + " is larger than "
                    + limit
                    + " bytes; it is not read");
        return Optional.empty();
      }
      if (bytes.length == 0) {
        return Optional.empty();
      }
      try (var reader =
          JsonDocuments.provider()
              .createReader(new StringReader(new String(bytes, StandardCharsets.UTF_8)))) {
        return Optional.of(reader.readValue());
      } catch (RuntimeException notJson) {
        return Optional.empty();
      }
    } catch (IOException e) {
      LOG.log(Level.FINE, "The answer body of " + request.tool() + " was cut off", e);
      return Optional.empty();
    }
  }
}
