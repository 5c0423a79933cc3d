package io.reveille.tool.control;

import static io.reveille.tool.control.ToolScenario.args;
import static io.reveille.tool.control.ToolScenario.inAndOut;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.control.DayPlanService.PinMode;
import io.reveille.tool.control.ToolWorld.World;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * Scenarios of the day planning tools. Each world's plan holds blocks of both categories and a pin
 * of task B, so every write can reach for a foreign block, category or task.
 */
final class DayPlanToolScenarios {

  private DayPlanToolScenarios() {}

  /**
   * A plan of the world's date: blocks of A (one to keep, one to delete) and of B; B's task pinned.
   */
  record Plan(String blockA, String blockA2, String blockB) {}

  static Plan plan(World w) {
    var changes =
        w.services.dayPlans.upsertBlocks(
            w.planDate,
            List.of(
                block(w.categoryA, at(w, 9), at(w, 10), Optional.of(w.taskA)),
                block(w.categoryA, at(w, 11), at(w, 12), Optional.empty()),
                block(w.categoryB, at(w, 15), at(w, 16), Optional.of(w.taskB))),
            List.of(),
            ChangeOrigin.NONE);
    w.services.dayPlans.pinTasks(w.planDate, List.of(w.taskB), PinMode.ADD, ChangeOrigin.NONE);
    var ids = changes.createdIds();
    w.foreign(ids.get(2));
    return new Plan(ids.get(0), ids.get(1), ids.get(2));
  }

  static List<ToolScenario> all() {
    return List.of(
        ToolScenario.of(
            "get_or_create_day_plan",
            // A plan shared with category B exists: the call must show none of B's blocks or pins
            // (the catalog test looks for every foreign id in the payload). Creating the plan:
            // TimeToolsIT.
            w -> {
              plan(w);
              return new ToolScenario.Case(
                  args().add("planDate", w.planDate.toString()).build(), List.of());
            }),
        ToolScenario.of(
            "upsert_day_plan_blocks",
            w -> {
              var plan = plan(w);
              return inAndOut(
                  upserts(
                          w,
                          blockJson(w.categoryA, at(w, 13), at(w, 14))
                              .add("taskId", w.taskA2)
                              .add("note", "Review"),
                          blockJson(w.categoryA, at(w, 8), at(w, 9)).add("id", plan.blockA()))
                      .add("deletes", Json.createArrayBuilder().add(plan.blockA2()))
                      .build(),
                  upserts(w, blockJson(w.categoryB, at(w, 13), at(w, 14))).build(),
                  upserts(w, blockJson(w.categoryA, at(w, 13), at(w, 14)).add("taskId", w.taskB))
                      .build(),
                  upserts(w, blockJson(w.categoryA, at(w, 17), at(w, 18)).add("id", plan.blockB()))
                      .build(),
                  args()
                      .add("planDate", w.planDate.toString())
                      .add("deletes", Json.createArrayBuilder().add(plan.blockB()))
                      .build());
            }),
        ToolScenario.of(
            "pin_day_plan_tasks",
            w -> {
              plan(w);
              return inAndOut(
                  pins(w, "replace", w.taskA2, w.taskA),
                  pins(w, "add", w.taskB),
                  pins(w, "replace", w.taskA, w.taskB),
                  pins(w, "remove", w.taskB));
            }),
        ToolScenario.of(
            "replan_day_blocks",
            w -> {
              var plan = plan(w);
              return inAndOut(
                  replan(w, -60, plan.blockA(), plan.blockA2()),
                  replan(w, 60, plan.blockB()),
                  replan(w, 30, plan.blockA(), plan.blockB()));
            }));
  }

  static Instant at(World w, int hour) {
    return w.planDate.atTime(hour, 0).toInstant(ZoneOffset.UTC);
  }

  static BlockUpsert block(String categoryId, Instant start, Instant end, Optional<String> taskId) {
    return new BlockUpsert(
        Optional.empty(), categoryId, start, end, taskId, Optional.of("Planned block"));
  }

  static JsonObjectBuilder blockJson(String categoryId, Instant start, Instant end) {
    return Json.createObjectBuilder()
        .add("categoryId", categoryId)
        .add("startTime", start.toString())
        .add("endTime", end.toString());
  }

  static JsonObjectBuilder upserts(World w, JsonObjectBuilder... blocks) {
    var array = Json.createArrayBuilder();
    for (var block : blocks) {
      array.add(block);
    }
    return args().add("planDate", w.planDate.toString()).add("upserts", array);
  }

  static jakarta.json.JsonObject pins(World w, String mode, String... taskIds) {
    return args()
        .add("planDate", w.planDate.toString())
        .add("taskIds", Json.createArrayBuilder(List.of(taskIds)))
        .add("mode", mode)
        .build();
  }

  static jakarta.json.JsonObject replan(World w, int minutes, String... blockIds) {
    return args()
        .add("planDate", w.planDate.toString())
        .add("blockIds", Json.createArrayBuilder(List.of(blockIds)))
        .add("shiftMinutes", minutes)
        .build();
  }
}
