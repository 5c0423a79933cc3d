package io.reveille.mcp.boundary;

import io.reveille.mcp.control.JsonRpcCodec;
import io.reveille.mcp.control.JsonRpcError;
import io.reveille.mcp.control.JsonRpcException;
import io.reveille.mcp.control.JsonRpcMessage;
import io.reveille.mcp.control.McpServer;
import io.reveille.mcp.control.McpSessions;
import io.reveille.platform.error.NotFoundException;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.AuditedRequest;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.boundary.EdgeSettings;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Reveille's MCP server for one agent: the Streamable HTTP transport at {@code
 * /api/agents/{id}/mcp}. The agent is chosen by the path rather than by a parameter of {@code
 * initialize}: a client is configured with one URL per agent, the audit trail and every proxy see
 * which agent a request addresses, and a session can never change its agent.
 *
 * <p>{@code POST} takes one JSON-RPC message: an {@code initialize} (without {@code
 * Mcp-Session-Id}) opens a session and answers its id in that header; every other request needs the
 * header (400 without, 404 for a session that ended or is not the caller's) and is answered with
 * one JSON document; a notification or a response is accepted with 202. A message that is not
 * JSON-RPC is a 400 carrying the JSON-RPC error. {@code GET} opens an event stream of the session
 * ({@link McpStreams}); {@code DELETE} ends the session. An {@code MCP-Protocol-Version} header
 * must name a version spoken here. Every request needs credentials, as the API (viewer and up; a
 * tool call's own role is checked per call); a 401 names the endpoint's protected resource
 * metadata; an {@code Origin} of another site is refused on every method (DNS rebinding). The class
 * path is {@code agents} for the reason given on the subscriptions resource.
 */
@Path("agents")
@RequestScoped
@Tag(name = "MCP")
public class McpEndpoint {

  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String VERSION_HEADER = "MCP-Protocol-Version";

  @Inject McpServer server;
  @Inject McpSessions sessions;
  @Inject McpStreams streams;
  @Inject AuditedRequest audited;
  @Context SecurityContext security;
  @Context UriInfo uriInfo;

  @Inject EdgeSettings edge;

  @Allowed(Role.VIEWER)
  @POST
  @Path("{id}/mcp")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "MCP (Streamable HTTP): one JSON-RPC message on behalf of the agent — initialize opens a"
              + " session (Mcp-Session-Id), then tools/list, tools/call, resources/*, ping,"
              + " logging/setLevel")
  public Response post(
      @PathParam("id") String agentId,
      @HeaderParam(SESSION_HEADER) String sessionId,
      @HeaderParam(VERSION_HEADER) String version,
      @HeaderParam(HttpHeaders.ACCEPT) String accept,
      byte[] body) {
    JsonRpcMessage message;
    try {
      message =
          JsonRpcCodec.read(
              body == null ? new byte[0] : body,
              new JsonRpcCodec.Limits(
                  (int) Math.min(Integer.MAX_VALUE, edge.rules().maxBodyBytes()), 64));
    } catch (JsonRpcException refused) {
      return json(400, JsonRpcCodec.error(refused.id(), refused.error()));
    }
    var caller = caller();
    if (message instanceof JsonRpcMessage.Request request
        && request.method().equals("initialize")
        && sessionId == null) {
      try {
        var opened = server.initialize(agentId, caller, request);
        return Response.ok(JsonRpcCodec.result(request.id(), opened.result()))
            .type(MediaType.APPLICATION_JSON)
            .header(SESSION_HEADER, opened.sessionId())
            .build();
      } catch (JsonRpcException refused) {
        return json(200, JsonRpcCodec.error(refused.id(), refused.error()));
      }
    }
    var session = session(agentId, sessionId, version, caller);
    if (!(message instanceof JsonRpcMessage.Request request)) {
      // A notification (initialized, cancelled) or a response: nothing to answer.
      return Response.accepted().build();
    }
    var exchange =
        new McpServer.Exchange(
            agentId, caller, sessionId, session, recorded -> audited.recordWithin(200));
    var progress = McpProgress.tokenOf(request);
    if (progress.isPresent() && accept != null && accept.contains(MediaType.SERVER_SENT_EVENTS)) {
      // A call whose client asked to hear how it goes: an event stream that tells it the call
      // began, how it ended (done, held for approval, in doubt) and then answers it.
      StreamingOutput events =
          out -> McpProgress.stream(out, progress.get(), request, () -> answer(exchange, request));
      return Response.ok(events).type(MediaType.SERVER_SENT_EVENTS).build();
    }
    return json(200, answer(exchange, request));
  }

  private JsonObject answer(McpServer.Exchange exchange, JsonRpcMessage.Request request) {
    try {
      return JsonRpcCodec.result(request.id(), server.handle(exchange, request));
    } catch (JsonRpcException refused) {
      return JsonRpcCodec.error(refused.id(), refused.error());
    }
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/mcp")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @Operation(
      summary =
          "MCP: the session's event stream (notifications/resources/updated when the subscribed"
              + " report changes); Last-Event-ID resumes")
  public void stream(
      @PathParam("id") String agentId,
      @HeaderParam(SESSION_HEADER) String sessionId,
      @HeaderParam(VERSION_HEADER) String version,
      @HeaderParam(HttpHeaders.LAST_EVENT_ID_HEADER) String lastEventId,
      @HeaderParam("Origin") String origin,
      @HeaderParam("Sec-Fetch-Site") String fetchSite,
      @HeaderParam(HttpHeaders.HOST) String host,
      @Context SseEventSink sink,
      @Context Sse sse) {
    edge.rules()
        .crossSite(origin, fetchSite, host == null ? "" : host, uriInfo.getRequestUri().getScheme())
        .ifPresent(reason -> refuse(403, reason));
    session(agentId, sessionId, version, caller());
    streams.start(
        McpSessions.hash(sessionId),
        Optional.ofNullable(lastEventId).map(String::strip).filter(id -> !id.isEmpty()),
        sink,
        sse);
  }

  @Allowed(Role.VIEWER)
  @DELETE
  @Path("{id}/mcp")
  @Operation(summary = "MCP: ends the session named by Mcp-Session-Id (404 when it is not open)")
  public Response close(
      @PathParam("id") String agentId, @HeaderParam(SESSION_HEADER) String sessionId) {
    if (sessionId == null || !sessions.close(sessionId, caller().name(), agentId)) {
      refuse(404, "no open MCP session with that Mcp-Session-Id here");
    }
    return Response.noContent().build();
  }

  private Caller caller() {
    return Authorization.caller(security)
        .orElseThrow(() -> new WebApplicationException(Response.status(401).build()));
  }

  /** The open session the request names, or the refusal the transport prescribes. */
  private io.reveille.mcp.entity.McpSession session(
      String agentId, String sessionId, String version, Caller caller) {
    if (version != null && !McpServer.VERSIONS.contains(version.strip())) {
      refuse(400, "MCP-Protocol-Version must be one of " + McpServer.VERSIONS);
    }
    if (sessionId == null || sessionId.isBlank()) {
      refuse(400, "Mcp-Session-Id is required: initialize first, then send the id it answered");
    }
    try {
      return sessions
          .find(sessionId.strip(), caller.name(), agentId)
          .orElseThrow(
              () ->
                  new WebApplicationException(
                      rpcRefusal(
                          404, "no open MCP session with that Mcp-Session-Id: initialize again")));
    } catch (NotFoundException agentGone) {
      throw new WebApplicationException(rpcRefusal(404, agentGone.getMessage()));
    }
  }

  private static void refuse(int status, String reason) {
    throw new WebApplicationException(rpcRefusal(status, reason));
  }

  private static Response rpcRefusal(int status, String reason) {
    return json(
        status,
        JsonRpcCodec.error(
            Optional.<JsonValue>empty(), new JsonRpcError(JsonRpcError.INVALID_REQUEST, reason)));
  }

  private static Response json(int status, JsonObject body) {
    return Response.status(status).type(MediaType.APPLICATION_JSON).entity(body).build();
  }
}
