package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.JournalService;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Journal categories over HTTP: {@code {"name"}} in, the category with id and version out. */
@Path("categories")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class CategoriesResource {

  @Inject JournalService journal;

  @Context UriInfo uriInfo;

  @POST
  @Operation(summary = "Create a category {name}")
  public Response create(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, Set.of("name"));
    var category = journal.createCategory(JournalJson.string(json, "name").orElse(null));
    return Response.created(uriInfo.getAbsolutePathBuilder().path(category.getId()).build())
        .tag(ETags.of(category.getVersion()))
        .entity(JournalJson.category(category))
        .build();
  }

  @GET
  @Operation(summary = "All categories by name")
  public List<JsonObject> list() {
    return journal.categories().stream().map(JournalJson::category).toList();
  }

  @GET
  @Path("{id}")
  @Operation(summary = "One category")
  public Response get(@PathParam("id") String id) {
    var category = journal.category(id);
    return Response.ok(JournalJson.category(category)).tag(ETags.of(category.getVersion())).build();
  }
}
