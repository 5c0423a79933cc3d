package io.reveille.events.boundary;

import io.reveille.events.control.Change;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import io.reveille.security.control.SessionTokens;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/events}: what changes in agents, runs and proposals, and the queue depths, as
 * server-sent events, for a console or any client that would rather be told than poll.
 */
@Path("events")
@RequestScoped
@Tag(name = "Events")
public class EventsResource {

  @Inject EventStreams streams;
  @Inject SessionTokens sessionTokens;

  @Allowed(Role.VIEWER)
  @GET
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @Operation(
      summary =
          "Changes of agents, runs and proposals (events agent, run, proposal: ids, names and"
              + " statuses) and queue depths (queues) as server-sent events, in the order this node"
              + " saw them, after a ready event; agentId narrows them to one agent. Last-Event-ID"
              + " resumes: what changed since comes first (some of it possibly again: keep the"
              + " newest by id and version), or a reset event when it is no longer held. The stream"
              + " ends when the caller's token expires or its console session is signed out")
  @APIResponse(responseCode = "200", description = "The stream")
  @APIResponse(responseCode = "400", description = "A Last-Event-ID this stream did not write")
  @APIResponse(
      responseCode = "429",
      description = "The caller holds reveille.events.max-streams-per-principal streams already")
  @APIResponse(
      responseCode = "503",
      description = "This node serves reveille.events.max-streams streams already")
  public void events(
      @QueryParam("agentId") @Size(max = 64) String agentId,
      @HeaderParam(HttpHeaders.LAST_EVENT_ID_HEADER) @Size(max = 64) String lastEventId,
      @Context SseEventSink sink,
      @Context Sse sse,
      @Context SecurityContext security) {
    var resumeAt =
        Optional.ofNullable(lastEventId)
            .filter(id -> !id.isBlank())
            .map(
                id -> {
                  try {
                    return Change.timeOf(id);
                  } catch (IllegalArgumentException e) {
                    throw new InvalidInputException(
                        HttpHeaders.LAST_EVENT_ID_HEADER, e.getMessage());
                  }
                });
    var caller = Authorization.caller(security);
    streams.start(
        new EventStreams.Filter(Optional.ofNullable(agentId).filter(id -> !id.isBlank())),
        resumeAt,
        sink,
        sse,
        Optional.ofNullable(security.getUserPrincipal()).map(p -> p.getName()).orElse(""),
        caller.flatMap(Caller::acceptedUntil),
        caller
            .flatMap(Caller::consoleSession)
            .map(console -> () -> sessionTokens.signedOut(console.id())));
  }
}
