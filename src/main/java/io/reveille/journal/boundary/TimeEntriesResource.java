package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.TimeEntryService;
import io.reveille.journal.control.TimeEntryService.NewTimeEntry;
import io.reveille.journal.control.TimeEntryService.TimeEntryChanges;
import io.reveille.journal.control.TimeEntryService.TimeEntryFilter;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.platform.error.InvalidInputException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.Size;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Time entries over HTTP, and task timers as {@code time-entries/timer/start|stop} ({@code tasks}
 * belongs to {@link TasksResource}; see the JAX-RS root path pitfall in docs/architecture.md).
 */
@Path("time-entries")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class TimeEntriesResource {

  private static final Set<String> CREATE_FIELDS =
      Set.of("taskId", "categoryId", "startedAt", "endedAt", "description", "sourceEntryId");
  private static final Set<String> UPDATE_FIELDS =
      Set.of("startedAt", "endedAt", "description", "sourceEntryId");

  @Inject TimeEntryService time;

  @Context UriInfo uriInfo;

  @POST
  @Operation(
      summary =
          "Record time {taskId | categoryId, startedAt, endedAt, description, sourceEntryId};"
              + " without endedAt the entry is a running timer")
  public Response create(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, CREATE_FIELDS);
    var entry =
        time.createTimeEntry(
            new NewTimeEntry(
                JournalJson.string(json, "taskId"),
                JournalJson.string(json, "categoryId"),
                PlanningJson.instant(json, "startedAt")
                    .orElseThrow(() -> new InvalidInputException("startedAt", "is required")),
                PlanningJson.instant(json, "endedAt"),
                JournalJson.string(json, "description"),
                JournalJson.string(json, "sourceEntryId")));
    return created(entry);
  }

  @GET
  @Operation(summary = "Time entries by start; from/to select those overlapping [from, to)")
  public List<JsonObject> list(
      @QueryParam("taskId") @Size(max = 64) String taskId,
      @QueryParam("categoryId") List<String> categoryIds,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to) {
    var filter =
        new TimeEntryFilter(
            Optional.ofNullable(taskId).filter(v -> !v.isBlank()),
            Optional.ofNullable(categoryIds)
                .filter(ids -> !ids.isEmpty())
                .map(ids -> Set.copyOf(ids)),
            PlanningJson.instantParam("from", from),
            PlanningJson.instantParam("to", to));
    return time.timeEntries(filter).stream().map(PlanningJson::timeEntry).toList();
  }

  @GET
  @Path("{id}")
  @Operation(summary = "One time entry")
  public Response get(@PathParam("id") String id) {
    return ok(time.timeEntry(id));
  }

  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(
      summary =
          "Change startedAt, endedAt (stops a running entry), description or sourceEntryId"
              + " (If-Match honoured)")
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, UPDATE_FIELDS);
    for (var field : List.of("startedAt", "endedAt")) {
      if (json.containsKey(field) && json.isNull(field)) {
        throw new InvalidInputException(field, "cannot be cleared");
      }
    }
    var changes =
        new TimeEntryChanges(
            PlanningJson.instant(json, "startedAt"),
            PlanningJson.instant(json, "endedAt"),
            JournalJson.clearableString(json, "description"),
            JournalJson.clearableString(json, "sourceEntryId"));
    if (changes.isEmpty()) {
      throw new InvalidInputException("body", "nothing to change: give one of " + UPDATE_FIELDS);
    }
    return ok(time.updateTimeEntry(id, ETags.expectedVersion(ifMatch), changes));
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a time entry (If-Match honoured)")
  public Response delete(
      @PathParam("id") String id, @HeaderParam(TasksResource.IF_MATCH) String ifMatch) {
    time.deleteTimeEntry(id, ETags.expectedVersion(ifMatch));
    return Response.noContent().build();
  }

  @POST
  @Path("timer/start")
  @Operation(summary = "Start a timer on a task {taskId, description}; 409 if one runs")
  public Response startTimer(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, Set.of("taskId", "description"));
    var entry = time.startTimer(requiredTaskId(json), JournalJson.string(json, "description"));
    return Response.created(
            uriInfo.getBaseUriBuilder().path("time-entries").path(entry.getId()).build())
        .tag(ETags.of(entry.getVersion()))
        .entity(PlanningJson.timeEntry(entry))
        .build();
  }

  @POST
  @Path("timer/stop")
  @Operation(summary = "Stop the task's running timer {taskId, endedAt}; 409 if none runs")
  public Response stopTimer(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, Set.of("taskId", "endedAt"));
    return ok(time.stopTimer(requiredTaskId(json), PlanningJson.instant(json, "endedAt")));
  }

  private static String requiredTaskId(JsonObject json) {
    return JournalJson.string(json, "taskId")
        .orElseThrow(() -> new InvalidInputException("taskId", "is required"));
  }

  private Response created(TimeEntry entry) {
    return Response.created(uriInfo.getAbsolutePathBuilder().path(entry.getId()).build())
        .tag(ETags.of(entry.getVersion()))
        .entity(PlanningJson.timeEntry(entry))
        .build();
  }

  private static Response ok(TimeEntry entry) {
    return Response.ok(PlanningJson.timeEntry(entry)).tag(ETags.of(entry.getVersion())).build();
  }
}
