package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.ChecklistRequests.ChecklistPatch;
import io.reveille.journal.boundary.ChecklistRequests.MoveItemsRequest;
import io.reveille.journal.boundary.JournalResponses.ChecklistItemResponse;
import io.reveille.journal.boundary.JournalResponses.ChecklistResponse;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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

  @Inject ChecklistService checklists;

  @Context UriInfo uriInfo;

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One checklist")
  @APIResponse(
      responseCode = "200",
      description = "The checklist",
      content = @Content(schema = @Schema(implementation = ChecklistResponse.class)))
  public Response get(@PathParam("id") String id) {
    var checklist = checklists.checklist(id);
    return Response.ok(ChecklistResponse.of(checklist))
        .tag(ETags.of(checklist.getVersion()))
        .build();
  }

  @Allowed(Role.OPERATOR)
  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Rename a checklist (If-Match honoured)")
  @RequestBody(content = @Content(schema = @Schema(implementation = ChecklistPatch.class)))
  @APIResponse(
      responseCode = "200",
      description = "The renamed checklist",
      content = @Content(schema = @Schema(implementation = ChecklistResponse.class)))
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var checklist =
        checklists.renameChecklist(
            id,
            ETags.expectedVersion(ifMatch),
            ChecklistPatch.read(body).title(),
            ChangeOrigin.NONE);
    return Response.ok(ChecklistResponse.of(checklist))
        .tag(ETags.of(checklist.getVersion()))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/items")
  @Operation(summary = "A page of the checklist's items in order")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema =
                  @Schema(type = SchemaType.ARRAY, implementation = ChecklistItemResponse.class)))
  public Response items(@PathParam("id") String id, @BeanParam PageQuery page) {
    return PageQuery.ok(
        page.window().of(checklists.checklistItems(id)), ChecklistItemResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/items/move")
  @Operation(
      summary =
          "Move items to another checklist, possibly of another task; returns the moved items")
  @RequestBody(content = @Content(schema = @Schema(implementation = MoveItemsRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The moved items",
      content =
          @Content(
              schema =
                  @Schema(type = SchemaType.ARRAY, implementation = ChecklistItemResponse.class)))
  public List<ChecklistItemResponse> move(@PathParam("id") String id, JsonObject body) {
    var request = MoveItemsRequest.read(body);
    return checklists
        .moveChecklistItems(
            request.itemIds(),
            id,
            request.toChecklistId(),
            request.preserveCheckedState(),
            ChangeOrigin.NONE)
        .stream()
        .map(ChecklistItemResponse::of)
        .toList();
  }
}
