package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.control.LabelService.LabelChanges;
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
 * Labels over HTTP: {@code {"categoryId", "name", "color"}} in, the label with id and version out.
 * One class for everything under {@code labels} (see the pitfalls in docs/architecture.md); a
 * label's category never changes, so PATCH takes only name and color.
 */
@Path("labels")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class LabelsResource {

  private static final Set<String> CREATE_FIELDS = Set.of("categoryId", "name", "color");
  private static final Set<String> UPDATE_FIELDS = Set.of("name", "color");

  @Inject LabelService labels;

  @Context UriInfo uriInfo;

  @POST
  @Operation(summary = "Create a label {categoryId, name, color (#rrggbb, optional)}")
  public Response create(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, CREATE_FIELDS);
    var label =
        labels.createLabel(
            JournalJson.string(json, "categoryId").orElse(null),
            JournalJson.string(json, "name").orElse(null),
            JournalJson.string(json, "color"));
    return Response.created(uriInfo.getAbsolutePathBuilder().path(label.getId()).build())
        .tag(ETags.of(label.getVersion()))
        .entity(JournalJson.label(label))
        .build();
  }

  @GET
  @Operation(summary = "Labels by category and name, optionally of one category")
  public List<JsonObject> list(@QueryParam("categoryId") @Size(max = 64) String categoryId) {
    return labels.labels(Optional.ofNullable(categoryId).filter(v -> !v.isBlank())).stream()
        .map(JournalJson::label)
        .toList();
  }

  @GET
  @Path("{id}")
  @Operation(summary = "One label")
  public Response get(@PathParam("id") String id) {
    var label = labels.label(id);
    return Response.ok(JournalJson.label(label)).tag(ETags.of(label.getVersion())).build();
  }

  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Rename or recolour a label (If-Match honoured); null clears the colour")
  public Response update(
      @PathParam("id") String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, UPDATE_FIELDS);
    JournalJson.notNull(json, "name");
    var changes =
        new LabelChanges(
            JournalJson.string(json, "name"), JournalJson.clearableString(json, "color"));
    if (changes.isEmpty()) {
      throw new InvalidInputException("body", "nothing to change: give name or color");
    }
    var label = labels.updateLabel(id, ETags.expectedVersion(ifMatch), changes);
    return Response.ok(JournalJson.label(label)).tag(ETags.of(label.getVersion())).build();
  }

  @DELETE
  @Path("{id}")
  @Operation(summary = "Delete a label and take it off every task (If-Match honoured)")
  public Response delete(
      @PathParam("id") String id, @HeaderParam(TasksResource.IF_MATCH) String ifMatch) {
    labels.deleteLabel(id, ETags.expectedVersion(ifMatch));
    return Response.noContent().build();
  }
}
