package io.reveille.testing;

import io.reveille.security.control.Role;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A small HTTP client for the integration tests: what curl does for a user. */
public final class Api {

  /** Longest a request may take before the test fails it. */
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(90);

  /**
   * HTTP/1.1, as curl speaks to an {@code http:} URL: the JDK client's default, an upgrade to
   * HTTP/2 in clear text, can leave a request unanswered for 30 s when several open their first
   * connection at once (Liberty's upgrade handler throws a NullPointerException, see
   * docs/pitfalls.md).
   */
  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  private final URI base;
  private final Supplier<String> authorization;

  /** The test server, signed in as the administrator. */
  public Api() {
    this(URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181")));
  }

  /** A server the test deployment configured, signed in as the administrator. */
  public Api(URI base) {
    this(base, TestIdentities.basic(Role.ADMIN));
  }

  /**
   * @param authorization the {@code Authorization} header every request carries; {@code null} for
   *     none
   */
  public Api(URI base, String authorization) {
    this(base, () -> authorization);
  }

  /** Every request carrying the {@code Authorization} header {@code authorization} gives then. */
  public Api(URI base, Supplier<String> authorization) {
    this.base = base;
    this.authorization = authorization;
  }

  /** The same server, every request carrying {@code authorization} instead ({@code null}: none). */
  public Api as(String authorization) {
    return new Api(base, authorization);
  }

  /** The same server, signed in as the built-in user holding {@code role}. */
  public Api as(Role role) {
    return as(TestIdentities.basic(role));
  }

  /**
   * The test server as a test running inside it (in-container) reaches it: its own HTTP port, on
   * the loopback address, signed in as the administrator.
   */
  public static Api inServer() {
    var port =
        org.eclipse.microprofile.config.ConfigProvider.getConfig()
            .getValue("http.port", Integer.class);
    return new Api(URI.create("http://127.0.0.1:" + port));
  }

  /**
   * A server started outside the tests (the README's run command), signed in as its administrator:
   * {@code REVEILLE_ADMIN_PASSWORD} when set, else the password the server generated under its
   * output directory ({@code -Dreveille.admin.password-file} says where, default the dev server's).
   */
  public static Api ofRunningServer(URI base) {
    var password =
        TestIdentities.ofRunningServer(
            "REVEILLE_ADMIN_PASSWORD", "reveille.admin.password-file", "secrets/admin-password");
    var user = System.getenv().getOrDefault("REVEILLE_ADMIN_USER", "admin");
    var api = new Api(base, TestIdentities.basic(user, password));
    // Maven run in the server's checkout (the load profile) may have the server reload the
    // application: wait until it answers again.
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(500))
        .ignoreExceptions()
        .until(() -> api.get("/health/ready").status() == 200);
    return api;
  }

  public Response get(String path) {
    return send(request(path).GET());
  }

  /**
   * Every item of a paged list, page after page, following each page's {@code Link rel="next"}:
   * what a client does that must see the whole list.
   */
  public List<JsonObject> getAll(String path) {
    var items = new ArrayList<JsonObject>();
    String next = path;
    while (next != null) {
      var page = get(next);
      if (page.status() != 200) {
        throw new AssertionError("GET " + next + " answered " + page);
      }
      items.addAll(page.structure().asJsonArray().getValuesAs(JsonObject.class));
      next = page.nextLink().orElse(null);
    }
    return items;
  }

  /** A GET asking for another representation ({@code Accept}). */
  public Response get(String path, String accept) {
    return send(request(path).setHeader("Accept", accept).GET());
  }

  public Response post(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(BodyPublishers.ofString(json)));
  }

  public Response patch(String path, String json, String ifMatch) {
    var builder =
        request(path)
            .header("Content-Type", "application/json")
            .method("PATCH", BodyPublishers.ofString(json));
    if (ifMatch != null) {
      builder.header("If-Match", ifMatch);
    }
    return send(builder);
  }

  /** Any method, with a JSON body and one extra header. */
  public Response send(String method, String path, String json, String header, String value) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .header(header, value)
            .method(method, BodyPublishers.ofString(json)));
  }

  /** Any method, with a body ({@code null}: none) and the given headers. */
  public Response send(String method, String path, String json, Map<String, String> headers) {
    var builder =
        request(path)
            .method(method, json == null ? BodyPublishers.noBody() : BodyPublishers.ofString(json));
    if (json != null) {
      builder.header("Content-Type", "application/json");
    }
    headers.forEach(builder::setHeader);
    return send(builder);
  }

  public Response delete(String path) {
    return send(request(path).DELETE());
  }

  private HttpRequest.Builder request(String path) {
    var builder =
        HttpRequest.newBuilder(base.resolve(path))
            // A bound for a request that hangs, not a latency check: while the crash tests' servers
            // start beside the suite's (three JVMs booting on two cores), a request that waits on
            // another's commit has taken over 30 s.
            .timeout(REQUEST_TIMEOUT)
            .header("Accept", "application/json, application/problem+json");
    var header = authorization.get();
    if (header != null) {
      builder.header("Authorization", header);
    }
    return builder;
  }

  private Response send(HttpRequest.Builder builder) {
    try {
      var response = client.send(builder.build(), BodyHandlers.ofString());
      return new Response(response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A response with its body parsed on demand. */
  public record Response(HttpResponse<String> raw) {

    private static final Pattern NEXT_LINK = Pattern.compile("<([^>]*)>\\s*;\\s*rel=\"?next\"?");

    public int status() {
      return raw.statusCode();
    }

    public String body() {
      return raw.body();
    }

    public String header(String name) {
      return raw.headers().firstValue(name).orElse(null);
    }

    /** The {@code Link} header's {@code rel="next"} address, when the list has more pages. */
    public Optional<String> nextLink() {
      return raw.headers().allValues("Link").stream()
          .flatMap(value -> Arrays.stream(value.split(",")))
          .map(NEXT_LINK::matcher)
          .filter(Matcher::find)
          .map(m -> m.group(1))
          .findFirst();
    }

    public String contentType() {
      return header("Content-Type");
    }

    public JsonObject json() {
      return (JsonObject) structure();
    }

    public JsonStructure structure() {
      try (var reader = Json.createReader(new StringReader(raw.body()))) {
        return reader.read();
      }
    }

    @Override
    public String toString() {
      return status() + " " + body();
    }
  }
}
