package io.reveille.schedule.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.schedule.control.AgentTimerService;
import io.reveille.schedule.entity.AgentTimer;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's timers over HTTP: translate JSON to calls of {@link AgentTimerService} and back, each
 * with the timer's version as ETag. The class path is {@code agents} for the reason given on the
 * subscriptions resource.
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Timers")
public class TimersResource {

  @Inject AgentTimerService timers;

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/timers")
  @Operation(
      summary =
          "Give the agent a timer: daily, weekly, interval or calendar schedule, with optional"
              + " bounds")
  public Response create(@PathParam("id") String agentId, JsonObject body) {
    var timer = timers.create(agentId, body);
    var location = uriInfo.getAbsolutePathBuilder().path(timer.getId()).build();
    return Response.created(location)
        .tag(ETags.of(timer.getVersion()))
        .entity(TimerResponse.of(timer))
        .build();
  }

  /** A timer document's next firings, computed without saving it. */
  public record TimerPreview(
      JsonObject schedule, Instant notBefore, Instant notAfter, List<Instant> firings) {}

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/timers/preview")
  @Operation(
      summary =
          "The next firings of a timer document (as creating or replacing a timer takes it), from"
              + " now, without saving anything")
  @APIResponse(
      responseCode = "200",
      description = "The schedule as it would be stored and its next firings",
      content = @Content(schema = @Schema(implementation = TimerPreview.class)))
  @APIResponse(responseCode = "400", description = "A timer document creating would refuse")
  @APIResponse(responseCode = "404", description = "No such agent")
  public TimerPreview preview(
      @PathParam("id") String agentId,
      @QueryParam("count") @DefaultValue("5") @Min(1) @Max(AgentTimerService.MAX_PREVIEW) int count,
      JsonObject body) {
    var preview = timers.preview(agentId, body, count);
    var definition = preview.definition();
    return new TimerPreview(
        definition.schedule().toJson(),
        definition.notBefore().orElse(null),
        definition.notAfter().orElse(null),
        preview.firings());
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/timers")
  @Operation(summary = "The agent's timers, oldest first")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = TimerResponse.class)))
  public Response list(@PathParam("id") String agentId, @BeanParam PageQuery page) {
    return PageQuery.ok(page.window().of(timers.list(agentId)), TimerResponse::of, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/timers/{tid}")
  @Operation(summary = "One of the agent's timers")
  public Response get(@PathParam("id") String agentId, @PathParam("tid") String timerId) {
    var timer = timers.get(agentId, timerId);
    return Response.ok(TimerResponse.of(timer)).tag(ETags.of(timer.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @PUT
  @Path("{id}/timers/{tid}")
  @Operation(
      summary =
          "Replace a timer's schedule, bounds and active flag; the next firing is recomputed"
              + " (If-Match honoured)")
  public Response update(
      @PathParam("id") String agentId,
      @PathParam("tid") String timerId,
      @HeaderParam("If-Match") String ifMatch,
      JsonObject body) {
    var timer = timers.update(agentId, timerId, ETags.expectedVersion(ifMatch), body);
    return Response.ok(TimerResponse.of(timer)).tag(ETags.of(timer.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}/timers/{tid}")
  @Operation(summary = "Delete a timer; it never fires again (If-Match honoured)")
  public Response delete(
      @PathParam("id") String agentId,
      @PathParam("tid") String timerId,
      @HeaderParam("If-Match") String ifMatch) {
    timers.delete(agentId, timerId, ETags.expectedVersion(ifMatch));
    return Response.noContent().build();
  }

  /** One timer as the API shows it. */
  public record TimerResponse(
      String id,
      long version,
      String agentId,
      JsonObject schedule,
      Instant notBefore,
      Instant notAfter,
      boolean active,
      Instant nextFireAt,
      Instant lastFiredAt,
      Instant createdAt,
      Instant updatedAt) {

    static TimerResponse of(AgentTimer timer) {
      return new TimerResponse(
          timer.getId(),
          timer.getVersion(),
          timer.getAgentId(),
          timer.getSchedule(),
          timer.getNotBefore(),
          timer.getNotAfter(),
          timer.isActive(),
          timer.getNextRunAt(),
          timer.getLastFiredAt(),
          timer.getCreatedAt(),
          timer.getUpdatedAt());
    }
  }
}
