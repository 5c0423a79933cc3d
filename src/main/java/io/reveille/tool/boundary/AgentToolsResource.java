package io.reveille.tool.boundary;

import io.reveille.api.PageQuery;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.AuditedRequest;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolCaller;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ledger.ToolCallResolutions;
import io.reveille.tool.control.ledger.ToolLedger;
import io.reveille.wake.entity.WakeReason;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Runs a tool on behalf of an agent (interactive and admin use) through the same executor as the
 * agent's own runs. The body is {@code {operationId, arguments, previewOnly, wakeReason,
 * threadId}}; the answer is always the tool result document, with an HTTP status that mirrors its
 * {@code errorCode} (200 on success, 400 invalid arguments, 403 out of scope or not permitted, 404
 * not found, 409 conflict or reused operation id, 500 a handler failure). A malformed body is a 400
 * problem. A call that succeeds (neither a preview nor a replayed operation id) names the caller in
 * the agent's operator thread, in the transaction that records its result; the request's audit row
 * is written in that transaction too ({@link AuditedRequest}), so a call that commits in one
 * transaction takes no second one for its audit row. The class path is {@code agents} for the
 * reason given on the subscriptions resource.
 */
@Path("agents")
@RequestScoped
@Tag(name = "Tools")
public class AgentToolsResource {

  static final Set<String> FIELDS =
      Set.of("operationId", "arguments", "previewOnly", "wakeReason", "threadId");
  static final Set<WakeReason> API_WAKE_REASONS =
      Set.of(WakeReason.USER_INITIATED, WakeReason.MANUAL);

  @Inject ToolExecutor executor;
  @Inject ToolLedger ledger;
  @Inject ToolCallResolutions resolutions;
  @Inject AuditedRequest audited;
  @Context UriInfo uriInfo;
  @Context SecurityContext security;

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/tool-calls")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "A page of the agent's tool calls (the ledger), newest first: arguments, result with"
              + " the affected entities, or the error")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = ToolCallResponse.class)))
  public Response calls(@PathParam("id") String agentId, @BeanParam PageQuery page) {
    return PageQuery.ok(ledger.calls(agentId, page.window()), ToolCallResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/tool-calls/{idempotencyKey}/resolution")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Resolve a call in doubt (sent, no answer): applied → succeeded with the given receipt,"
              + " not applied → failed so that a retry sends it again; 409 unless it is in doubt (a call"
              + " still in flight is not)")
  public ToolCallResponse resolve(
      @PathParam("id") String agentId,
      @PathParam("idempotencyKey") String key,
      @NotNull(message = "request body is required") @Valid ToolCallResolutionRequest body) {
    var who = security.getUserPrincipal();
    var call =
        resolutions.resolve(
            agentId, key, body.toResolution(), who == null ? "unknown" : who.getName());
    return ToolCallResponse.of(call);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/tools/{toolName}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Run a tool on behalf of the agent; a replayed operationId returns the stored receipt."
              + " Operators may preview (previewOnly true); applying the effects needs admin")
  public Response run(
      @PathParam("id") String agentId, @PathParam("toolName") String toolName, JsonObject body) {
    var request = parse(agentId, toolName, body == null ? JsonValue.EMPTY_JSON_OBJECT : body);
    if (!request.previewOnly()) {
      var refused =
          Authorization.refusal(
              security, Role.ADMIN, "a tool call that applies its effects (previewOnly false)");
      if (refused.isPresent()) {
        return refused.get();
      }
    }
    var who = security.getUserPrincipal();
    var result =
        executor.execute(
            who == null
                ? request
                : request.by(
                    new ToolCaller(
                        who.getName(), recorded -> audited.recordWithin(status(recorded)))));
    return Response.status(status(result))
        .type(MediaType.APPLICATION_JSON)
        .entity(result.toJson())
        .build();
  }

  /** The status that answers {@code result}: 200, or the one its error code maps to. */
  static int status(ToolResult result) {
    return result.errorCode().map(code -> code.httpStatus()).orElse(200);
  }

  static ToolRequest parse(String agentId, String toolName, JsonObject body) {
    for (var field : body.keySet()) {
      if (!FIELDS.contains(field)) {
        throw new InvalidInputException(field, "unknown field; expected one of " + FIELDS);
      }
    }
    var operationId = text(body, "operationId", 200);
    var arguments = body.get("arguments");
    if (arguments != null && arguments.getValueType() != JsonValue.ValueType.OBJECT) {
      throw new InvalidInputException("arguments", "must be an object");
    }
    var preview = body.get("previewOnly");
    if (preview != null && preview != JsonValue.TRUE && preview != JsonValue.FALSE) {
      throw new InvalidInputException("previewOnly", "must be true or false");
    }
    var wakeReason =
        text(body, "wakeReason", 32)
            .map(
                wire ->
                    WireEnum.find(WakeReason.class, wire)
                        .filter(API_WAKE_REASONS::contains)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "wakeReason", "must be userInitiated or manual")))
            .orElse(WakeReason.USER_INITIATED);
    return new ToolRequest(
        agentId,
        toolName,
        operationId,
        arguments == null ? JsonValue.EMPTY_JSON_OBJECT : arguments.asJsonObject(),
        preview == JsonValue.TRUE,
        wakeReason,
        Optional.empty(),
        OptionalInt.empty(),
        text(body, "threadId", 200));
  }

  private static Optional<String> text(JsonObject body, String field, int maxLength) {
    var value = body.get(field);
    if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
      return Optional.empty();
    }
    if (!(value instanceof JsonString string) || string.getString().isBlank()) {
      throw new InvalidInputException(field, "must be a non-blank string");
    }
    if (string.getString().length() > maxLength) {
      throw new InvalidInputException(field, "must be at most " + maxLength + " characters");
    }
    return Optional.of(string.getString());
  }
}
