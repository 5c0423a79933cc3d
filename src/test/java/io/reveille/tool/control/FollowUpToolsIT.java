package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.LabelService.LabelAssignment;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * conclude_task_with_rollover: the preview shows exactly what apply then does, and writes nothing;
 * apply closes the source task and carries its open checklist items (and its labels) to the
 * follow-up, while the checked items stay with the source.
 */
@ExtendWith(ArquillianExtension.class)
class FollowUpToolsIT {

  @Inject ToolExecutor executor;
  @Inject ToolWorld worlds;

  @Test
  void previewShowsExactlyWhatApplyDoesAndApplyRollsTheOpenItemsOver() {
    var world = worlds.create();
    var label =
        worlds.labels.createLabel(
            world.categoryA, "docs-" + UUID.randomUUID(), Optional.empty(), ChangeOrigin.NONE);
    worlds.labels.assignTaskLabels(
        world.taskA,
        OptionalLong.empty(),
        Set.of(label.getId()),
        LabelAssignment.REPLACE,
        ChangeOrigin.NONE);
    var arguments =
        Json.createObjectBuilder()
            .add("sourceTaskId", world.taskA)
            .add("newTaskTitle", "Migration guide, part 2")
            .build();
    var before = worlds.snapshot();

    var preview = call(world, arguments, null, true);

    assertTrue(preview.isSuccess(), preview.toJson().toString());
    assertTrue(preview.preview());
    assertEquals(before, worlds.snapshot(), "a preview writes nothing");
    assertEquals(List.of(), preview.changedEntityIds());

    var applied = call(world, arguments, "op-" + UUID.randomUUID(), false);

    assertTrue(applied.isSuccess(), applied.toJson().toString());
    assertEquals(preview.payload().getJsonObject("plan"), applied.payload().getJsonObject("plan"));
    var plan = applied.payload().getJsonObject("plan");
    assertEquals("done", plan.getJsonObject("sourceTask").getString("statusAfter"));
    assertEquals(1, plan.getJsonArray("carriedItems").size(), "the one open item");

    assertEquals("done", worlds.journal.task(world.taskA).getStatus().wire());
    var followUpId = applied.payload().getString("followUpTaskId");
    var followUp = worlds.journal.task(followUpId);
    assertEquals("Migration guide, part 2", followUp.getTitle());
    assertEquals(world.categoryA, followUp.getCategoryId());
    assertEquals(Set.of(label.getId()), followUp.getLabelIds());
    assertEquals(List.of(world.itemA), itemIds(followUpId));
    assertFalse(itemIds(world.taskA).contains(world.itemA), "the open item moved");
    assertEquals(1, itemIds(world.taskA).size(), "the checked item stays with the source");
    assertTrue(
        applied.changedEntityIds().containsAll(List.of(world.taskA, followUpId, world.itemA)));
  }

  @Test
  void previewOfAClosedSourceIsRefusedAndNothingChanges() {
    var world = worlds.create();
    worlds.journal.updateTask(
        world.taskA,
        java.util.OptionalLong.empty(),
        new io.reveille.journal.control.JournalService.TaskChanges(
            java.util.Optional.empty(),
            java.util.Optional.empty(),
            java.util.Optional.empty(),
            java.util.Optional.of(io.reveille.journal.entity.TaskStatus.DONE),
            java.util.Optional.empty(),
            java.util.Optional.empty(),
            java.util.Optional.empty()),
        ChangeOrigin.NONE);
    var before = worlds.snapshot();
    var result =
        call(
            world,
            Json.createObjectBuilder()
                .add("sourceTaskId", world.taskA)
                .add("newTaskTitle", "x")
                .build(),
            "op-" + UUID.randomUUID(),
            false);
    assertEquals(
        Optional.of(ToolErrorCode.CONFLICT), result.errorCode(), result.toJson().toString());
    assertEquals(before, worlds.snapshot());
  }

  private List<String> itemIds(String taskId) {
    return worlds.checklists.checklists(taskId).stream()
        .flatMap(checklist -> worlds.checklists.checklistItems(checklist.getId()).stream())
        .map(ChecklistItem::getId)
        .toList();
  }

  private ToolResult call(
      ToolWorld.World world, JsonObject arguments, String operationId, boolean preview) {
    return executor.execute(
        ToolRequest.manual(
            world.agentId,
            "conclude_task_with_rollover",
            Optional.ofNullable(operationId),
            arguments,
            preview));
  }
}
