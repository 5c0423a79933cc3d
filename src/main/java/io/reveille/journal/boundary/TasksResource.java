package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.ChecklistRequests.ChecklistItemPatch;
import io.reveille.journal.boundary.ChecklistRequests.ChecklistItemRequest;
import io.reveille.journal.boundary.ChecklistRequests.ChecklistRequest;
import io.reveille.journal.boundary.JournalRequests.TaskLabelsRequest;
import io.reveille.journal.boundary.JournalRequests.TaskPatch;
import io.reveille.journal.boundary.JournalRequests.TaskRequest;
import io.reveille.journal.boundary.JournalResponses.ChecklistItemResponse;
import io.reveille.journal.boundary.JournalResponses.ChecklistResponse;
import io.reveille.journal.boundary.JournalResponses.CreatedChecklistResponse;
import io.reveille.journal.boundary.JournalResponses.TaskResponse;
import io.reveille.journal.control.AttentionRequestService;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.control.LabelService.LabelAssignment;
import io.reveille.journal.control.TaskLinkService;
import io.reveille.journal.entity.AttentionRequest;
import io.reveille.journal.entity.AttentionStatus;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.TaskLink;
import io.reveille.platform.entity.Guards;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
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
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Tasks, their labels, checklists and checklist items over HTTP. One class for everything under
 * {@code tasks}: a second resource class at {@code tasks/{id}/...} would hide this one's
 * single-task methods (see docs/pitfalls.md). Every response carries the resource's version as a
 * strong ETag and every PATCH honours {@code If-Match}.
 */
