package io.reveille.events.boundary;

import io.reveille.events.control.Change;
import io.reveille.events.control.ChangeFeed;
import io.reveille.events.control.EventsConfig;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.PolledStream;
import io.reveille.platform.StreamLease;
import io.reveille.platform.StreamQuota;
import io.reveille.platform.json.JsonDocuments;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Feeds the open {@code /api/events} streams from this node's {@link ChangeFeed}: each stream looks
 * at the feed on the container's managed scheduler and sends, in the order the feed saw them, the
 * changes after the last one it sent — on a resume, every held change stamped after its {@code
 * Last-Event-ID} less the settle time first (a change may come twice, never not at all), or a
 * {@value #RESET_EVENT} event when the feed no longer holds that far back. Queue depths go out as
 * {@value #QUEUES_EVENT} events when they change.
 *
 * <p>A stream ends when the client goes away, after {@code reveille.events.max-seconds}, when the
 * token it was opened with expires, and within {@link StreamLease#SIGN_OUT_CHECK} of its console
 * session being signed out; the client reconnects with {@code Last-Event-ID}. Streams are bounded
 * per node (503 beyond) and per principal (429 beyond).
 */
@ApplicationScoped
public class EventStreams {

  /** Sent first: the stream is open; its id is where a resume starts if nothing else came. */
  public static final String READY_EVENT = "ready";

  /** Sent on a resume the feed cannot serve: read the current state through the API again. */
  public static final String RESET_EVENT = "reset";

  /** The broker's queue depths, when they changed. */
  public static final String QUEUES_EVENT = "queues";

  /** Changes one look at the feed sends at most; the rest follow on the next look. */
  static final int BATCH = 500;

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject ChangeFeed feed;
  @Inject EventsConfig config;
  @Inject Clock clock;
  @Inject Metrics metrics;

  private final Set<Stream> streams = ConcurrentHashMap.newKeySet();
  private StreamQuota quota;

  @PostConstruct
  void init() {
    quota = new StreamQuota(config.maxStreams(), config.maxStreamsPerPrincipal());
    metrics.gauge("reveille.events.streams.open", "Open change event streams", streams::size);
  }

  /** What a caller asked to follow: one agent's changes, or all. */
  record Filter(Optional<String> agentId) implements Predicate<Change> {
    @Override
    public boolean test(Change change) {
      return agentId.isEmpty() || change.agentId().equals(agentId);
    }
  }

  /**
   * Starts a stream of the changes {@code filter} takes into {@code sink}, after {@code resumeAt}
   * (the time of a client's last event) or from now.
   *
   * @throws jakarta.ws.rs.ServiceUnavailableException if this node serves as many streams as it may
   * @throws jakarta.ws.rs.ClientErrorException (429) if {@code principal} holds as many streams as
   *     one may
   */
  void start(
      Filter filter,
      Optional<Instant> resumeAt,
      SseEventSink sink,
      Sse sse,
      String principal,
      Optional<Instant> acceptedUntil,
      Optional<BooleanSupplier> signedOut) {
    quota.takeOrRefuse(
        principal, "reveille.events.max-streams-per-principal", "reveille.events.max-streams");
    feed.listen();
    var now = clock.instant();
    var lease = StreamLease.of(now, config.maxAge(), acceptedUntil, signedOut);
    var stream = new Stream(filter, resumeAt, sink, sse, now, lease, principal);
    streams.add(stream);
    try {
      stream.pollEvery(scheduler, config.poll());
    } catch (RuntimeException e) {
      stream.finish();
      throw e;
    }
  }

  /** The application stops: end every stream, so that no poll outlives it. */
  @PreDestroy
  void stopAll() {
    streams.forEach(Stream::finish);
  }

  private final class Stream extends PolledStream {
    private final Filter filter;
    private final Sse sse;
    private final StreamLease lease;
    private final String principal;
    private Optional<Instant> resumeAt;
    private Instant lastSentAt;
    private long seq = -1;
    private long queuesVersion;

    Stream(
        Filter filter,
        Optional<Instant> resumeAt,
        SseEventSink sink,
        Sse sse,
        Instant now,
        StreamLease lease,
        String principal) {
      super(sink);
      this.filter = filter;
      this.resumeAt = resumeAt;
      this.sse = sse;
      this.lease = lease;
      this.principal = principal;
      this.lastSentAt = now;
    }

    @Override
    protected void poll() throws Exception {
      var now = clock.instant();
      if (lease.isOver(now)) {
        finish();
        return;
      }
      // Until the feed holds its window (it may have just started) the stream only keeps alive.
      if (seq < 0 && feed.isCaughtUp()) {
        open(now);
      }
      if (seq >= 0) {
        sendChanges(now);
      }
      if (!now.isBefore(lastSentAt.plus(config.keepAlive()))) {
        send(sse.newEventBuilder().comment("keep-alive").build());
        lastSentAt = now;
      }
    }

    private void sendChanges(Instant now) throws Exception {
      var changes = feed.after(seq, filter);
      for (var change : changes.subList(0, Math.min(BATCH, changes.size()))) {
        send(event(change));
        seq = change.seq();
        lastSentAt = now;
      }
      var queues = feed.queues();
      if (queues.isPresent() && queues.get().version() > queuesVersion) {
        queuesVersion = queues.get().version();
        send(
            sse.newEventBuilder()
                .name(QUEUES_EVENT)
                .mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(String.class, queues.get().depths().toString())
                .build());
        lastSentAt = now;
      }
    }

    /** The first look: where the stream starts, and what a resume missed. */
    private void open(Instant now) throws Exception {
      seq = feed.lastSeq();
      if (resumeAt.isPresent()) {
        var from = resumeAt.get();
        resumeAt = Optional.empty();
        if (!feed.covers(from)) {
          send(
              sse.newEventBuilder()
                  .name(RESET_EVENT)
                  .mediaType(MediaType.APPLICATION_JSON_TYPE)
                  .data(
                      String.class,
                      JsonDocuments.provider()
                          .createObjectBuilder()
                          .add("reason", "the changes since the last event are no longer held")
                          .build()
                          .toString())
                  .build());
        } else {
          for (var change : feed.since(from, filter)) {
            if (change.seq() <= seq) {
              send(event(change));
            }
          }
        }
      }
      send(
          sse.newEventBuilder()
              .id(now.toEpochMilli() + "-" + seq)
              .name(READY_EVENT)
              .mediaType(MediaType.APPLICATION_JSON_TYPE)
              .data(
                  String.class,
                  JsonDocuments.provider()
                      .createObjectBuilder()
                      .add("at", now.toString())
                      .build()
                      .toString())
              .build());
    }

    @Override
    protected String name() {
      return "Change event stream of " + principal;
    }

    @Override
    protected void ended() {
      streams.remove(this);
      quota.release(principal);
      feed.leave();
    }

    private OutboundSseEvent event(Change change) {
      return sse.newEventBuilder()
          .id(change.eventId())
          .name(change.type())
          .mediaType(MediaType.APPLICATION_JSON_TYPE)
          .data(String.class, change.data().toString())
          .build();
    }
  }
}
