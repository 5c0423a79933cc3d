package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.boundary.DayPlanRequests.BlocksRequest;
import io.reveille.journal.boundary.DayPlanRequests.PinsRequest;
import io.reveille.journal.boundary.JournalResponses.BlockChangesResponse;
import io.reveille.journal.boundary.JournalResponses.BlockResponse;
import io.reveille.journal.boundary.JournalResponses.DayPlanResponse;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.DayPlanService;
import io.reveille.platform.error.NotFoundException;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Day plans over HTTP, addressed by date ({@code 2026-02-17}). The plan's version is its ETag and
 * moves with every change to its blocks or pins. A plan holds at most 200 blocks and 200 pins, so
 * it is always returned whole.
 */
@Path("day-plans")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class DayPlansResource {

  @Inject DayPlanService plans;

  @Allowed(Role.VIEWER)
  @GET
  @Path("{date}")
  @Operation(summary = "The day's plan with its blocks and pinned tasks")
  @APIResponse(
      responseCode = "200",
      description = "The plan",
      content = @Content(schema = @Schema(implementation = DayPlanResponse.class)))
  public Response get(@PathParam("date") String date) {
    var day = JournalJson.date("date", date);
    var view = plans.dayPlan(day).orElseThrow(() -> new NotFoundException("day plan", date));
    return Response.ok(DayPlanResponse.of(view)).tag(ETags.of(view.plan().getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @PUT
  @Path("{date}")
  @Operation(summary = "The day's plan, created if missing (201 then)")
  @APIResponse(
      responseCode = "200",
      description = "The plan, which existed",
      content = @Content(schema = @Schema(implementation = DayPlanResponse.class)))
  @APIResponse(
      responseCode = "201",
      description = "The plan, created by this request",
      content = @Content(schema = @Schema(implementation = DayPlanResponse.class)))
  public Response getOrCreate(@PathParam("date") String date) {
    var result = plans.getOrCreateDayPlan(JournalJson.date("date", date), ChangeOrigin.NONE);
    return Response.status(result.created() ? 201 : 200)
        .tag(ETags.of(result.view().plan().getVersion()))
        .entity(DayPlanResponse.of(result.view()))
        .build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{date}/blocks")
  @Operation(
      summary =
          "Create, change and delete blocks in one step; overlaps are refused (409); the plan is"
              + " created when missing")
  @RequestBody(content = @Content(schema = @Schema(implementation = BlocksRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The plan after the change, with the ids created, updated and deleted",
      content = @Content(schema = @Schema(implementation = BlockChangesResponse.class)))
  public Response upsertBlocks(@PathParam("date") String date, JsonObject body) {
    var day = JournalJson.date("date", date);
    var request = BlocksRequest.read(body);
    var changes =
        plans.upsertBlocks(day, request.blockUpserts(), request.deletes(), ChangeOrigin.NONE);
    return Response.ok(BlockChangesResponse.of(changes))
        .tag(ETags.of(changes.view().plan().getVersion()))
        .build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{date}/blocks/{blockId}")
  @Operation(summary = "Delete one block of the day's plan")
  @APIResponse(responseCode = "204", description = "Deleted")
  public Response deleteBlock(
      @PathParam("date") String date, @PathParam("blockId") String blockId) {
    plans.deleteBlock(JournalJson.date("date", date), blockId, ChangeOrigin.NONE);
    return Response.noContent().build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{date}/blocks/{blockId}")
  @Operation(summary = "One block of the day's plan")
  @APIResponse(
      responseCode = "200",
      description = "The block",
      content = @Content(schema = @Schema(implementation = BlockResponse.class)))
  public Response block(@PathParam("date") String date, @PathParam("blockId") String blockId) {
    var block = plans.block(JournalJson.date("date", date), blockId);
    return Response.ok(BlockResponse.of(block)).tag(ETags.of(block.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @PUT
  @Path("{date}/pins")
  @Operation(summary = "Pin tasks to the day: add, replace or remove")
  @RequestBody(content = @Content(schema = @Schema(implementation = PinsRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The plan with its pins",
      content = @Content(schema = @Schema(implementation = DayPlanResponse.class)))
  public Response pins(@PathParam("date") String date, JsonObject body) {
    var day = JournalJson.date("date", date);
    var request = PinsRequest.read(body);
    var view = plans.pinTasks(day, request.taskIds(), request.pinMode(), ChangeOrigin.NONE);
    return Response.ok(DayPlanResponse.of(view)).tag(ETags.of(view.plan().getVersion())).build();
  }
}
