package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.JournalRequests.LabelPatch;
import io.reveille.journal.boundary.JournalRequests.LabelRequest;
import io.reveille.journal.boundary.JournalResponses.LabelResponse;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.LabelService;
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
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Labels over HTTP: {@code {"categoryId", "name", "color"}} in, the label with id and version out.
 * One class for everything under {@code labels} (see docs/pitfalls.md); a label's category never
 * changes, so PATCH takes only name and color.
 */
@Path("labels")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class LabelsResource {

  @Inject LabelService labels;

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Create a label of a category")
  @RequestBody(content = @Content(schema = @Schema(implementation = LabelRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The label",
      content = @Content(schema = @Schema(implementation = LabelResponse.class)))
  public Response create(JsonObject body) {
    var request = LabelRequest.read(body);
    var label =
        labels.createLabel(
            request.categoryId(),
            request.name(),
            Optional.ofNullable(request.color()),
            ChangeOrigin.NONE);
    return Response.created(uriInfo.getAbsolutePathBuilder().path(label.getId()).build())
        .tag(ETags.of(label.getVersion()))
        .entity(LabelResponse.of(label))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "A page of the labels by category and name, optionally of one category")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = LabelResponse.class)))
  public Response list(
      @QueryParam("categoryId") @Size(max = 64) String categoryId, @BeanParam PageQuery page) {
    return PageQuery.ok(
        labels.labels(Optional.ofNullable(categoryId).filter(v -> !v.isBlank()), page.window()),
        LabelResponse::of,
        uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One label")
  @APIResponse(
      responseCode = "200",
      description = "The label",
      content = @Content(schema = @Schema(implementation = LabelResponse.class)))
  public Response get(@PathParam("id") String id) {
    var label = labels.label(id);
    return Response.ok(LabelResponse.of(label)).tag(ETags.of(label.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Rename or recolour a label (If-Match honoured); null clears the colour")
  @RequestBody(content = @Content(schema = @Schema(implementation = LabelPatch.class)))
  @APIResponse(
      responseCode = "200",
      description = "The changed label",
      content = @Content(schema = @Schema(implementation = LabelResponse.class)))
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var label =
        labels.updateLabel(
            id, ETags.expectedVersion(ifMatch), LabelPatch.read(body).changes(), ChangeOrigin.NONE);
    return Response.ok(LabelResponse.of(label)).tag(ETags.of(label.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a label and take it off every task (If-Match honoured)")
  @APIResponse(responseCode = "204", description = "Deleted")
  public Response delete(
      @PathParam("id") String id, @HeaderParam(TasksResource.IF_MATCH) String ifMatch) {
    labels.deleteLabel(id, ETags.expectedVersion(ifMatch), ChangeOrigin.NONE);
    return Response.noContent().build();
  }
}
