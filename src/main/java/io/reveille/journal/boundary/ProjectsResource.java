package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.JournalResponses.TaskResponse;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ProjectService;
import io.reveille.journal.entity.Project;
import io.reveille.journal.entity.ProjectStatus;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.bind.annotation.JsonbNillable;
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
import java.time.Instant;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Projects over HTTP: a project of a category with its status and the reason for it, its tasks, and
 * a task joining or leaving it. One class for everything under {@code projects}; a project's
 * category never changes, so PATCH takes only title and description, and the status moves through
 * its own path with a reason.
 */
@Path("projects")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class ProjectsResource {

  @Inject ProjectService projects;

  @Context UriInfo uriInfo;

  /** {@code POST /api/projects}. */
  public record ProjectRequest(
      @Schema(required = true) String title,
      String description,
      @Schema(required = true) String categoryId) {

    static ProjectRequest read(JsonObject body) {
      var in = BodyReader.of(body, ProjectRequest.class);
      var request =
          new ProjectRequest(
              in.string("title").orElseThrow(() -> missing("title")),
              in.string("description").orElse(null),
              in.string("categoryId").orElseThrow(() -> missing("categoryId")));
      in.done();
      return request;
    }
  }

  /** {@code PATCH /api/projects/{id}}: a new title and, when given, a new description. */
  public record ProjectPatch(@Schema(required = true) String title, String description) {

    static ProjectPatch read(JsonObject body) {
      var in = BodyReader.of(body, ProjectPatch.class);
      var patch =
          new ProjectPatch(
              in.string("title").orElseThrow(() -> missing("title")),
              in.string("description").orElse(null));
      in.done();
      return patch;
    }
  }

  /** {@code POST /api/projects/{id}/status}: where the project moves, and why. */
  public record StatusRequest(
      @Schema(required = true, description = "a projectStatus of GET /api/meta/enums")
          String status,
      @Schema(required = true) String reason) {

    static StatusRequest read(JsonObject body) {
      var in = BodyReader.of(body, StatusRequest.class);
      var request =
          new StatusRequest(
              in.string("status").orElseThrow(() -> missing("status")),
              in.string("reason").orElseThrow(() -> missing("reason")));
      in.done();
      return request;
    }

    ProjectStatus parsed() {
      return ProjectsResource.status(status);
    }
  }

  /** {@code POST /api/projects/{id}/tasks}: the task that joins the project. */
  public record TaskRef(@Schema(required = true) String taskId) {

    static TaskRef read(JsonObject body) {
      var in = BodyReader.of(body, TaskRef.class);
      var ref = new TaskRef(in.string("taskId").orElseThrow(() -> missing("taskId")));
      in.done();
      return ref;
    }
  }

  /** A project. */
  @JsonbNillable
  public record ProjectResponse(
      String id,
      long version,
      String title,
      String description,
      String categoryId,
      @Schema(description = "a projectStatus of GET /api/meta/enums") String status,
      String statusReason,
      Instant createdAt,
      Instant updatedAt) {

    static ProjectResponse of(Project project) {
      return new ProjectResponse(
          project.getId(),
          project.getVersion(),
          project.getTitle(),
          project.getDescription().orElse(null),
          project.getCategoryId(),
          project.getStatus().wire(),
          project.getStatusReason().orElse(null),
          project.getCreatedAt(),
          project.getUpdatedAt());
    }
  }

  /** A project status by its wire name, refused naming {@code status} and the names it may be. */
  private static ProjectStatus status(String name) {
    return WireEnum.find(ProjectStatus.class, name)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    "status", "one of " + WireEnum.names(ProjectStatus.class)));
  }

  private static InvalidInputException missing(String field) {
    return new InvalidInputException(field, "is required");
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Create a project of a category (open)")
  @RequestBody(content = @Content(schema = @Schema(implementation = ProjectRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The project",
      content = @Content(schema = @Schema(implementation = ProjectResponse.class)))
  @APIResponse(responseCode = "404", description = "No such category")
  public Response create(JsonObject body) {
    var request = ProjectRequest.read(body);
    var project =
        projects.create(
            request.title(),
            Optional.ofNullable(request.description()),
            request.categoryId(),
            ChangeOrigin.NONE);
    return Response.created(uriInfo.getAbsolutePathBuilder().path(project.getId()).build())
        .tag(ETags.of(project.getVersion()))
        .entity(ProjectResponse.of(project))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "A page of the projects, newest first, optionally of one category or status")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = ProjectResponse.class)))
  public Response list(
      @QueryParam("categoryId") @Size(max = 64) String categoryId,
      @QueryParam("status") @Size(max = 16) String status,
      @BeanParam PageQuery page) {
    var parsed =
        Optional.ofNullable(status).filter(v -> !v.isBlank()).map(ProjectsResource::status);
    return PageQuery.ok(
        projects.list(
            Optional.ofNullable(categoryId).filter(v -> !v.isBlank()), parsed, page.window()),
        ProjectResponse::of,
        uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One project")
  @APIResponse(
      responseCode = "200",
      description = "The project",
      content = @Content(schema = @Schema(implementation = ProjectResponse.class)))
  @APIResponse(responseCode = "404", description = "No such project")
  public Response get(@PathParam("id") @Size(max = 64) String id) {
    var project = projects.get(id);
    return Response.ok(ProjectResponse.of(project)).tag(ETags.of(project.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Change a project's title and description (If-Match honoured)")
  @RequestBody(content = @Content(schema = @Schema(implementation = ProjectPatch.class)))
  @APIResponse(
      responseCode = "200",
      description = "The changed project",
      content = @Content(schema = @Schema(implementation = ProjectResponse.class)))
  public Response update(
      @PathParam("id") @Size(max = 64) String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var patch = ProjectPatch.read(body);
    var project =
        projects.describe(
            id,
            patch.title(),
            Optional.ofNullable(patch.description()),
            ETags.expectedVersion(ifMatch),
            ChangeOrigin.NONE);
    return Response.ok(ProjectResponse.of(project)).tag(ETags.of(project.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/status")
  @Operation(
      summary =
          "Move a project to another status with the reason (If-Match honoured); an archived"
              + " project can only be opened again")
  @RequestBody(content = @Content(schema = @Schema(implementation = StatusRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The moved project",
      content = @Content(schema = @Schema(implementation = ProjectResponse.class)))
  @APIResponse(responseCode = "409", description = "The status may not move there")
  public Response status(
      @PathParam("id") @Size(max = 64) String id,
      @HeaderParam(TasksResource.IF_MATCH) String ifMatch,
      JsonObject body) {
    var request = StatusRequest.read(body);
    var project =
        projects.moveTo(
            id,
            request.parsed(),
            request.reason(),
            ETags.expectedVersion(ifMatch),
            ChangeOrigin.NONE);
    return Response.ok(ProjectResponse.of(project)).tag(ETags.of(project.getVersion())).build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/tasks")
  @Operation(summary = "A page of the project's tasks, oldest first (of its first 500)")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = TaskResponse.class)))
  public Response tasks(@PathParam("id") @Size(max = 64) String id, @BeanParam PageQuery page) {
    return PageQuery.ok(page.window().of(projects.tasks(id)), TaskResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/tasks")
  @Operation(
      summary =
          "A task joins the project (leaving the one it was part of); the task must be of the"
              + " project's category, the project not archived")
  @RequestBody(content = @Content(schema = @Schema(implementation = TaskRef.class)))
  @APIResponse(
      responseCode = "200",
      description = "The task",
      content = @Content(schema = @Schema(implementation = TaskResponse.class)))
  @APIResponse(responseCode = "400", description = "Another category, or an archived project")
  public Response join(@PathParam("id") @Size(max = 64) String id, JsonObject body) {
    var task = projects.assign(TaskRef.read(body).taskId(), Optional.of(id), ChangeOrigin.NONE);
    return Response.ok(TaskResponse.of(task)).tag(ETags.of(task.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}/tasks/{taskId}")
  @Operation(summary = "A task leaves the project")
  @APIResponse(responseCode = "204", description = "The task is part of no project")
  @APIResponse(responseCode = "409", description = "The task is not part of this project")
  public Response leave(
      @PathParam("id") @Size(max = 64) String id,
      @PathParam("taskId") @Size(max = 64) String taskId) {
    projects.leave(taskId, id, ChangeOrigin.NONE);
    return Response.noContent().build();
  }
}
