package io.reveille.tool.control;

import static io.reveille.tool.control.ToolScenario.args;
import static io.reveille.tool.control.ToolScenario.inAndOut;

import jakarta.json.Json;
import java.util.List;

/** Scenarios of the context, task, memory and working-state tools. */
final class CoreToolScenarios {

  private CoreToolScenarios() {}

  private static ToolScenario.Case followUp(ToolWorld.World w, boolean conclude) {
    var inScope =
        args()
            .add("sourceTaskId", w.taskA)
            .add("newTaskTitle", "Next iteration")
            .add("carryOverOpenChecklistItems", true);
    if (!conclude) {
      inScope.add("closeSourceTaskAs", "done");
    }
    return inAndOut(
        inScope.build(),
        args().add("sourceTaskId", w.taskB).add("newTaskTitle", "Next iteration").build(),
        args()
            .add("sourceTaskId", w.taskA)
            .add("newTaskTitle", "Next iteration")
            .add("preserveCategoryAndLabels", false)
            .add("categoryId", w.categoryB)
            .build());
  }

  /** A project of {@code category} with task A or B in it, named after the category. */
  private static String project(ToolWorld.World w, String category) {
    var project =
        w.services.projects.create(
            "Project of " + category,
            java.util.Optional.empty(),
            category,
            io.reveille.journal.control.ChangeOrigin.NONE);
    w.services.projects.assign(
        category.equals(w.categoryA) ? w.taskA : w.taskB,
        java.util.Optional.of(project.getId()),
        io.reveille.journal.control.ChangeOrigin.NONE);
    return project.getId();
  }

  private static jakarta.json.JsonObject projectReport(String projectId) {
    return args()
        .add("projectId", projectId)
        .add("oneLiner", "Moving")
        .add("healthBand", "watch")
        .add("healthRationale", "one task blocked")
        .add("healthConfidence", 0.7)
        .add("tldr", "Half done")
        .add("content", "## Progress overview\nHalf done.")
        .build();
  }

  private static jakarta.json.JsonObject nextSteps(String projectId) {
    return args()
        .add("projectId", projectId)
        .add(
            "steps",
            Json.createArrayBuilder()
                .add(
                    Json.createObjectBuilder()
                        .add("title", "Write the launch note")
                        .add("rationale", "nobody owns it")
                        .add("priority", "high")))
        .build();
  }

