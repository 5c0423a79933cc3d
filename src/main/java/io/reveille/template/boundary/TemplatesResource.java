package io.reveille.template.boundary;

import io.reveille.agent.boundary.AgentResponse;
import io.reveille.agent.control.RunCounts;
import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Role;
import io.reveille.template.control.TemplateAgents;
import io.reveille.template.control.TemplateCatalog;
import io.reveille.template.control.TemplateDocument;
import io.reveille.template.entity.AgentTemplate;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
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
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Agent templates over HTTP: the templates (each at its latest version), one template with its
 * versions, one version, and creating an agent from a template's latest version. Translates and
 * delegates to {@link TemplateCatalog} and {@link TemplateAgents}.
 */
@Path("templates")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Templates")
public class TemplatesResource {

  private static final String ID = "[a-z][A-Za-z0-9]{1,39}";

  @Inject TemplateCatalog catalog;
  @Inject TemplateAgents agents;
  @Inject RunCounts runs;
  @Context SecurityContext security;
  @Context UriInfo uriInfo;

  /** A template at one version: what it makes and the schema of its creation parameters. */
  public record TemplateResponse(
      String id,
      int version,
      String displayName,
      String description,
      String kind,
      boolean operatorCreatable,
      JsonObject parameters,
      JsonObject document,
      List<Integer> versions,
      String source,
      String authoredBy) {

    static TemplateResponse of(TemplateDocument template, List<Integer> versions) {
      return of(template, versions, null);
    }

    static TemplateResponse of(
        TemplateDocument template, List<Integer> versions, AgentTemplate stored) {
      return new TemplateResponse(
          template.id(),
          template.version(),
          template.displayName(),
          template.description(),
          template.kind(),
          template.operatorCreatable(),
          template.parameters(),
          template.json(),
          versions,
          stored == null ? null : stored.getSource(),
          stored == null ? null : stored.getAuthoredBy().orElse(null));
    }
  }

  /** The body of moving an agent to another version of its template. */
  public record UpgradeRequest(
      @NotNull(message = "is required")
          @Size(min = 1, max = 64, message = "must be 1 to 64 characters")
          String agentId,
      @Min(value = 1, message = "must be at least 1")
          @Max(value = 100000, message = "must be at most 100000")
          Integer version) {}

  /** The body of creating an agent from a template. */
  public record CreateRequest(
      JsonObject parameters,
      @Size(min = 1, max = 200, message = "must be 1 to 200 characters") String displayName) {}

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "A page of the agent templates by id, each at its latest version")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = TemplateResponse.class)))
  public Response list(@BeanParam PageQuery page) {
    return PageQuery.ok(
        page.window().of(catalog.latest()), t -> TemplateResponse.of(t, null), uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "A template at its latest version, with the versions stored")
  @APIResponse(responseCode = "404", description = "No such template")
  public TemplateResponse get(@PathParam("id") @Pattern(regexp = ID) String id) {
    var versions = catalog.versions(id);
    var latest = versions.get(versions.size() - 1);
    return TemplateResponse.of(
        latest,
        versions.stream().map(TemplateDocument::version).toList(),
        catalog.stored(id, latest.version()));
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/versions/{version}")
  @Operation(summary = "One version of a template")
  @APIResponse(responseCode = "404", description = "No such template or version")
  public TemplateResponse version(
      @PathParam("id") @Pattern(regexp = ID) String id,
      @PathParam("version") @Min(1) @Max(100000) int version) {
    return TemplateResponse.of(catalog.version(id, version), null, catalog.stored(id, version));
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/agents")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Create an agent from the template's latest version with the given parameters (checked"
              + " against its parameters' schema); operators may for templates marked"
              + " operatorCreatable, admins for any")
  @APIResponse(responseCode = "201", description = "The agent, made from the template")
  @APIResponse(responseCode = "400", description = "Parameters outside the template's schema")
  @APIResponse(responseCode = "403", description = "The template is not operator-creatable")
  @APIResponse(responseCode = "404", description = "No such template")
  public Response create(
      @PathParam("id") @Pattern(regexp = ID) String id,
      @NotNull(message = "request body is required") @Valid CreateRequest body) {
    var template = catalog.latest(id);
    var refusal =
        Authorization.refusal(
            security,
            template.operatorCreatable() ? Role.OPERATOR : Role.ADMIN,
            "creating an agent from template " + id);
    if (refusal.isPresent()) {
      return refusal.get();
    }
    var created =
        agents.create(
            id,
            body.parameters() == null ? JsonValue.EMPTY_JSON_OBJECT : body.parameters(),
            Optional.ofNullable(body.displayName()).map(String::strip));
    var location = uriInfo.getBaseUriBuilder().path("agents").path(created.agent().getId()).build();
    return Response.created(location)
        .tag(ETags.of(created.agent().getVersion()))
        .entity(AgentResponse.of(created, runs))
        .build();
  }

  @Allowed(Role.ADMIN)
  @POST
  @Path("{id}/upgrades")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Move an agent made from the template to another of its versions (the latest when none"
              + " is named): the version, made of the parameters the agent was made with, gives"
              + " it its config and categories; subscriptions, timers, memory and report stay")
  @APIResponse(responseCode = "200", description = "The agent at the version")
  @APIResponse(
      responseCode = "400",
      description = "The agent's parameters do not fit the version, or a bad body")
  @APIResponse(responseCode = "404", description = "No such template, version or agent")
  @APIResponse(
      responseCode = "409",
      description = "The agent was not made from the template, or the version is of another kind")
  public Response upgrade(
      @PathParam("id") @Pattern(regexp = ID) String id,
      @NotNull(message = "request body is required") @Valid UpgradeRequest body) {
    var upgraded =
        agents.upgrade(
            id,
            body.agentId().strip(),
            Optional.ofNullable(body.version()),
            java.util.OptionalLong.empty());
    return Response.ok(AgentResponse.of(upgraded, runs))
        .tag(ETags.of(upgraded.agent().getVersion()))
        .build();
  }
}
