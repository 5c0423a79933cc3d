package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolWorld.World;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The high-risk checklist moves through the real executor: a preview writes nothing and plans
 * exactly what apply then does; a destination outside the scope is refused before anything moves.
 */
@ExtendWith(ArquillianExtension.class)
class ChecklistToolsIT {

  @Inject ToolExecutor executor;
  @Inject ToolWorld worlds;
  @Inject ChecklistService checklists;

  @Test
  void aPreviewWritesNothingAndApplyMovesExactlyWhatItPlanned() {
    var world = worlds.create();
    var from = ChecklistToolScenarios.defaultChecklist(world, world.taskA);
    var checkedItem = ChecklistToolScenarios.checkedItemOfA(world);
    var to =
        checklists
            .createChecklist(world.taskA2, "Destination", List.of("Kept"), ChangeOrigin.NONE)
            .checklist();
    // Named out of order: the plan keeps the items' own order.
    var arguments = move(List.of(checkedItem, world.itemA), from, to.getId(), false);
    var before = worlds.snapshot();

    var preview = call(world, "move_checklist_items", arguments, null, true);

    assertTrue(preview.isSuccess(), preview.toJson().toString());
    assertTrue(preview.preview());
    assertEquals(before, worlds.snapshot(), "the preview wrote nothing");
    var moves = preview.payload().getJsonArray("moves").getValuesAs(JsonObject.class);
    assertEquals(
        List.of(world.itemA, checkedItem), moves.stream().map(m -> m.getString("itemId")).toList());
    assertEquals(
        List.of(false, true), moves.stream().map(m -> m.getBoolean("wasChecked")).toList());
    assertEquals(List.of(false, false), moves.stream().map(m -> m.getBoolean("checked")).toList());
    assertEquals(to.getId(), preview.payload().getString("toChecklistId"));
    assertEquals(world.taskA2, preview.payload().getString("toTaskId"));

    var applied = call(world, "move_checklist_items", arguments, "op-" + UUID.randomUUID(), false);

    assertTrue(applied.isSuccess(), applied.toJson().toString());
    assertFalse(applied.preview());
    assertEquals(preview.payload(), applied.payload(), "apply returns the plan the preview showed");
    assertEquals(preview.changedEntityIds(), applied.changedEntityIds());
    var atDestination = checklists.checklistItems(to.getId());
    assertEquals(3, atDestination.size());
    var moved = atDestination.subList(1, 3);
    assertEquals(
        moves.stream().map(m -> m.getString("itemId")).toList(),
        moved.stream().map(ChecklistItem::getId).toList());
    assertEquals(
        moves.stream().map(m -> m.getBoolean("checked")).toList(),
        moved.stream().map(ChecklistItem::isChecked).toList());
    assertTrue(moved.stream().allMatch(item -> item.getTaskId().equals(world.taskA2)));
    assertTrue(checklists.checklistItems(from).isEmpty(), "nothing left behind");
  }

  @Test
  void aDestinationInAnotherCategoryIsRefusedAndNothingMoves() {
    var world = worlds.create();
    var from = ChecklistToolScenarios.defaultChecklist(world, world.taskA);
    var foreign = ChecklistToolScenarios.defaultChecklist(world, world.taskB);
    var arguments = move(List.of(world.itemA), from, foreign, true);
    var before = worlds.snapshot();

    var preview = call(world, "move_checklist_items", arguments, null, true);
    var applied = call(world, "move_checklist_items", arguments, "op-" + UUID.randomUUID(), false);

    assertEquals(Optional.of(ToolErrorCode.OUT_OF_SCOPE), preview.errorCode());
    assertEquals(Optional.of(ToolErrorCode.OUT_OF_SCOPE), applied.errorCode());
    assertFalse(applied.errorMessage().orElseThrow().contains(world.categoryB));
    assertEquals(before, worlds.snapshot(), "nothing changed");
    assertEquals(from, checklists.item(world.itemA).getChecklistId());
  }

  @Test
  void aMoveToANewTaskPreviewsTheTaskAndApplyAddsOnlyTheIdsItCreated() {
    var world = worlds.create();
    var from = ChecklistToolScenarios.defaultChecklist(world, world.taskA);
    var arguments =
        Json.createObjectBuilder()
            .add("itemIds", Json.createArrayBuilder().add(world.itemA))
            .add("fromChecklistId", from)
            .add("newTaskTitle", "Split off")
            .add("preserveCheckedState", true)
            .build();
    var before = worlds.snapshot();

    var preview = call(world, "move_checklist_items_to_new_task", arguments, null, true);

    assertTrue(preview.isSuccess(), preview.toJson().toString());
    assertEquals(before, worlds.snapshot(), "the preview wrote nothing");
    assertEquals(
        world.categoryA, preview.payload().getJsonObject("newTask").getString("categoryId"));
    assertFalse(preview.payload().containsKey("created"));

    var applied =
        call(
            world, "move_checklist_items_to_new_task", arguments, "op-" + UUID.randomUUID(), false);

    assertTrue(applied.isSuccess(), applied.toJson().toString());
    var created = applied.payload().getJsonObject("created");
    var withoutCreated = Json.createObjectBuilder(applied.payload());
    withoutCreated.remove("created");
    assertEquals(preview.payload(), withoutCreated.build());
    var item = checklists.item(world.itemA);
    assertEquals(created.getString("checklistId"), item.getChecklistId());
    assertEquals(created.getString("taskId"), item.getTaskId());
    assertEquals(from, checklists.checklists(world.taskA).get(0).getId());
  }

