package io.reveille.testing;

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
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A small HTTP client for the integration tests: what curl does for a user. */
public final class Api {

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final URI base;

  public Api() {
    this(URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181")));
  }

  public Api(URI base) {
    this.base = base;
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

  public Response delete(String path) {
    return send(request(path).DELETE());
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path))
        .timeout(Duration.ofSeconds(30))
        .header("Accept", "application/json, application/problem+json");
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
