package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.control.DayPlanService.PinMode;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
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
import java.util.ArrayList;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Day plans over HTTP, addressed by date ({@code 2026-02-17}). The plan's version is its ETag and
 * moves with every change to its blocks or pins.
 */
@Path("day-plans")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class DayPlansResource {

  private static final Set<String> BLOCK_FIELDS =
      Set.of("id", "categoryId", "startTime", "endTime", "taskId", "note");

  @Inject DayPlanService plans;

  @GET
  @Path("{date}")
  @Operation(summary = "The day's plan with its blocks and pinned tasks")
  public Response get(@PathParam("date") String date) {
    var day = PlanningJson.date("date", date);
    var view = plans.dayPlan(day).orElseThrow(() -> new NotFoundException("day plan", date));
    return Response.ok(PlanningJson.dayPlan(view)).tag(ETags.of(view.plan().getVersion())).build();
  }

  @PUT
  @Path("{date}")
  @Operation(summary = "The day's plan, created if missing (201 then)")
  public Response getOrCreate(@PathParam("date") String date) {
    var result = plans.getOrCreateDayPlan(PlanningJson.date("date", date));
    return Response.status(result.created() ? 201 : 200)
        .tag(ETags.of(result.view().plan().getVersion()))
        .entity(PlanningJson.dayPlan(result.view()))
        .build();
  }

  @POST
  @Path("{date}/blocks")
  @Operation(
      summary =
          "Create, change and delete blocks in one step {upserts:[{id, categoryId, startTime,"
              + " endTime, taskId, note}], deletes:[blockId]}; overlaps are refused (409)")
  public Response upsertBlocks(@PathParam("date") String date, JsonObject body) {
    var day = PlanningJson.date("date", date);
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, Set.of("upserts", "deletes"));
    var upserts = new ArrayList<BlockUpsert>();
    var objects = PlanningJson.objects(json, "upserts");
    for (int i = 0; i < objects.size(); i++) {
      upserts.add(blockUpsert(objects.get(i), "upserts[" + i + "]"));
    }
    var deletes = PlanningJson.strings(json, "deletes");
    if (upserts.isEmpty() && deletes.isEmpty()) {
      throw new InvalidInputException("body", "nothing to change: give upserts or deletes");
    }
    var changes = plans.upsertBlocks(day, upserts, deletes);
    return Response.ok(PlanningJson.blockChanges(changes))
        .tag(ETags.of(changes.view().plan().getVersion()))
        .build();
  }

  @DELETE
  @Path("{date}/blocks/{blockId}")
  @Operation(summary = "Delete one block of the day's plan")
  public Response deleteBlock(
      @PathParam("date") String date, @PathParam("blockId") String blockId) {
    plans.deleteBlock(PlanningJson.date("date", date), blockId);
    return Response.noContent().build();
  }

  @GET
  @Path("{date}/blocks/{blockId}")
  @Operation(summary = "One block of the day's plan")
  public Response block(@PathParam("date") String date, @PathParam("blockId") String blockId) {
    var block = plans.block(PlanningJson.date("date", date), blockId);
    return Response.ok(PlanningJson.block(block)).tag(ETags.of(block.getVersion())).build();
  }

  @PUT
  @Path("{date}/pins")
  @Operation(summary = "Pin tasks to the day {taskIds, mode: add|replace|remove}")
  public Response pins(@PathParam("date") String date, JsonObject body) {
    var day = PlanningJson.date("date", date);
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, Set.of("taskIds", "mode"));
    if (!json.containsKey("taskIds")) {
      throw new InvalidInputException("taskIds", "is required");
    }
    var mode =
        JournalJson.string(json, "mode")
            .map(
                value -> {
                  try {
                    return PinMode.valueOf(value.toUpperCase(Locale.ROOT));
                  } catch (IllegalArgumentException e) {
                    throw new InvalidInputException(
                        "mode", "must be add, replace or remove, got '" + value + "'");
                  }
                })
            .orElse(PinMode.REPLACE);
    var view = plans.pinTasks(day, PlanningJson.strings(json, "taskIds"), mode);
    return Response.ok(PlanningJson.dayPlan(view)).tag(ETags.of(view.plan().getVersion())).build();
  }

  private static BlockUpsert blockUpsert(JsonObject json, String path) {
    for (var name : json.keySet()) {
      if (!BLOCK_FIELDS.contains(name)) {
        throw new InvalidInputException(
            path + "." + name, "unknown field; known fields are " + BLOCK_FIELDS);
      }
    }
    return new BlockUpsert(
        field(() -> JournalJson.string(json, "id"), path),
        field(() -> JournalJson.string(json, "categoryId"), path)
            .orElseThrow(() -> new InvalidInputException(path + ".categoryId", "is required")),
        field(() -> PlanningJson.instant(json, "startTime"), path)
            .orElseThrow(() -> new InvalidInputException(path + ".startTime", "is required")),
        field(() -> PlanningJson.instant(json, "endTime"), path)
            .orElseThrow(() -> new InvalidInputException(path + ".endTime", "is required")),
        field(() -> JournalJson.string(json, "taskId"), path),
        field(() -> JournalJson.string(json, "note"), path));
  }

  /** Reads one field of an element, reporting an error under its full path. */
  private static <T> T field(java.util.function.Supplier<T> read, String path) {
    try {
      return read.get();
    } catch (InvalidInputException e) {
      throw new InvalidInputException(path + "." + e.getField(), e.getMessage());
    }
  }
}
