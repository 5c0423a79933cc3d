package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.MEMORY_WRITE;
import static io.reveille.tool.entity.Capability.TASK_READ;
import static io.reveille.tool.entity.Capability.TASK_WRITE;
import static io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.ProjectService;
import io.reveille.journal.entity.Project;
import io.reveille.journal.entity.ProjectStatus;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.entity.RiskLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The project agent's tools, over a project of its categories:
 *
 * <ul>
 *   <li>{@code get_project_details}: the project and its tasks with their counts by status; a
 *       project outside the caller's scope reads as not found.
 *   <li>{@code update_project_report}: the agent's report on the project with a health band ({@code
 *       surviving}, {@code onTrack}, {@code watch}, {@code atRisk}, {@code blocked}), its rationale
 *       and a confidence (the report's), written by the call as {@code update_report}.
 *   <li>{@code recommend_next_steps} and {@code update_project_status}: proposal-only — every call
 *       a run makes is a proposal a person (an operator) decides on. Approved, the steps become
 *       tasks of the project (the rationale their description, high/medium/low priority p1/p2/p3),
 *       and the status moves with its reason.
 * </ul>
 */
@ApplicationScoped
public class ProjectTools implements ToolSet {

  @Inject ProjectService projects;
  @Inject JournalService journal;
  @Inject MemoryTools memoryTools;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.reading("get_project_details")
            .requires(TASK_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::details),
        ToolDefinition.writing("update_project_report")
            .requires(MEMORY_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::report),
        ToolDefinition.writing("recommend_next_steps")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .risk(RiskLevel.MEDIUM)
            .previewable()
            .proposalOnly(Role.OPERATOR)
            .handledBy(this::recommend),
        ToolDefinition.writing("update_project_status")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .risk(RiskLevel.MEDIUM)
            .previewable()
            .proposalOnly(Role.OPERATOR)
            .handledBy(this::status));
  }

  ToolOutcome details(ToolInvocation call) {
    var provider = JsonDocuments.provider();
    var found =
        projects
            .find(call.arguments().string("projectId"))
            .filter(project -> call.scope().allows(project.getCategoryId()));
    if (found.isEmpty()) {
      return ToolOutcome.read(provider.createObjectBuilder().add("found", false).build());
    }
    var project = found.get();
    var tasks = provider.createArrayBuilder();
    var counts = new TreeMap<String, Integer>();
    for (var task : projects.tasks(project.getId())) {
      tasks.add(ToolJson.taskSummary(task));
      counts.merge(task.getStatus().wire(), 1, Integer::sum);
    }
    var byStatus = provider.createObjectBuilder();
    counts.forEach(byStatus::add);
    var json =
        provider
            .createObjectBuilder()
            .add("id", project.getId())
            .add("title", project.getTitle())
            .add("status", project.getStatus().wire())
            .add("categoryId", project.getCategoryId());
    project.getDescription().ifPresent(text -> json.add("description", text));
    project.getStatusReason().ifPresent(text -> json.add("statusReason", text));
    return ToolOutcome.read(
        provider
            .createObjectBuilder()
            .add("found", true)
            .add("project", json)
            .add("tasks", tasks)
            .add("tasksByStatus", byStatus)
            .build());
  }

  ToolOutcome report(ToolInvocation call) {
    var arguments = call.arguments();
    var project = inScope(call);
    var band = arguments.string("healthBand");
    var confidence =
        arguments.has("healthConfidence")
            ? arguments.json().getJsonNumber("healthConfidence").doubleValue()
            : null;
    var text =
        "_"
            + arguments.string("oneLiner").strip()
            + "_\n\n**Health:** "
            + band
            + " - "
            + arguments.string("healthRationale").strip()
            + "\n\n**TL;DR** "
            + arguments.string("tldr").strip()
            + "\n\n"
            + arguments.string("content").strip();
    var report =
        memoryTools.report(
            call,
            text,
            confidence,
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("projectId", project.getId())
                .add("healthBand", band)
                .add("healthRationale", arguments.string("healthRationale").strip()));
    return ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("reportId", report.getId())
                .add("healthBand", band)
                .build())
        .changed(SemanticKey.AGENT, call.agentId())
        .build();
  }

  ToolOutcome recommend(ToolInvocation call) {
    var project = inScope(call);
    requireLive(project);
    var provider = JsonDocuments.provider();
    var steps = provider.createArrayBuilder();
    var created = new java.util.ArrayList<String>();
    for (var step : call.arguments().objects("steps")) {
      var title = step.getString("title").strip();
      var priority =
          switch (step.getString("priority")) {
            case "high" -> TaskPriority.P1;
            case "low" -> TaskPriority.P3;
            default -> TaskPriority.P2;
          };
      var planned =
          provider.createObjectBuilder().add("title", title).add("priority", priority.wire());
      if (call.previewOnly()) {
        // The id a preview cannot know: null matches the one the approved call creates.
        steps.add(planned.addNull("taskId"));
        continue;
      }
      var task =
          journal.createTask(
              new NewTask(
                  title,
                  Optional.of(step.getString("rationale").strip()),
                  Optional.of(project.getCategoryId()),
                  Optional.empty(),
                  Optional.of(priority),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty()),
              call.origin());
      projects.assign(task.getId(), Optional.of(project.getId()), call.origin());
      steps.add(planned.add("taskId", task.getId()));
      created.add(task.getId());
    }
    var payload =
        provider.createObjectBuilder().add("projectId", project.getId()).add("tasks", steps);
    return call.previewOnly()
        ? ToolOutcome.read(payload.build())
        : ToolOutcome.of(payload.build()).changed(SemanticKey.TASK, created).build();
  }

  ToolOutcome status(ToolInvocation call) {
    var project = inScope(call);
    var to =
        WireEnum.find(ProjectStatus.class, call.arguments().string("status"))
            .orElseThrow(() -> ToolFailure.invalid("status", "not a project status"));
    if (!project.getStatus().canMoveTo(to)) {
      throw new ToolFailure(
          ToolErrorCode.CONFLICT,
          "project "
              + project.getId()
              + " is "
              + project.getStatus().wire()
              + " and may not move to "
              + to.wire());
    }
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("projectId", project.getId())
            .add("previousStatus", project.getStatus().wire())
            .add("status", to.wire())
            .add("reason", call.arguments().string("reason").strip())
            .build();
    if (call.previewOnly()) {
      return ToolOutcome.read(payload);
    }
    try {
      projects.moveTo(
          project.getId(),
          to,
          call.arguments().string("reason"),
          java.util.OptionalLong.empty(),
          call.origin());
    } catch (IllegalTransitionException e) {
      throw new ToolFailure(ToolErrorCode.CONFLICT, e.getMessage());
    }
    return ToolOutcome.of(payload).changed(SemanticKey.PROJECT, project.getId()).build();
  }

  /** The project the call names, when it is in the caller's scope. */
  private Project inScope(ToolInvocation call) {
    var id = call.arguments().string("projectId");
    var project =
        projects
            .find(id)
            .orElseThrow(() -> new ToolFailure(ToolErrorCode.NOT_FOUND, "no project " + id));
    if (!call.scope().allows(project.getCategoryId())) {
      throw ToolFailure.outOfScope(
          "project " + id + " is of category " + project.getCategoryId() + ", outside the scope");
    }
    return project;
  }

  private static void requireLive(Project project) {
    if (!ProjectStatus.live().contains(project.getStatus())) {
      throw new ToolFailure(
          ToolErrorCode.CONFLICT,
          "project "
              + project.getId()
              + " is "
              + project.getStatus().wire()
              + "; new work goes to an open project");
    }
  }
}
