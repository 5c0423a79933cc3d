package io.reveille.session.boundary;

import io.reveille.api.ETags;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import io.reveille.security.control.SessionTokens;
import io.reveille.session.control.SessionService;
import io.reveille.session.control.SessionService.TurnReceipt;
import io.reveille.session.control.TurnInput;
import io.reveille.session.entity.AgentSession;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's interactive sessions over HTTP: open, read and close a session, post the user's turns,
 * and follow the session's thread as server-sent events. The class path is {@code agents} like the
 * other agent resources (a longer class path would hide their methods).
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Sessions")
public class SessionsResource {

  @Inject SessionService sessions;
  @Inject SessionEventStreams streams;
  @Inject SessionTokens sessionTokens;

  @Context UriInfo uriInfo;

  /** A session. */
  public record SessionResponse(
      String id,
      String agentId,
      String threadId,
      String status,
      Instant createdAt,
      Instant updatedAt,
      Instant lastTurnAt,
      long turnCount,
      long version) {

    static SessionResponse of(AgentSession s) {
      return new SessionResponse(
          s.getId(),
          s.getAgentId(),
          SessionService.threadId(s),
          s.getStatus().wire(),
          s.getCreatedAt(),
          s.getUpdatedAt(),
          s.getLastTurnAt(),
          s.getTurnCount(),
          s.getVersion());
    }
  }

  /** The body of a turn: the user's text and, for safe retries, the client's turn id. */
  public static class TurnRequest {
    public String text;
    public String turnId;
  }

  /** The run that answers a turn; its messages arrive in the session's thread. */
  public record TurnResponse(
      String sessionId, String turnId, String runKey, String threadId, boolean replayed) {

    static TurnResponse of(TurnReceipt r) {
      return new TurnResponse(r.sessionId(), r.turnId(), r.runKey(), r.threadId(), r.replayed());
    }
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/sessions")
  @Operation(summary = "Open a session with an active interactive or hybrid agent")
  public Response open(@PathParam("id") String agentId) {
    var session = sessions.open(agentId);
    var location = uriInfo.getAbsolutePathBuilder().path(session.getId()).build();
    return Response.created(location)
        .tag(ETags.of(session.getVersion()))
        .entity(SessionResponse.of(session))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/sessions/{sid}")
  @Operation(summary = "One of the agent's sessions")
  public Response get(@PathParam("id") String agentId, @PathParam("sid") String sessionId) {
    var session = sessions.get(agentId, sessionId);
    return Response.ok(SessionResponse.of(session)).tag(ETags.of(session.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/sessions/{sid}/close")
  @Operation(summary = "Close the session: it takes no more turns")
  public Response close(@PathParam("id") String agentId, @PathParam("sid") String sessionId) {
    var session = sessions.close(agentId, sessionId);
    return Response.ok(SessionResponse.of(session)).tag(ETags.of(session.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/sessions/{sid}/turns")
  @Operation(
      summary =
          "The user's turn: a user message and a userInitiated wake; the same turnId returns the"
              + " same run")
  public Response turn(
      @PathParam("id") String agentId,
      @PathParam("sid") String sessionId,
      TurnRequest body,
      @Context SecurityContext security) {
    var request = body == null ? new TurnRequest() : body;
    var turn = TurnInput.of(request.text, request.turnId, () -> UUID.randomUUID().toString());
    var receipt = sessions.takeTurn(agentId, sessionId, turn, Authorization.actor(security));
    return Response.accepted(TurnResponse.of(receipt)).build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/sessions/{sid}/events")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @Operation(
      summary =
          "The session thread's messages as server-sent events, oldest first (id = message id,"
              + " event = message kind); Last-Event-ID resumes after that message. The stream"
              + " ends when the caller's token expires or its console session is signed out")
  public void events(
      @PathParam("id") String agentId,
      @PathParam("sid") String sessionId,
      @HeaderParam(HttpHeaders.LAST_EVENT_ID_HEADER) String lastEventId,
      @Context SseEventSink sink,
      @Context Sse sse,
      @Context SecurityContext security) {
    var session = sessions.get(agentId, sessionId);
    var after =
        Optional.ofNullable(lastEventId)
            .filter(id -> !id.isBlank())
            .map(id -> sessions.cursorAt(session, id.strip(), HttpHeaders.LAST_EVENT_ID_HEADER));
    var caller = Authorization.caller(security);
    streams.start(
        session,
        after,
        sink,
        sse,
        Optional.ofNullable(security.getUserPrincipal()).map(p -> p.getName()).orElse(""),
        caller.flatMap(Caller::acceptedUntil),
        caller
            .flatMap(Caller::consoleSession)
            .map(console -> () -> sessionTokens.signedOut(console.id())));
  }
}
