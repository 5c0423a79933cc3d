package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.JournalService.TaskChanges;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.control.LabelService.LabelAssignment;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.platform.entity.Guards;
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
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Tasks, their labels, checklists and checklist items over HTTP. One class for everything under
 * {@code tasks}: a second resource class at {@code tasks/{id}/...} would hide this one's
 * single-task methods (see the pitfalls in docs/architecture.md). Every response carries the
 * resource's version as a strong ETag and every PATCH honours {@code If-Match}.
 */
@Path("tasks")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class TasksResource {

  static final String IF_MATCH = "If-Match";

  private static final Set<String> TASK_FIELDS =
      Set.of(
          "title",
          "description",
          "categoryId",
          "status",
          "priority",
          "estimateMinutes",
          "dueDate",
          "language");
  private static final Set<String> ITEM_FIELDS = Set.of("title", "checked");
  private static final Set<String> NEW_ITEM_FIELDS = Set.of("title", "checked", "checklistId");
  private static final Set<String> LABELS_FIELDS = Set.of("labelIds");
  private static final Set<String> CHECKLIST_FIELDS = Set.of("title", "items");

  @Inject JournalService journal;

  @Inject LabelService labels;

  @Inject ChecklistService checklists;

  @Context UriInfo uriInfo;

  @POST
  @Operation(
      summary =
          "Create a task {title, categoryId, status, priority, estimateMinutes, dueDate,"
              + " description, language}")
  public Response create(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, TASK_FIELDS);
    var task =
        journal.createTask(
            new NewTask(
                JournalJson.string(json, "title").orElse(null),
                JournalJson.string(json, "description"),
                JournalJson.string(json, "categoryId"),
                JournalJson.status(json, "status"),
                JournalJson.priority(json, "priority"),
                JournalJson.clearableInt(json, "estimateMinutes").flatMap(v -> v),
                JournalJson.clearableDate(json, "dueDate").flatMap(v -> v),
                JournalJson.string(json, "language")));
    return Response.created(uriInfo.getAbsolutePathBuilder().path(task.getId()).build())
        .tag(ETags.of(task.getVersion()))
        .entity(JournalJson.task(task))
        .build();
  }

  @GET
  @Operation(summary = "Tasks, newest first, optionally by status and category")
  public List<JsonObject> list(
      @QueryParam("status") @Size(max = 16) String status,
      @QueryParam("categoryId") @Size(max = 64) String categoryId) {
    var statusFilter =
        Optional.ofNullable(status)
            .filter(v -> !v.isBlank())
            .map(v -> JournalJson.status("status", v));
    var categoryFilter = Optional.ofNullable(categoryId).filter(v -> !v.isBlank());
    return journal.tasks(statusFilter, categoryFilter).stream().map(JournalJson::task).toList();
  }

  @GET
  @Path("{id}")
  @Operation(summary = "One task")
  public Response get(@PathParam("id") String id) {
    var task = journal.task(id);
    return Response.ok(JournalJson.task(task)).tag(ETags.of(task.getVersion())).build();
  }

  @DELETE
  @Path("{id}")
  @Operation(
      summary =
          "Delete a task with its checklists (If-Match honoured); its task agent goes dormant on"
              + " its next wake")
  public Response delete(@PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch) {
    journal.deleteTask(id, ETags.expectedVersion(ifMatch));
    return Response.noContent().build();
  }

  @PATCH
  @Path("{id}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(
      summary =
          "Change a task's fields or status (If-Match honoured); null clears description,"
              + " categoryId, estimateMinutes, dueDate and language; a new category drops the"
              + " task's labels")
  public Response update(
      @PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch, JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, TASK_FIELDS);
    for (var required : List.of("title", "status", "priority")) {
      if (json.containsKey(required) && json.isNull(required)) {
        throw new InvalidInputException(required, "cannot be cleared");
      }
    }
    var changes =
        new TaskChanges(
            JournalJson.string(json, "title"),
            JournalJson.clearableString(json, "description"),
            JournalJson.clearableString(json, "categoryId"),
            JournalJson.status(json, "status"),
            JournalJson.priority(json, "priority"),
            JournalJson.clearableInt(json, "estimateMinutes"),
            JournalJson.clearableDate(json, "dueDate"),
            JournalJson.clearableString(json, "language"));
    if (changes.isEmpty()) {
      throw new InvalidInputException("body", "nothing to change: give one of " + TASK_FIELDS);
    }
    var task = journal.updateTask(id, ETags.expectedVersion(ifMatch), changes);
    return Response.ok(JournalJson.task(task)).tag(ETags.of(task.getVersion())).build();
  }

  @PUT
  @Path("{id}/labels")
  @Operation(
      summary =
          "Replace the task's labels {labelIds} (If-Match honoured); every label must be of the"
              + " task's category")
  public Response replaceLabels(
      @PathParam("id") String id, @HeaderParam(IF_MATCH) String ifMatch, JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, LABELS_FIELDS);
    var labelIds =
        JournalJson.strings(json, "labelIds")
            .orElseThrow(() -> new InvalidInputException("labelIds", "is required"));
    var unique = new LinkedHashSet<>(labelIds);
    if (unique.size() != labelIds.size()) {
      throw new InvalidInputException("labelIds", "a label is named twice");
    }
    Task task =
        labels.assignTaskLabels(
            id, ETags.expectedVersion(ifMatch), unique, LabelAssignment.REPLACE, ChangeOrigin.NONE);
    return Response.ok(JournalJson.task(task)).tag(ETags.of(task.getVersion())).build();
  }

  @POST
  @Path("{id}/checklists")
  @Operation(summary = "Add a checklist {title, items: [item titles]} to the task")
  public Response createChecklist(@PathParam("id") String id, JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, CHECKLIST_FIELDS);
    var created =
        checklists.createChecklist(
            id,
            JournalJson.string(json, "title").orElse(null),
            JournalJson.strings(json, "items").orElse(List.of()));
    var checklist = created.checklist();
    return Response.created(
            uriInfo
                .getBaseUriBuilder()
                .path(ChecklistsResource.class)
                .path(checklist.getId())
                .build())
        .tag(ETags.of(checklist.getVersion()))
        .entity(JournalJson.checklist(checklist, created.items()))
        .build();
  }

  @GET
  @Path("{id}/checklists")
  @Operation(summary = "The task's checklists in order")
  public List<JsonObject> checklists(@PathParam("id") String id) {
    return checklists.checklists(id).stream().map(JournalJson::checklist).toList();
  }

  @POST
  @Path("{id}/checklist-items")
  @Operation(
      summary =
          "Append a checklist item {title, checked, checklistId} to the task; without"
              + " checklistId to its first checklist (created when it has none)")
  public Response addChecklistItem(@PathParam("id") String id, JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, NEW_ITEM_FIELDS);
    var title =
        Guards.nonBlankText(
            "title",
            JournalJson.string(json, "title").orElse(null),
            ChecklistItem.MAX_TITLE_LENGTH);
    var item =
        checklists
            .addChecklistItems(
                id,
                JournalJson.string(json, "checklistId"),
                List.of(title),
                JournalJson.bool(json, "checked").orElse(false),
                ChangeOrigin.NONE)
            .get(0);
    return Response.created(uriInfo.getAbsolutePathBuilder().path(item.getId()).build())
        .tag(ETags.of(item.getVersion()))
        .entity(JournalJson.checklistItem(item))
        .build();
  }

  @GET
  @Path("{id}/checklist-items")
  @Operation(summary = "The task's checklist in order")
  public List<JsonObject> checklistItems(@PathParam("id") String id) {
    return journal.checklistItems(id).stream().map(JournalJson::checklistItem).toList();
  }

  @PATCH
  @Path("{id}/checklist-items/{itemId}")
  @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
  @Operation(summary = "Retitle, check or uncheck a checklist item (If-Match honoured)")
  public Response updateChecklistItem(
      @PathParam("id") String id,
      @PathParam("itemId") String itemId,
      @HeaderParam(IF_MATCH) String ifMatch,
      JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, ITEM_FIELDS);
    for (var field : ITEM_FIELDS) {
      if (json.containsKey(field) && json.isNull(field)) {
        throw new InvalidInputException(field, "cannot be cleared");
      }
    }
    var title = JournalJson.string(json, "title");
    var checked = JournalJson.bool(json, "checked");
    if (title.isEmpty() && checked.isEmpty()) {
      throw new InvalidInputException("body", "nothing to change: give title or checked");
    }
    var item =
        checklists.updateChecklistItem(
            id, itemId, ETags.expectedVersion(ifMatch), title, checked, ChangeOrigin.NONE);
    return Response.ok(JournalJson.checklistItem(item)).tag(ETags.of(item.getVersion())).build();
  }
}
