package io.reveille.tool.control;

import static io.reveille.tool.control.ToolScenario.args;
import static io.reveille.tool.control.ToolScenario.inAndOut;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.tool.control.ToolWorld.World;
import java.util.List;
import java.util.Optional;

/**
 * Scenarios of the rating tools. Each world has ratings in both categories: of task A and B, of an
 * entry in B, and of the shared day plan once in each category.
 */
final class RatingToolScenarios {

  private RatingToolScenarios() {}

  /** The rated targets of a world. */
  record Rated(String entryB, String planId) {}

  static Rated rated(World w) {
    var ratings = w.services.ratings;
    var entryB = TimeToolScenarios.entry(w, w.taskB);
    w.foreign(entryB);
    var planId =
        w.services.dayPlans.getOrCreateDayPlan(w.planDate, ChangeOrigin.NONE).view().plan().getId();
    ratings.createOrUpdateRating(
        RatingTarget.TASK,
        w.taskA,
        "focus",
        4,
        Optional.of("Steady"),
        Optional.empty(),
        ChangeOrigin.NONE);
    w.foreign(
        ratings
            .createOrUpdateRating(
                RatingTarget.TASK,
                w.taskB,
                "focus",
                2,
                Optional.empty(),
                Optional.empty(),
                ChangeOrigin.NONE)
            .rating()
            .getId());
    w.foreign(
        ratings
            .createOrUpdateRating(
                RatingTarget.TIME_ENTRY,
                entryB,
                "focus",
                1,
                Optional.empty(),
                Optional.empty(),
                ChangeOrigin.NONE)
            .rating()
            .getId());
    ratings.createOrUpdateRating(
        RatingTarget.DAY_PLAN,
        planId,
        "energy",
        3,
        Optional.empty(),
        Optional.of(w.categoryA),
        ChangeOrigin.NONE);
    w.foreign(
        ratings
            .createOrUpdateRating(
                RatingTarget.DAY_PLAN,
                planId,
                "mood",
                2,
                Optional.of("Foreign note"),
                Optional.of(w.categoryB),
                ChangeOrigin.NONE)
            .rating()
            .getId());
    return new Rated(entryB, planId);
  }

  static List<ToolScenario> all() {
    return List.of(
        ToolScenario.of(
            "get_ratings_summary",
            w -> {
              rated(w);
              return inAndOut(args().build(), args().add("dimension", "mood").build());
            }),
        ToolScenario.of(
            "get_rating_for_target",
            w -> {
              var rated = rated(w);
              return inAndOut(
                  target("task", w.taskA).build(),
                  target("task", w.taskB).build(),
                  target("timeEntry", rated.entryB()).build(),
                  target("dayPlan", rated.planId()).build());
            }),
        ToolScenario.of(
            "create_or_update_rating",
            w -> {
              var rated = rated(w);
              return inAndOut(
                  target("task", w.taskA).add("dimension", "focus").add("value", 5).build(),
                  target("task", w.taskB).add("dimension", "focus").add("value", 5).build(),
                  target("timeEntry", rated.entryB())
                      .add("dimension", "focus")
                      .add("value", 5)
                      .build(),
                  target("dayPlan", rated.planId())
                      .add("dimension", "energy")
                      .add("value", 5)
                      .add("categoryId", w.categoryB)
                      .build(),
                  target("dayPlan", rated.planId())
                      .add("dimension", "mood")
                      .add("value", 5)
                      .add("categoryId", w.categoryA)
                      .build());
            }));
  }

  static jakarta.json.JsonObjectBuilder target(String type, String id) {
    return args().add("targetType", type).add("targetId", id);
  }
}