  static List<ToolScenario> all() {
    return List.of(
        ToolScenario.of("list_allowed_categories", w -> inAndOut(args().build(), args().build())),
        ToolScenario.of(
            "list_tasks_in_scope",
            w ->
                inAndOut(
                    args().build(),
                    args().add("categoryIds", Json.createArrayBuilder().add(w.categoryB)).build())),
        ToolScenario.of(
            "resolve_task_reference",
            w ->
                inAndOut(
                    args().add("reference", "migration guide").build(),
                    args().add("reference", "Foreign planning").build())),
        ToolScenario.of(
            "set_task_title",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("title", "Renamed by a tool").build(),
                    args().add("taskId", w.taskB).add("title", "Renamed by a tool").build())),
        ToolScenario.of(
            "update_task_estimate",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("estimateMinutes", 90).build(),
                    args().add("taskId", w.taskB).add("estimateMinutes", 90).build())),
        ToolScenario.of(
            "update_task_due_date",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("dueDate", "2026-12-01").build(),
                    args().add("taskId", w.taskB).add("dueDate", "2026-12-01").build())),
        ToolScenario.of(
            "update_task_priority",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("priority", "p0").build(),
                    args().add("taskId", w.taskB).add("priority", "p0").build())),
        ToolScenario.of(
            "set_task_status",
            w ->
                inAndOut(
                    args()
                        .add("taskId", w.taskA)
                        .add("status", "groomed")
                        .add("reason", "refined and ready")
                        .build(),
                    args()
                        .add("taskId", w.taskB)
                        .add("status", "onHold")
                        .add("reason", "set aside")
                        .build())),
        ToolScenario.of(
            "create_task",
            w ->
                inAndOut(
                    args().add("title", "Created by a tool").add("categoryId", w.categoryA).build(),
                    args()
                        .add("title", "Created by a tool")
                        .add("categoryId", w.categoryB)
                        .build())),
        ToolScenario.of(
            "update_task_fields",
            w ->
                inAndOut(
                    args()
                        .add("taskId", w.taskA)
                        .add("title", "Updated by a tool")
                        .add("priority", "p1")
                        .addNull("estimateMinutes")
                        .build(),
                    args().add("taskId", w.taskB).add("priority", "p1").build(),
                    args().add("taskId", w.taskA).add("categoryId", w.categoryB).build())),
        ToolScenario.of("create_follow_up_task", w -> followUp(w, false)),
        ToolScenario.of("suggest_follow_up_task", w -> followUp(w, false)),
        ToolScenario.of("conclude_task_with_rollover", w -> followUp(w, true)),
        ToolScenario.of(
            "record_observations",
            w ->
                new ToolScenario.Case(
                    args()
                        .add(
                            "observations",
                            Json.createArrayBuilder()
                                .add(
                                    Json.createObjectBuilder().add("text", "Due date moved twice")))
                        .build(),
                    List.of())),
        ToolScenario.of(
            "record_evolution_note",
            w ->
                new ToolScenario.Case(
                    args()
                        .add("kind", "hypothesis")
                        .add("content", "Shorter briefs fail less")
                        .build(),
                    List.of())),
        ToolScenario.of(
            "update_report",
            w ->
                new ToolScenario.Case(
                    args()
                        .add("oneLiner", "On track")
                        .add("tldr", "Two tasks left")
                        .add("content", "## Status\nTwo tasks left.")
                        .build(),
                    List.of())),
        ToolScenario.of(
            "publish_ritual_recap",
            w ->
                new ToolScenario.Case(
                    args()
                        .add("tldr", "Nothing to change")
                        .add("content", "## Recap\nAll well.")
                        .build(),
                    List.of())),
        ToolScenario.of(
            "retract_suggestions",
            w ->
                new ToolScenario.Case(
                    args()
                        .add(
                            "proposals",
                            Json.createArrayBuilder()
                                .add(
                                    Json.createObjectBuilder()
                                        .add("proposalId", "tc-no-such-proposal")
                                        .add("reason", "no longer needed")))
                        .build(),
                    List.of())),
        ToolScenario.of(
            "link_task",
            w ->
                inAndOut(
                    args()
                        .add("taskId", w.taskA)
                        .add("relation", "isBlockedBy")
                        .add("targetTaskId", w.taskA2)
                        .build(),
                    args()
                        .add("taskId", w.taskA)
                        .add("relation", "blocks")
                        .add("targetTaskId", w.taskB)
                        .build(),
                    args()
                        .add("taskId", w.taskB)
                        .add("relation", "blocks")
                        .add("targetTaskId", w.taskA)
                        .build())),
        ToolScenario.of(
            "request_attention",
            w ->
                inAndOut(
                    args()
                        .add("taskId", w.taskA)
                        .add("requestedMinutes", 90)
                        .add("impact", 4)
                        .add("urgency", 5)
                        .add("energyFit", "high")
                        .add("rationale", "the report is due on Friday")
                        .build(),
                    args()
                        .add("taskId", w.taskB)
                        .add("requestedMinutes", 30)
                        .add("impact", 1)
                        .add("urgency", 1)
                        .add("rationale", "not mine to ask")
                        .build())),
        ToolScenario.of(
            "resolve_attention_request",
            w -> {
              var ask =
                  new io.reveille.journal.entity.AttentionRequest.Ask(
                      "Time for it",
                      60,
                      3,
                      3,
                      io.reveille.journal.entity.EnergyFit.NEUTRAL,
                      java.util.Optional.empty(),
                      java.util.Optional.empty(),
                      java.util.Optional.empty(),
                      java.util.Optional.empty(),
                      "asked by the scenario");
              var mine =
                  w.services.attention.request(
                      w.taskA,
                      java.util.Optional.empty(),
                      ask,
                      io.reveille.journal.control.ChangeOrigin.NONE);
              var foreign =
                  w.services.attention.request(
                      w.taskB,
                      java.util.Optional.empty(),
                      ask,
                      io.reveille.journal.control.ChangeOrigin.NONE);
              return inAndOut(
                  args()
                      .add("requestId", mine.getId())
                      .add("status", "satisfied")
                      .add("reason", "planned for the morning")
                      .build(),
                  args()
                      .add("requestId", foreign.getId())
                      .add("status", "withdrawn")
                      .add("reason", "not mine")
                      .build());
            }),
        ToolScenario.of(
            "get_related_task_details",
            w -> {
              // Task A is linked to A2 (in scope) and to B (outside it): only A2 is shown.
              w.services.links.link(
                  w.taskA, "blocks", w.taskA2, io.reveille.journal.control.ChangeOrigin.NONE);
              w.services.links.link(
                  w.taskA, "relatesTo", w.taskB, io.reveille.journal.control.ChangeOrigin.NONE);
              return inAndOut(
                  args().add("taskId", w.taskA).build(), args().add("taskId", w.taskB).build());
            }),
        ToolScenario.of(
            "get_project_details",
            w ->
                inAndOut(
                    args().add("projectId", project(w, w.categoryA)).build(),
                    args().add("projectId", project(w, w.categoryB)).build())),
        ToolScenario.of(
            "update_project_report",
            w ->
                inAndOut(
                    projectReport(project(w, w.categoryA)),
                    projectReport(project(w, w.categoryB)))),
        ToolScenario.of(
            "recommend_next_steps",
            w -> inAndOut(nextSteps(project(w, w.categoryA)), nextSteps(project(w, w.categoryB)))),
        ToolScenario.of(
            "update_project_status",
            w ->
                inAndOut(
                    args()
                        .add("projectId", project(w, w.categoryA))
                        .add("status", "active")
                        .add("reason", "work started")
                        .build(),
                    args()
                        .add("projectId", project(w, w.categoryB))
                        .add("status", "active")
                        .add("reason", "work started")
                        .build())),
        ToolScenario.of(
            "get_template_feedback",
            w -> {
              // A coach in each category: the one of the foreign category, named after it, must
              // not be shown.
              for (var category : List.of(w.categoryA, w.categoryB)) {
                w.services.templateAgents.create(
                    "gymCoach",
                    Json.createObjectBuilder().add("categoryId", category).build(),
                    java.util.Optional.of("Coach of " + category));
              }
              var read = args().add("templateId", "gymCoach").add("days", 1).build();
              return inAndOut(read, read);
            }),
        ToolScenario.of(
            "set_next_wake",
            w ->
                new ToolScenario.Case(
                    args().add("in", "PT10M").add("reason", "see how the day went").build(),
                    List.of())),
        ToolScenario.of(
            "declare_expectations",
            w ->
                new ToolScenario.Case(
                    args()
                        .add(
                            "expectations",
                            Json.createArrayBuilder()
                                .add(
                                    Json.createObjectBuilder()
                                        .add("id", "one-task")
                                        .add("action", "create_task")
                                        .add("expectedOutcome", "creates one task")
                                        .add("expectedCount", 1)))
                        .build(),
                    List.of())));
  }
}
