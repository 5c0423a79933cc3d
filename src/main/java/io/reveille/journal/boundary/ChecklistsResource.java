package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.ChecklistService;
import io.reveille.platform.error.InvalidInputException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A task's named checklists over HTTP, by checklist id (creating one and listing a task's are under
 * {@code /api/tasks/{id}/checklists}). One class for everything under {@code checklists}.
 */
@Path("checklists")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class ChecklistsResource {

  private static final Set<String> UPDATE_FIELDS = Set.of("title");
  private static final Set<String> MOVE_FIELDS =
      Set.of("itemIds", "toChecklistId", "preserveCheckedState");

  @Inject ChecklistService checklists;

  @GET
  @Path("{id}")
  @Operation(summary = "One checklist")
  public Response get(@PathParam("id") String id) {
    var checklist = checklists.checklist(id);
    return Response.ok(JournalJson.checklist(checklist))
        .tag(ETags.of(checklist.getVersion()))
        .build();
  }

  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Rename a checklist {title} (If-Match honoured)")
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, UPDATE_FIELDS);
    var title =
        JournalJson.string(json, "title")
            .orElseThrow(() -> new InvalidInputException("title", "is required"));
    var checklist = checklists.renameChecklist(id, ETags.expectedVersion(ifMatch), title);
    return Response.ok(JournalJson.checklist(checklist))
        .tag(ETags.of(checklist.getVersion()))
        .build();
  }

  @GET
  @Path("{id}/items")
  @Operation(summary = "The checklist's items in order")
  public List<JsonObject> items(@PathParam("id") String id) {
    return checklists.checklistItems(id).stream().map(JournalJson::checklistItem).toList();
  }

  @POST
  @Path("{id}/items/move")
  @Operation(
      summary =
          "Move items {itemIds, toChecklistId, preserveCheckedState (default true)} to another"
              + " checklist, possibly of another task; returns the moved items")
  public List<JsonObject> move(@PathParam("id") String id, JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, MOVE_FIELDS);
    var itemIds =
        JournalJson.strings(json, "itemIds")
            .orElseThrow(() -> new InvalidInputException("itemIds", "is required"));
    var to =
        JournalJson.string(json, "toChecklistId")
            .orElseThrow(() -> new InvalidInputException("toChecklistId", "is required"));
    var preserve = JournalJson.bool(json, "preserveCheckedState").orElse(true);
    return checklists.moveChecklistItems(itemIds, id, to, preserve).stream()
        .map(JournalJson::checklistItem)
        .toList();
  }
}
