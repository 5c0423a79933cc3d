package io.reveille.journal.boundary;

import jakarta.json.JsonObject;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The request bodies of a task's checklists and their items, read as {@link JournalRequests}
 * describes: field by field, unknown fields refused, all faults in one 400.
 */
public final class ChecklistRequests {

  private ChecklistRequests() {}

  /** {@code POST /api/tasks/{id}/checklists}: a checklist and the titles of its first items. */
  public record ChecklistRequest(@Schema(required = true) String title, List<String> items) {

    static ChecklistRequest read(JsonObject body) {
      var in = BodyReader.of(body, ChecklistRequest.class);
      var request =
          new ChecklistRequest(
              in.string("title").orElse(null), in.strings("items").orElse(List.of()));
      in.done();
      return request;
    }
  }

  /** {@code PATCH /api/checklists/{id}}: the checklist's new title. */
  public record ChecklistPatch(@Schema(required = true) String title) {

    static ChecklistPatch read(JsonObject body) {
      var in = BodyReader.of(body, ChecklistPatch.class);
      var patch = new ChecklistPatch(in.required("title", in.string("title")));
      in.done();
      return patch;
    }
  }

  /**
   * {@code POST /api/tasks/{id}/checklist-items}: an item appended to the checklist {@code
   * checklistId}, or without it to the task's first checklist (created when it has none).
   */
  public record ChecklistItemRequest(
      @Schema(required = true) String title,
      @Schema(description = "default false") Boolean checked,
      String checklistId) {

    static ChecklistItemRequest read(JsonObject body) {
      var in = BodyReader.of(body, ChecklistItemRequest.class);
      var request =
          new ChecklistItemRequest(
              in.string("title").orElse(null),
              in.bool("checked").orElse(false),
              in.string("checklistId").orElse(null));
      in.done();
      return request;
    }
  }

  /** {@code PATCH /api/tasks/{id}/checklist-items/{itemId}}: a new title, a check, or both. */
  public record ChecklistItemPatch(String title, Boolean checked) {

    static ChecklistItemPatch read(JsonObject body) {
      var in = JournalJson.patch(body, ChecklistItemPatch.class, "title", "checked");
      var patch =
          new ChecklistItemPatch(in.string("title").orElse(null), in.bool("checked").orElse(null));
      in.done();
      return patch;
    }
  }

  /** {@code POST /api/checklists/{id}/items/move}: items moved to another checklist. */
  public record MoveItemsRequest(
      @Schema(required = true) List<String> itemIds,
      @Schema(required = true) String toChecklistId,
      @Schema(description = "default true") Boolean preserveCheckedState) {

    static MoveItemsRequest read(JsonObject body) {
      var in = BodyReader.of(body, MoveItemsRequest.class);
      var request =
          new MoveItemsRequest(
              in.required("itemIds", in.strings("itemIds")),
              in.required("toChecklistId", in.string("toChecklistId")),
              in.bool("preserveCheckedState").orElse(true));
      in.done();
      return request;
    }
  }
}
