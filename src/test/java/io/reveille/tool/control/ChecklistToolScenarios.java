package io.reveille.tool.control;

import static io.reveille.tool.control.ToolScenario.args;
import static io.reveille.tool.control.ToolScenario.inAndOut;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.tool.control.ToolWorld.World;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import java.util.List;
import java.util.Optional;

/**
 * Scenarios of the checklist tools and the task label and language tools: every foreign task, item
 * and checklist a call can name, and every foreign destination of a move.
 */
final class ChecklistToolScenarios {

  private ChecklistToolScenarios() {}

  static List<ToolScenario> all() {
    return List.of(
        ToolScenario.of(
            "add_multiple_checklist_items",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("items", titles("Pack", "Ship")).build(),
                    args().add("taskId", w.taskB).add("items", titles("Pack")).build(),
                    args()
                        .add("taskId", w.taskA)
                        .add("checklistId", defaultChecklist(w, w.taskB))
                        .add("items", titles("Pack"))
                        .build())),
        ToolScenario.of(
            "update_checklist_items",
            w ->
                inAndOut(
                    args()
                        .add(
                            "updates",
                            Json.createArrayBuilder()
                                .add(update(w.itemA).add("checked", true))
                                .add(
                                    update(checkedItemOfA(w)).add("title", "Collect all feedback")))
                        .build(),
                    args()
                        .add(
                            "updates",
                            Json.createArrayBuilder().add(update(w.itemB).add("checked", true)))
                        .build(),
                    args()
                        .add(
                            "updates",
                            Json.createArrayBuilder()
                                .add(update(w.itemA).add("checked", true))
                                .add(update(w.itemB).add("checked", true)))
                        .build())),
        ToolScenario.of(
            "create_checklist",
            w ->
                inAndOut(
                    args()
                        .add("taskId", w.taskA)
                        .add("title", "Release")
                        .add("items", titles("Tag", "Announce"))
                        .build(),
                    args().add("taskId", w.taskB).add("title", "Release").build())),
        ToolScenario.of(
            "move_checklist_items",
            w -> {
              var destination =
                  w.services
                      .checklists
                      .createChecklist(w.taskA2, "Destination", List.of(), ChangeOrigin.NONE)
                      .checklist()
                      .getId();
              var fromA = defaultChecklist(w, w.taskA);
              var fromB = defaultChecklist(w, w.taskB);
              return inAndOut(
                  move(List.of(w.itemA, checkedItemOfA(w)), fromA, destination).build(),
                  move(List.of(w.itemB), fromB, destination).build(),
                  move(List.of(w.itemA), fromA, fromB).build());
            }),
        ToolScenario.of(
            "move_checklist_items_to_new_task",
            w -> {
              var fromA = defaultChecklist(w, w.taskA);
              var fromB = defaultChecklist(w, w.taskB);
              return inAndOut(
                  toNewTask(List.of(w.itemA), fromA).add("checklistTitle", "Split").build(),
                  toNewTask(List.of(w.itemB), fromB).build(),
                  toNewTask(List.of(w.itemA), fromA).add("categoryId", w.categoryB).build());
            }),
        ToolScenario.of(
            "migrate_checklist_items",
            w ->
                inAndOut(
                    migrate(w.itemA, w.taskA2).build(),
                    migrate(w.itemB, w.taskA2).build(),
                    migrate(w.itemA, w.taskB).build())),
        ToolScenario.of(
            "set_task_language",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("language", "de-DE").build(),
                    args().add("taskId", w.taskB).add("language", "de-DE").build())),
        ToolScenario.of(
            "assign_task_labels",
            w -> {
              var labelA =
                  w.services
                      .labels
                      .createLabel(w.categoryA, "docs", Optional.empty(), ChangeOrigin.NONE)
                      .getId();
              var labelB =
                  w.services
                      .labels
                      .createLabel(w.categoryB, "docs", Optional.empty(), ChangeOrigin.NONE)
                      .getId();
              w.foreign(labelB);
              return inAndOut(
                  labels(w.taskA, "add", labelA).build(),
                  labels(w.taskB, "add", labelB).build(),
                  labels(w.taskA, "add", labelB).build(),
                  labels(w.taskA, "replace", labelA, labelB).build());
            }));
  }

  private static jakarta.json.JsonObjectBuilder migrate(String itemId, String targetTaskId) {
    return args()
        .add("itemIds", jakarta.json.Json.createArrayBuilder().add(itemId))
        .add("targetTaskId", targetTaskId);
  }

  /** The task's first checklist, the one its world's items were added to. */
  static String defaultChecklist(World w, String taskId) {
    return w.services.checklists.checklists(taskId).get(0).getId();
  }

  /** The world's other item on task A ("Collect feedback", checked). */
  static String checkedItemOfA(World w) {
    return w.services.checklists.checklistItems(defaultChecklist(w, w.taskA)).stream()
        .filter(item -> !item.getId().equals(w.itemA))
        .findFirst()
        .orElseThrow()
        .getId();
  }

  private static JsonArrayBuilder titles(String... titles) {
    return Json.createArrayBuilder(List.of(titles));
  }

  private static jakarta.json.JsonObjectBuilder update(String itemId) {
    return Json.createObjectBuilder().add("itemId", itemId);
  }

  private static jakarta.json.JsonObjectBuilder move(List<String> itemIds, String from, String to) {
    return args()
        .add("itemIds", Json.createArrayBuilder(itemIds))
        .add("fromChecklistId", from)
        .add("toChecklistId", to)
        .add("preserveCheckedState", false);
  }

  private static jakarta.json.JsonObjectBuilder toNewTask(List<String> itemIds, String from) {
    return args()
        .add("itemIds", Json.createArrayBuilder(itemIds))
        .add("fromChecklistId", from)
        .add("newTaskTitle", "Split off by a tool")
        .add("preserveCheckedState", true);
  }

  private static jakarta.json.JsonObjectBuilder labels(
      String taskId, String mode, String... labelIds) {
    return args()
        .add("taskId", taskId)
        .add("labelIds", Json.createArrayBuilder(List.of(labelIds)))
        .add("mode", mode);
  }
}
