package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.JournalResponses.TimeEntryResponse;
import io.reveille.journal.boundary.TimeEntryRequests.TimeEntryPatch;
import io.reveille.journal.boundary.TimeEntryRequests.TimeEntryRequest;
import io.reveille.journal.boundary.TimeEntryRequests.TimerStartRequest;
import io.reveille.journal.boundary.TimeEntryRequests.TimerStopRequest;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.TimeEntryService;
import io.reveille.journal.control.TimeEntryService.TimeEntryFilter;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
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
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Time entries over HTTP, and task timers as {@code time-entries/timer/start|stop} ({@code tasks}
 * belongs to {@link TasksResource}; see the JAX-RS root path pitfall in docs/pitfalls.md).
 */
@Path("time-entries")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class TimeEntriesResource {

  @Inject TimeEntryService time;

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Record time on a task or category; without endedAt a running timer")
  @RequestBody(content = @Content(schema = @Schema(implementation = TimeEntryRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The entry",
      content = @Content(schema = @Schema(implementation = TimeEntryResponse.class)))
  public Response create(JsonObject body) {
    var entry = time.createTimeEntry(TimeEntryRequest.read(body).newTimeEntry(), ChangeOrigin.NONE);
    return created(uriInfo.getAbsolutePathBuilder().path(entry.getId()).build(), entry);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary = "A page of the time entries by start; from/to select those overlapping [from, to)")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = TimeEntryResponse.class)))
  public Response list(
      @QueryParam("taskId") @Size(max = 64) String taskId,
      @QueryParam("categoryId") @Size(max = 100) List<@Size(max = 64) String> categoryIds,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to,
      @BeanParam PageQuery page) {
    var filter =
        new TimeEntryFilter(
            Optional.ofNullable(taskId).filter(v -> !v.isBlank()),
            Optional.ofNullable(categoryIds)
                .filter(ids -> !ids.isEmpty())
                .map(ids -> Set.copyOf(ids)),
            JournalJson.instantParam("from", from),
            JournalJson.instantParam("to", to));
    return PageQuery.ok(time.timeEntries(filter, page.window()), TimeEntryResponse::of, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One time entry")
  @APIResponse(
      responseCode = "200",
      description = "The entry",
      content = @Content(schema = @Schema(implementation = TimeEntryResponse.class)))
  public Response get(@PathParam("id") String id) {
    return ok(time.timeEntry(id));
  }

  @Allowed(Role.OPERATOR)
  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(
      summary =
          "Change startedAt, endedAt (stops a running entry), description or sourceEntryId"
              + " (If-Match honoured)")
  @RequestBody(content = @Content(schema = @Schema(implementation = TimeEntryPatch.class)))
  @APIResponse(
      responseCode = "200",
      description = "The changed entry",
      content = @Content(schema = @Schema(implementation = TimeEntryResponse.class)))
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    return ok(
        time.updateTimeEntry(
            id,
            ETags.expectedVersion(ifMatch),
            TimeEntryPatch.read(body).changes(),
            ChangeOrigin.NONE));
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a time entry (If-Match honoured)")
  @APIResponse(responseCode = "204", description = "Deleted")
  public Response delete(
      @PathParam("id") String id, @HeaderParam(TasksResource.IF_MATCH) String ifMatch) {
    time.deleteTimeEntry(id, ETags.expectedVersion(ifMatch), ChangeOrigin.NONE);
    return Response.noContent().build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("timer/start")
  @Operation(summary = "Start a timer on a task; 409 if one runs")
  @RequestBody(content = @Content(schema = @Schema(implementation = TimerStartRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The running entry",
      content = @Content(schema = @Schema(implementation = TimeEntryResponse.class)))
  public Response startTimer(JsonObject body) {
    var request = TimerStartRequest.read(body);
    var entry =
        time.startTimer(
            request.taskId(), Optional.ofNullable(request.description()), ChangeOrigin.NONE);
    return created(
        uriInfo.getBaseUriBuilder().path("time-entries").path(entry.getId()).build(), entry);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("timer/stop")
  @Operation(summary = "Stop the task's running timer; 409 if none runs")
  @RequestBody(content = @Content(schema = @Schema(implementation = TimerStopRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The stopped entry",
      content = @Content(schema = @Schema(implementation = TimeEntryResponse.class)))
  public Response stopTimer(JsonObject body) {
    var request = TimerStopRequest.read(body);
    return ok(
        time.stopTimer(
            request.taskId(), Optional.ofNullable(request.endedAt()), ChangeOrigin.NONE));
  }

  private static Response created(URI location, TimeEntry entry) {
    return Response.created(location)
        .tag(ETags.of(entry.getVersion()))
        .entity(TimeEntryResponse.of(entry))
        .build();
  }

  private static Response ok(TimeEntry entry) {
    return Response.ok(TimeEntryResponse.of(entry)).tag(ETags.of(entry.getVersion())).build();
  }
}
