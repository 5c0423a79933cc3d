package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.JournalRequests.CategoryRequest;
import io.reveille.journal.boundary.JournalResponses.CategoryResponse;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalService;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.BeanParam;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Create a category")
  @RequestBody(content = @Content(schema = @Schema(implementation = CategoryRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The category",
      content = @Content(schema = @Schema(implementation = CategoryResponse.class)))
  public Response create(JsonObject body) {
    var category = journal.createCategory(CategoryRequest.read(body).name(), ChangeOrigin.NONE);
    return Response.created(uriInfo.getAbsolutePathBuilder().path(category.getId()).build())
        .tag(ETags.of(category.getVersion()))
        .entity(CategoryResponse.of(category))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "A page of the categories by name")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = CategoryResponse.class)))
  public Response list(@BeanParam PageQuery page) {
    return PageQuery.ok(journal.categories(page.window()), CategoryResponse::of, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One category")
  @APIResponse(
      responseCode = "200",
      description = "The category",
      content = @Content(schema = @Schema(implementation = CategoryResponse.class)))
  public Response get(@PathParam("id") String id) {
    var category = journal.category(id);
    return Response.ok(CategoryResponse.of(category)).tag(ETags.of(category.getVersion())).build();
  }
}
