package io.reveille.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * A server-sent event stream a test reads on a thread of its own, as a browser's {@code fetch}
 * would (any header, {@code Authorization} included): its events in the order they came.
 */
public final class SseStream implements AutoCloseable {

  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  /** One event: its id (null when it had none), its name and its data. */
  public record Event(String id, String name, String data) {}

  private final InputStream body;
  private final List<Event> events = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.atomic.AtomicInteger comments =
      new java.util.concurrent.atomic.AtomicInteger();
  private final ExecutorService reader = Executors.newSingleThreadExecutor();

  private SseStream(InputStream body) {
    this.body = body;
    reader.submit(this::read);
  }

  /** Reads the event stream of a response a test opened itself. */
  public static SseStream reading(InputStream body) {
    return new SseStream(body);
  }

  /**
   * Opens {@code uri} with {@code headers}: the stream when the server answered 200 with an event
   * stream, else the answer as it was (status and body) in an {@link Refused}.
   */
  public static SseStream open(URI uri, Map<String, String> headers) throws Refused {
    var request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream");
    headers.forEach(request::header);
    HttpResponse<InputStream> response;
    try {
      response = HTTP.send(request.GET().build(), BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    var type = response.headers().firstValue("Content-Type").orElse("");
    if (response.statusCode() != 200 || !type.startsWith("text/event-stream")) {
      try (var in = response.body()) {
        throw new Refused(
            response.statusCode(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new Refused(response.statusCode(), "");
      }
    }
    return new SseStream(response.body());
  }

  /** The answer of a server that did not open the stream. */
  public static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    Refused(int status, String body) {
      super(status + " " + body);
      this.status = status;
    }

    public int status() {
      return status;
    }
  }

  /** The comment lines (keep-alives) so far. */
  public int comments() {
    return comments.get();
  }

  /** The events so far. */
  public List<Event> events() {
    return List.copyOf(events);
  }

  /** Waits up to {@code within} for an event {@code wanted} takes, and returns the first. */
  public Event await(Duration within, Predicate<Event> wanted) {
    org.awaitility.Awaitility.await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> events.stream().anyMatch(wanted));
    return events.stream().filter(wanted).findFirst().orElseThrow();
  }

  /** The id of the last event that had one. */
  public String lastEventId() {
    String last = null;
    for (var event : events) {
      if (event.id() != null) {
        last = event.id();
      }
    }
    return last;
  }

  private Void read() throws IOException {
    var lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
    String id = null;
    String name = null;
    var data = new StringBuilder();
    for (var line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.isEmpty()) {
        if (data.length() > 0) {
          events.add(new Event(id, name, data.toString()));
        }
        id = null;
        name = null;
        data.setLength(0);
      } else if (line.startsWith(":")) {
        comments.incrementAndGet();
      } else if (line.startsWith("id:")) {
        id = line.substring(3).strip();
      } else if (line.startsWith("event:")) {
        name = line.substring(6).strip();
      } else if (line.startsWith("data:")) {
        if (data.length() > 0) {
          data.append('\n');
        }
        data.append(line.substring(5).stripLeading());
      }
    }
    return null;
  }

  @Override
  public void close() {
    reader.shutdownNow();
    try {
      body.close();
    } catch (IOException e) {
      // Closing a stream the server may have closed already: nothing to do.
    }
  }
}
