package io.reveille.agent.boundary;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.AgentChanges;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.control.RunCounts;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Agents over HTTP: translate JSON to commands for {@link AgentService} and its results back. Every
 * response carries the agent's version as a strong ETag; every change honours {@code If-Match}.
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Agents")
public class AgentsResource {

  static final String IF_MATCH = "If-Match";

  @Inject RunCounts runs;
  @Inject AgentService agents;

  @Context UriInfo uriInfo;
  @Context SecurityContext security;

  @Allowed(Role.ADMIN)
  @POST
  @Operation(summary = "Create an agent (active unless lifecycle \"created\" is asked for)")
  public Response create(@NotNull(message = "request body is required") @Valid AgentRequest body) {
    var kind =
        WireEnum.find(AgentKind.class, body.kind)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "kind",
                        "unknown agent kind '"
                            + body.kind
                            + "'; known kinds: "
                            + WireEnum.names(AgentKind.class)));
    var mode =
        body.mode == null
            ? AgentMode.AUTONOMOUS
            : WireEnum.find(AgentMode.class, body.mode).orElseThrow();
    var lifecycle =
        "created".equals(body.lifecycle) ? AgentLifecycle.CREATED : AgentLifecycle.ACTIVE;
    var created =
        agents.create(
            new NewAgent(
                kind,
                body.displayName.strip(),
                mode,
                lifecycle,
                categories(body.allowedCategoryIds),
                config(body.config),
                slots(body.slots)));
    var location = uriInfo.getAbsolutePathBuilder().path(created.agent().getId()).build();
    return Response.created(location)
        .tag(ETags.of(created.agent().getVersion()))
        .entity(AgentResponse.of(created, runs))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary =
          "A page of the agents with their wake activity, newest first, optionally by lifecycle,"
              + " kind and a part of the display name (ignoring case)")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = AgentResponse.class)))
  public Response list(
      @QueryParam("lifecycle") @Size(max = 32) String lifecycle,
      @QueryParam("kind") @Size(max = 64) String kind,
      @QueryParam("name") @Size(max = 200) String name,
      @BeanParam PageQuery page) {
    var lifecycleFilter =
        Optional.ofNullable(lifecycle)
            .filter(v -> !v.isBlank())
            .map(
                v ->
                    WireEnum.find(AgentLifecycle.class, v)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "lifecycle",
                                    "unknown lifecycle '"
                                        + v
                                        + "'; one of created, active, dormant, destroyed")));
    var kindFilter =
        Optional.ofNullable(kind)
            .filter(v -> !v.isBlank())
            .map(
                v ->
                    WireEnum.find(AgentKind.class, v)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "kind",
                                    "unknown agent kind '"
                                        + v
                                        + "'; known kinds: "
                                        + WireEnum.names(AgentKind.class))));
    var found =
        agents.list(
            lifecycleFilter,
            kindFilter,
            Optional.ofNullable(name).map(String::strip).filter(v -> !v.isEmpty()),
            page.window());
    var ids = found.items().stream().map(Agent::getId).toList();
    var states = agents.states(ids);
    var counts = runs.runCounts(ids);
    return PageQuery.ok(
        found,
        agent ->
            AgentResponse.of(
                agent,
                null,
                states.get(agent.getId()),
                counts.getOrDefault(agent.getId(), RunCounts.Tally.NONE)),
        uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One agent with its slots")
  public Response get(@PathParam("id") String id) {
    var view = agents.view(id);
    return Response.ok(AgentResponse.of(view, runs))
        .tag(ETags.of(view.agent().getVersion()))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/state")
  @Operation(
      summary =
          "The agent's durable state: slots, wake schedule, memory pointers, and its run now"
              + " (runStatus, activeRunId)")
  public Response state(@PathParam("id") String id) {
    var state = agents.state(id);
    return Response.ok(AgentStateResponse.of(state, runs.activeRun(id)))
        .tag(ETags.of(state.getVersion()))
        .build();
  }

  @Allowed(Role.ADMIN)
  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(
      summary = "Change displayName, allowedCategoryIds, config or slots (If-Match honoured)")
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(IF_MATCH) String ifMatch,
      @NotNull(message = "request body is required") @Valid AgentPatch body) {
    var changes =
        new AgentChanges(
            Optional.ofNullable(body.displayName).map(String::strip),
            Optional.ofNullable(body.allowedCategoryIds).map(AgentsResource::categories),
            Optional.ofNullable(body.config).map(AgentsResource::config),
            Optional.ofNullable(body.slots).map(AgentsResource::slots));
    if (changes.displayName().isEmpty()
        && changes.allowedCategoryIds().isEmpty()
        && changes.config().isEmpty()
        && changes.slots().isEmpty()) {
      throw new InvalidInputException(
          "body", "nothing to change: give displayName, allowedCategoryIds, config or slots");
    }
    var view = agents.update(id, ETags.expectedVersion(ifMatch), changes);
    return Response.ok(AgentResponse.of(view, runs))
        .tag(ETags.of(view.agent().getVersion()))
        .build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/pause")
  @Operation(summary = "active → dormant")
  public Response pause(@PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch) {
    return transitioned(agents.pause(id, ETags.expectedVersion(ifMatch), actor()));
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/resume")
  @Operation(summary = "dormant → active")
  public Response resume(@PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch) {
    return transitioned(agents.resume(id, ETags.expectedVersion(ifMatch), actor()));
  }

  @Allowed(Role.ADMIN)
  @POST
  @Path("{id}/destroy")
  @Operation(summary = "→ destroyed; the agent stays as a tombstone until deleted")
  public Response destroy(@PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch) {
    return transitioned(agents.destroy(id, ETags.expectedVersion(ifMatch), actor()));
  }

  @Allowed(Role.ADMIN)
  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a destroyed agent and all it owns")
  public Response delete(@PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch) {
    agents.delete(id, ETags.expectedVersion(ifMatch));
    return Response.noContent().build();
  }

  /** The principal asking, named in the agent's message log next to the move it asked for. */
  private Optional<String> actor() {
    return Optional.ofNullable(security.getUserPrincipal()).map(java.security.Principal::getName);
  }

  private Response transitioned(Agent agent) {
    var view = agents.view(agent.getId());
    return Response.ok(AgentResponse.of(view, runs)).tag(ETags.of(agent.getVersion())).build();
  }

  private static Set<String> categories(List<String> ids) {
    if (ids == null) {
      return Set.of();
    }
    var unique = new HashSet<String>();
    for (var id : ids) {
      if (!unique.add(id.strip())) {
        throw new InvalidInputException("allowedCategoryIds", "duplicate category id '" + id + "'");
      }
    }
    return Set.copyOf(unique);
  }

  private static AgentConfig config(JsonObject json) {
    return json == null ? AgentConfig.empty() : AgentConfig.fromUserJson(json, "config");
  }

  private static AgentSlots slots(JsonObject json) {
    return json == null ? AgentSlots.empty() : AgentSlots.fromUserJson(json, "slots");
  }
}