@Path("tasks")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class TasksResource {

  static final String IF_MATCH = "If-Match";

  @Inject JournalService journal;

  @Inject LabelService labels;

  @Inject ChecklistService checklists;

  @Inject TaskLinkService links;

  @Inject AttentionRequestService attention;

  /** {@code POST /api/tasks/{id}/links}: how this task stands to another. */
  public record LinkRequest(
      @Schema(
              required = true,
              description =
                  "relatesTo, blocks, isBlockedBy, followsUpOn, hasFollowUp, duplicates,"
                      + " isDuplicatedBy, fixes, isFixedBy, supersedes or isSupersededBy, seen"
                      + " from this task")
          String relation,
      @Schema(required = true) String taskId) {

    static LinkRequest read(JsonObject body) {
      var in = BodyReader.of(body, LinkRequest.class);
      var request =
          new LinkRequest(
              in.string("relation")
                  .orElseThrow(() -> new InvalidInputException("relation", "is required")),
              in.string("taskId")
                  .orElseThrow(() -> new InvalidInputException("taskId", "is required")));
      in.done();
      return request;
    }
  }

  /** A link of a task, seen from it: the relation's name from its side and the other task. */
  public record LinkResponse(
      String id, String relation, String taskId, String otherTaskId, Instant createdAt) {

    static LinkResponse of(TaskLink link, String taskId) {
      return new LinkResponse(
          link.getId(),
          link.relationSeenFrom(taskId),
          taskId,
          link.otherThan(taskId),
          link.getCreatedAt());
    }
  }

  /** A request for a person's time on a task, made by its agent for the day planner. */
  public record AttentionResponse(
      String id,
      long version,
      String taskId,
      String categoryId,
      String requestedBy,
      String title,
      int requestedMinutes,
      int impact,
      int urgency,
      String energyFit,
      Instant earliestStart,
      Instant latestEnd,
      Instant deadline,
      Instant nextReviewAt,
      String rationale,
      String status,
      String reason,
      Instant createdAt,
      Instant updatedAt) {

    static AttentionResponse of(AttentionRequest request) {
      return new AttentionResponse(
          request.getId(),
          request.getVersion(),
          request.getTaskId(),
          request.getCategoryId(),
          request.getRequestedBy().orElse(null),
          request.getTitle(),
          request.getRequestedMinutes(),
          request.getImpact(),
          request.getUrgency(),
          request.getEnergyFit().wire(),
          request.getEarliestStart().orElse(null),
          request.getLatestEnd().orElse(null),
          request.getDeadline().orElse(null),
          request.getNextReviewAt().orElse(null),
          request.getRationale(),
          request.getStatus().wire(),
          request.getResolutionReason().orElse(null),
          request.getCreatedAt(),
          request.getUpdatedAt());
    }
  }

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Create a task")
  @RequestBody(content = @Content(schema = @Schema(implementation = TaskRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The task",
      content = @Content(schema = @Schema(implementation = TaskResponse.class)))
  public Response create(JsonObject body) {
    var task = journal.createTask(TaskRequest.read(body).newTask(), ChangeOrigin.NONE);
    return Response.created(uriInfo.getAbsolutePathBuilder().path(task.getId()).build())
        .tag(ETags.of(task.getVersion()))
        .entity(TaskResponse.of(task))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "A page of the tasks, newest first, optionally by status and category")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = TaskResponse.class)))
  public Response list(
      @QueryParam("status") @Size(max = 16) String status,
      @QueryParam("categoryId") @Size(max = 64) String categoryId,
      @BeanParam PageQuery page) {
    var statusFilter =
        Optional.ofNullable(status)
            .filter(v -> !v.isBlank())
            .map(v -> JournalJson.status("status", v));
    var categoryFilter = Optional.ofNullable(categoryId).filter(v -> !v.isBlank());
    return PageQuery.ok(
        journal.tasks(statusFilter, categoryFilter, page.window()), TaskResponse::of, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One task")
  @APIResponse(
      responseCode = "200",
      description = "The task",
      content = @Content(schema = @Schema(implementation = TaskResponse.class)))
  public Response get(@PathParam("id") String id) {
    var task = journal.task(id);
    return Response.ok(TaskResponse.of(task)).tag(ETags.of(task.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}")
  @Operation(
      summary =
          "Delete a task with its checklists (If-Match honoured); its task agent goes dormant on"
              + " its next wake")
  @APIResponse(responseCode = "204", description = "Deleted")
  public Response delete(@PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch) {
    journal.deleteTask(id, ETags.expectedVersion(ifMatch), ChangeOrigin.NONE);
    return Response.noContent().build();
  }

  @Allowed(Role.OPERATOR)
  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(
      summary =
          "Change a task's fields or status (If-Match honoured); null clears description,"
              + " categoryId, estimateMinutes, dueDate and language; a new category drops the"
              + " task's labels")
  @RequestBody(content = @Content(schema = @Schema(implementation = TaskPatch.class)))
  @APIResponse(
      responseCode = "200",
      description = "The changed task",
      content = @Content(schema = @Schema(implementation = TaskResponse.class)))
  public Response update(
      @PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch, JsonObject body) {
    var changes = TaskPatch.read(body).changes();
    var task = journal.updateTask(id, ETags.expectedVersion(ifMatch), changes, ChangeOrigin.NONE);
    return Response.ok(TaskResponse.of(task)).tag(ETags.of(task.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @PUT
  @Path("{id}/labels")
  @Operation(
      summary =
          "Replace the task's labels (If-Match honoured); every label must be of the task's"
              + " category")
  @RequestBody(content = @Content(schema = @Schema(implementation = TaskLabelsRequest.class)))
  @APIResponse(
      responseCode = "200",
      description = "The task with its labels",
      content = @Content(schema = @Schema(implementation = TaskResponse.class)))
  public Response replaceLabels(
      @PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch, JsonObject body) {
    var request = TaskLabelsRequest.read(body);
    var task =
        labels.assignTaskLabels(
            id,
            ETags.expectedVersion(ifMatch),
            new LinkedHashSet<>(request.labelIds()),
            LabelAssignment.REPLACE,
            ChangeOrigin.NONE);
    return Response.ok(TaskResponse.of(task)).tag(ETags.of(task.getVersion())).build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/links")
  @Operation(summary = "A page of the task's links, both ways, oldest first, seen from the task")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = LinkResponse.class)))
  @APIResponse(responseCode = "404", description = "No such task")
  public Response links(@PathParam("id") String id, @BeanParam PageQuery page) {
    journal.task(id);
    return PageQuery.ok(
        page.window().of(links.links(id)), link -> LinkResponse.of(link, id), uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/attention-requests")
  @Operation(
      summary =
          "A page of the task's requests for a person's time (its agent's, for the day planner),"
              + " newest first, optionally by status")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = AttentionResponse.class)))
  @APIResponse(responseCode = "400", description = "An unknown status")
  @APIResponse(responseCode = "404", description = "No such task")
  public Response attentionRequests(
      @PathParam("id") String id,
      @QueryParam("status") @Size(max = 24) String status,
      @BeanParam PageQuery page) {
    var statuses =
        Optional.ofNullable(status)
            .filter(v -> !v.isBlank())
            .map(
                v ->
                    List.of(
                        WireEnum.find(AttentionStatus.class, v)
                            .orElseThrow(
                                () ->
                                    new InvalidInputException(
                                        "status",
                                        "unknown status '"
                                            + v
                                            + "'; one of "
                                            + WireEnum.names(AttentionStatus.class)))))
            .orElse(List.of());
    return PageQuery.ok(
        attention.ofTask(id, statuses, page.window()), AttentionResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/links")
  @Operation(
      summary =
          "Link the task to another (201), or answer the link that is there already (200); at"
              + " most 100 links per task")
  @RequestBody(content = @Content(schema = @Schema(implementation = LinkRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The link",
      content = @Content(schema = @Schema(implementation = LinkResponse.class)))
  @APIResponse(responseCode = "400", description = "An unknown relation, or the task itself")
  @APIResponse(responseCode = "404", description = "No such task")
  public Response link(@PathParam("id") String id, JsonObject body) {
    var request = LinkRequest.read(body);
    var linked = links.link(id, request.relation(), request.taskId(), ChangeOrigin.NONE);
    var entity = LinkResponse.of(linked.link(), id);
    return linked.created()
        ? Response.created(uriInfo.getAbsolutePathBuilder().path(linked.link().getId()).build())
            .entity(entity)
            .build()
        : Response.ok(entity).build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}/links/{linkId}")
  @Operation(summary = "Remove a link of the task")
  @APIResponse(responseCode = "204", description = "Removed")
  @APIResponse(responseCode = "404", description = "The task has no such link")
  public Response unlink(@PathParam("id") String id, @PathParam("linkId") String linkId) {
    links.unlink(id, linkId, ChangeOrigin.NONE);
    return Response.noContent().build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/checklists")
  @Operation(summary = "Add a checklist, with the titles of its first items, to the task")
  @RequestBody(content = @Content(schema = @Schema(implementation = ChecklistRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The checklist with its items",
      content = @Content(schema = @Schema(implementation = CreatedChecklistResponse.class)))
  public Response createChecklist(@PathParam("id") String id, JsonObject body) {
    var request = ChecklistRequest.read(body);
    var created =
        checklists.createChecklist(id, request.title(), request.items(), ChangeOrigin.NONE);
    var checklist = created.checklist();
    return Response.created(
            uriInfo
                .getBaseUriBuilder()
                .path(ChecklistsResource.class)
                .path(checklist.getId())
                .build())
        .tag(ETags.of(checklist.getVersion()))
        .entity(CreatedChecklistResponse.of(checklist, created.items()))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/checklists")
  @Operation(summary = "A page of the task's checklists in order")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = ChecklistResponse.class)))
  public Response checklists(@PathParam("id") String id, @BeanParam PageQuery page) {
    return PageQuery.ok(
        page.window().of(checklists.checklists(id)), ChecklistResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/checklist-items")
  @Operation(
      summary =
          "Append a checklist item to the task: to the checklist checklistId, or without it to"
              + " the task's first checklist (created when it has none)")
  @RequestBody(content = @Content(schema = @Schema(implementation = ChecklistItemRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The item",
      content = @Content(schema = @Schema(implementation = ChecklistItemResponse.class)))
  public Response addChecklistItem(@PathParam("id") String id, JsonObject body) {
    var request = ChecklistItemRequest.read(body);
    var title = Guards.nonBlankText("title", request.title(), ChecklistItem.MAX_TITLE_LENGTH);
    var item =
        checklists
            .addChecklistItems(
                id,
                Optional.ofNullable(request.checklistId()),
                List.of(title),
                request.checked(),
                ChangeOrigin.NONE)
            .get(0);
    return Response.created(uriInfo.getAbsolutePathBuilder().path(item.getId()).build())
        .tag(ETags.of(item.getVersion()))
        .entity(ChecklistItemResponse.of(item))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/checklist-items")
  @Operation(summary = "A page of the task's checklist items in order, across its checklists")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema =
                  @Schema(type = SchemaType.ARRAY, implementation = ChecklistItemResponse.class)))
  public Response checklistItems(@PathParam("id") String id, @BeanParam PageQuery page) {
    return PageQuery.ok(
        page.window().of(journal.checklistItems(id)), ChecklistItemResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @PATCH
  @Path("{id}/checklist-items/{itemId}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Retitle, check or uncheck a checklist item (If-Match honoured)")
  @RequestBody(content = @Content(schema = @Schema(implementation = ChecklistItemPatch.class)))
  @APIResponse(
      responseCode = "200",
      description = "The changed item",
      content = @Content(schema = @Schema(implementation = ChecklistItemResponse.class)))
  public Response updateChecklistItem(
      @PathParam("id") String id,
      @PathParam("itemId") String itemId,
      @HeaderParam(IF_MATCH) String ifMatch,
      JsonObject body) {
    var patch = ChecklistItemPatch.read(body);
    var item =
        checklists.updateChecklistItem(
            id,
            itemId,
            ETags.expectedVersion(ifMatch),
            Optional.ofNullable(patch.title()),
            Optional.ofNullable(patch.checked()),
            ChangeOrigin.NONE);
    return Response.ok(ChecklistItemResponse.of(item)).tag(ETags.of(item.getVersion())).build();
  }
}
