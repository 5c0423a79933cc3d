package io.reveille.session.boundary;

import io.reveille.memory.boundary.AgentMemoryResource.MessageResponse;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.PolledStream;
import io.reveille.platform.StreamLease;
import io.reveille.platform.StreamQuota;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.session.control.SessionConfig;
import io.reveille.session.control.SessionService;
import io.reveille.session.control.SessionService.MessageCursor;
import io.reveille.session.control.SessionService.ThreadMessage;
import io.reveille.session.entity.AgentSession;
import io.reveille.workingstate.control.WorkingStateDocuments;
import io.reveille.workingstate.control.WorkingStates;
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

/**
 * Feeds open event streams: each stream polls its session's thread for messages newer than the last
 * one it sent, on the container's managed scheduler, and sends them in order.
 *
 * <p>Why polling the database rather than an in-memory event bus: the messages of a session are
 * written by whichever node runs its wake, in transactions that may roll back; the committed rows
 * are the only truth every node shares, and the cursor (time, id) makes a poll cheap on the
 * thread's index. A stream ends when the client goes away (the next send fails or the sink is
 * closed), when its session or agent is deleted, after {@code reveille.sessions.events-max-
 * seconds}, when the token it was opened with expires (a stream must not outlive the credential
 * that let it in), and within {@link StreamLease#SIGN_OUT_CHECK} of its console session being
 * signed out; the client then reconnects with {@code Last-Event-ID} and a credential that is still
 * valid. Each stream's polls run one at a time (fixed delay), and the number of streams per node is
 * bounded: one more is refused with 503 rather than letting streams starve the scheduler and the
 * connection pool.
 */
@ApplicationScoped
public class SessionEventStreams {

  /** Most messages one poll sends; the rest follow on the next poll. */
  static final int BATCH = 100;

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  /** The event that carries the session thread's working state when it changed. */
  public static final String STATE_EVENT = "agent_state_update";

  @Inject SessionService sessions;
  @Inject WorkingStates workingStates;
  @Inject SessionConfig config;
  @Inject Clock clock;

  private final Set<Stream> streams = ConcurrentHashMap.newKeySet();
  private StreamQuota quota;

  @Inject Metrics metrics;

  @PostConstruct
  void init() {
    quota = new StreamQuota(config.eventsMaxStreams(), config.eventsMaxStreamsPerPrincipal());
    metrics.gauge("reveille.sse.streams.open", "Open session event streams", streams::size);
  }

  /**
   * Starts streaming the session's thread into {@code sink}, after {@code after} or from its first
   * message, until {@code acceptedUntil} (the expiry of the caller's token, if it has one) or until
   * {@code signedOut} says the caller's console session was signed out.
   *
   * @throws jakarta.ws.rs.ServiceUnavailableException if this node serves as many streams as it may
   * @throws jakarta.ws.rs.ClientErrorException (429) if {@code principal} holds as many streams as
   *     one may
   */
  void start(
      AgentSession session,
      Optional<MessageCursor> after,
      SseEventSink sink,
      Sse sse,
      String principal,
      Optional<Instant> acceptedUntil,
      Optional<BooleanSupplier> signedOut) {
    quota.takeOrRefuse(
        principal,
        "reveille.sessions.events-max-streams-per-principal",
        "reveille.sessions.events-max-streams");
    var now = clock.instant();
    var lease = StreamLease.of(now, config.eventsMaxAge(), acceptedUntil, signedOut);
    var stream = new Stream(session, after, sink, sse, now, lease, principal);
    streams.add(stream);
    try {
      stream.pollEvery(scheduler, config.eventsPoll());
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
    private final String agentId;
    private final String sessionId;
    private final String threadId;
    private final Sse sse;
    private final StreamLease lease;
    private final String principal;
    private Optional<MessageCursor> cursor;
    private Instant lastSentAt;

    /** The version of the thread's working state sent last; -1 before the first. */
    private long stateVersion = -1;

    Stream(
        AgentSession session,
        Optional<MessageCursor> after,
        SseEventSink sink,
        Sse sse,
        Instant now,
        StreamLease lease,
        String principal) {
      super(sink);
      this.principal = principal;
      this.agentId = session.getAgentId();
      this.sessionId = session.getId();
      this.threadId = SessionService.threadId(session);
      this.cursor = after;
      this.sse = sse;
      this.lease = lease;
      this.lastSentAt = now;
    }

    @Override
    protected void poll() throws Exception {
      var now = clock.instant();
      if (lease.isOver(now) || sessions.find(agentId, sessionId).isEmpty()) {
        finish();
        return;
      }
      var batch = sessions.messagesAfter(agentId, threadId, cursor, BATCH);
      for (var message : batch) {
        send(event(message));
        cursor = Optional.of(MessageCursor.after(message.message()));
        lastSentAt = now;
      }
      // The working state may change after the last message of a turn (the end-of-run summary
      // comes later, without a message of its own): its version is asked on every poll, one
      // indexed number, and the state itself read only when that number moved.
      if (workingStates.version(agentId, threadId) > stateVersion) {
        var state = workingStates.stored(agentId, threadId);
        if (state.isPresent() && state.get().version() > stateVersion) {
          send(stateEvent(state.get()));
          stateVersion = state.get().version();
          lastSentAt = now;
        }
      }
      if (batch.isEmpty() && !now.isBefore(lastSentAt.plus(config.eventsKeepAlive()))) {
        send(sse.newEventBuilder().comment("keep-alive").build());
        lastSentAt = now;
      }
    }

    @Override
    protected String name() {
      return "Event stream of session " + sessionId + " (agent " + agentId + ")";
    }

    @Override
    protected void ended() {
      streams.remove(this);
      quota.release(principal);
    }

    private OutboundSseEvent event(ThreadMessage message) {
      var m = message.message();
      return sse.newEventBuilder()
          .id(m.getId())
          .name(m.getKind().wire())
          .mediaType(MediaType.APPLICATION_JSON_TYPE)
          .data(
              MessageResponse.class,
              MessageResponse.of(message.message(), message.content().orElse(null)))
          .build();
    }

    /**
     * An {@value #STATE_EVENT} event: the session thread's working state as it now stands, with its
     * version. It has no id: a client's {@code Last-Event-ID} stays the last message's.
     */
    private OutboundSseEvent stateEvent(WorkingStates.Stored state) {
      var data =
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("agentId", agentId)
              .add("threadId", threadId)
              .add("version", state.version())
              .add("updatedAt", state.updatedAt().toString())
              .add("state", WorkingStateDocuments.toJson(state.state()))
              .build();
      return sse.newEventBuilder()
          .name(STATE_EVENT)
          .mediaType(MediaType.APPLICATION_JSON_TYPE)
          .data(String.class, data.toString())
          .build();
    }
  }
}
