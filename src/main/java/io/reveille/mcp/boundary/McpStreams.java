package io.reveille.mcp.boundary;

import io.reveille.mcp.control.JsonRpcCodec;
import io.reveille.mcp.control.McpConfig;
import io.reveille.mcp.control.McpSessions;
import io.reveille.platform.PolledStream;
import io.reveille.platform.StreamQuota;
import io.reveille.platform.json.JsonDocuments;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event streams of MCP sessions ({@code GET} on the endpoint): server messages for the client,
 * which today are {@code notifications/resources/updated} when the agent's report changes and the
 * session subscribed to it. Each stream looks at its session in the database every {@link
 * McpConfig#streamPoll} (a report is written by whichever node ran the wake), so a stream on any
 * node tells of a change on any other; of several streams of one session, exactly one sends each
 * notification. An event's id is the report's id: a client that reconnects with {@code
 * Last-Event-ID} is told of a report written since. A stream opens with an event that has an id and
 * no data (the client's resumption point) and ends when the session ends or the client goes away.
 * At most {@link McpConfig#maxStreams} streams per session, {@value #MAX_STREAMS_PER_NODE} per
 * node.
 */
@ApplicationScoped
public class McpStreams {

  static final int MAX_STREAMS_PER_NODE = 512;

  /** How often an idle stream sends a comment, so that a proxy keeps it and a gone client shows. */
  static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject McpSessions sessions;
  @Inject McpConfig config;
  @Inject Clock clock;

  private final Set<Stream> streams = ConcurrentHashMap.newKeySet();
  private StreamQuota quota;

  @PostConstruct
  void init() {
    quota = new StreamQuota(MAX_STREAMS_PER_NODE, config.maxStreams());
  }

  /**
   * Starts a stream of the session kept under {@code idHash}.
   *
   * @param lastEventId the client's {@code Last-Event-ID}, when it resumes
   * @throws ClientErrorException 429 when the session holds as many streams as it may
   * @throws ServiceUnavailableException when this node serves as many as it may
   */
  void start(String idHash, Optional<String> lastEventId, SseEventSink sink, Sse sse) {
    var refusal = quota.tryTake(idHash);
    if (refusal.isPresent() && refusal.get() == StreamQuota.Refusal.PRINCIPAL_FULL) {
      throw new ClientErrorException(
          "this MCP session holds "
              + config.maxStreams()
              + " event streams already (reveille.mcp.max-streams-per-session)",
          429);
    }
    if (refusal.isPresent()) {
      throw new ServiceUnavailableException(
          "this node serves " + MAX_STREAMS_PER_NODE + " MCP event streams already", 5L);
    }
    var stream = new Stream(idHash, lastEventId, sink, sse, clock.instant());
    streams.add(stream);
    try {
      stream.open(lastEventId.or(() -> sessions.reportSeen(idHash)).orElse("0"));
      stream.pollEvery(scheduler, config.streamPoll());
    } catch (Exception e) {
      stream.finish();
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The application stops: end every stream. */
  @PreDestroy
  void stopAll() {
    streams.forEach(Stream::finish);
  }

  private final class Stream extends PolledStream {
    private final String idHash;
    private final Sse sse;
    private Optional<String> resumeAfter;
    private Instant lastSentAt;

    Stream(String idHash, Optional<String> resumeAfter, SseEventSink sink, Sse sse, Instant now) {
      super(sink);
      this.idHash = idHash;
      this.resumeAfter = resumeAfter;
      this.sse = sse;
      this.lastSentAt = now;
    }

    /** Sends the opening event: the client's resumption point, no data. */
    void open(String eventId) throws Exception {
      send(sse.newEventBuilder().id(eventId).data("").build());
    }

    @Override
    protected void poll() throws Exception {
      var tick = sessions.tick(idHash, resumeAfter);
      resumeAfter = Optional.empty();
      if (tick.isEmpty()) {
        finish();
        return;
      }
      var now = clock.instant();
      if (tick.get().updatedReport().isPresent()) {
        var notification =
            JsonRpcCodec.notification(
                "notifications/resources/updated",
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add("uri", tick.get().uri())
                    .build());
        send(
            sse.newEventBuilder()
                .id(tick.get().updatedReport().get())
                .name("message")
                .mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(String.class, notification.toString())
                .build());
        lastSentAt = now;
      } else if (!now.isBefore(lastSentAt.plus(KEEP_ALIVE))) {
        send(sse.newEventBuilder().comment("keep-alive").build());
        lastSentAt = now;
      }
    }

    @Override
    protected String name() {
      // The client reconnects with Last-Event-ID and is told of any report it missed.
      return "An MCP event stream";
    }

    @Override
    protected void ended() {
      streams.remove(this);
      quota.release(idHash);
    }
  }
}