  private static JsonObject move(
      List<String> itemIds, String from, String to, boolean preserveCheckedState) {
    return Json.createObjectBuilder()
        .add("itemIds", Json.createArrayBuilder(itemIds))
        .add("fromChecklistId", from)
        .add("toChecklistId", to)
        .add("preserveCheckedState", preserveCheckedState)
        .build();
  }

  @Test
  void aMigrationCopiesOpenItemsToTheTargetAndArchivesTheOriginalsForGood() {
    var world = worlds.create();
    var from = ChecklistToolScenarios.defaultChecklist(world, world.taskA);
    var second =
        checklists
            .addChecklistItems(world.taskA, Optional.of(from), List.of("Second"), ChangeOrigin.NONE)
            .get(0)
            .getId();
    var checkedItem = ChecklistToolScenarios.checkedItemOfA(world);
    var arguments =
        Json.createObjectBuilder()
            .add("itemIds", Json.createArrayBuilder().add(second).add(world.itemA))
            .add("targetTaskId", world.taskA2)
            .build();
    var before = worlds.snapshot();

    var preview = call(world, "migrate_checklist_items", arguments, null, true);
    assertTrue(preview.isSuccess(), preview.toJson().toString());
    assertEquals(before, worlds.snapshot(), "the preview wrote nothing");

    var applied =
        call(world, "migrate_checklist_items", arguments, "op-" + UUID.randomUUID(), false);
    assertTrue(applied.isSuccess(), applied.toJson().toString());
    var migrated = applied.payload().getJsonArray("migrated").getValuesAs(JsonObject.class);
    assertEquals(
        List.of(world.itemA, second),
        migrated.stream().map(m -> m.getString("itemId")).toList(),
        "in their order on the source");
    var copies = checklists.checklistItems(applied.payload().getString("targetChecklistId"));
    var copyIds = migrated.stream().map(m -> m.getString("copyId")).toList();
    assertEquals(
        copyIds,
        copies.stream().map(ChecklistItem::getId).filter(copyIds::contains).toList(),
        "copied in order to the target's checklist");
    copies.stream()
        .filter(item -> copyIds.contains(item.getId()))
        .forEach(
            copy -> {
              assertEquals(world.taskA2, copy.getTaskId());
              assertFalse(copy.isChecked());
            });
    var original = checklists.item(world.itemA);
    assertTrue(original.isArchived(), "the original stays, archived");
    assertEquals(from, original.getChecklistId());
    assertEquals(Optional.of(copyIds.get(0)), original.getMigratedToItemId());

    // An archived item is not edited again; a checked one has nothing to carry on.
    var again = call(world, "migrate_checklist_items", arguments, "op-" + UUID.randomUUID(), false);
    assertEquals(Optional.of(ToolErrorCode.CONFLICT), again.errorCode(), again.toJson().toString());
    var checkIt =
        call(
            world,
            "update_checklist_items",
            Json.createObjectBuilder()
                .add(
                    "updates",
                    Json.createArrayBuilder()
                        .add(
                            Json.createObjectBuilder()
                                .add("itemId", world.itemA)
                                .add("checked", true)))
                .build(),
            "op-" + UUID.randomUUID(),
            false);
    assertEquals(
        Optional.of(ToolErrorCode.CONFLICT), checkIt.errorCode(), checkIt.toJson().toString());
    assertFalse(checklists.item(world.itemA).isChecked());
    var done =
        call(
            world,
            "migrate_checklist_items",
            Json.createObjectBuilder()
                .add("itemIds", Json.createArrayBuilder().add(checkedItem))
                .add("targetTaskId", world.taskA2)
                .build(),
            "op-" + UUID.randomUUID(),
            false);
    assertEquals(Optional.of(ToolErrorCode.CONFLICT), done.errorCode(), done.toJson().toString());
  }

  private ToolResult call(
      World world, String tool, JsonObject arguments, String operationId, boolean preview) {
    return executor.execute(
        ToolRequest.manual(
            world.agentId, tool, Optional.ofNullable(operationId), arguments, preview));
  }
}
