package io.reveille.template.control;

import static io.reveille.tool.entity.Capability.TEMPLATE_PROPOSE;
import static io.reveille.tool.entity.Capability.TEMPLATE_READ;
import static io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.memory.control.MemoryService;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.persistence.Window;
import io.reveille.run.control.RunFilter;
import io.reveille.run.control.RunQueries;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The tools of an improver agent, which tends the templates other agents are made from:
 *
 * <ul>
 *   <li>{@code get_template_feedback}: how the agents made from a template fare over the last days
 *       — each one's runs by outcome, its streak of failed runs, its last failure, the ratings of
 *       its categories and how its proposals were decided in that time, and the start of its report
 *       — with the template's instructions and latest versions. Only agents whose categories all
 *       lie in the caller's scope are shown (an agent without categories is not); the others are
 *       counted.
 *   <li>{@code propose_directives}: new instructions for a template, as its next version. The tool
 *       is proposal-only: a call a run makes is held as a proposal whose preview shows the current
 *       and the proposed instructions, and an admin's approval writes the version ({@code source}
 *       {@code evolution}, authored by the agent). A template whose latest version is not the one
 *       the proposal started from refuses it ({@code conflict}): propose again from the latest. The
 *       agents the proposal names ({@code moveAgents}: made from the template, in scope) move to
 *       the new version with the approval; the others keep theirs until moved on request.
 * </ul>
 *
 * The caller may name only a template that has an agent in its scope.
 */
@ApplicationScoped
public class TemplateTools implements ToolSet {

  /** Agents of one template read, at most. */
  static final int MAX_AGENTS = 50;

  /** Runs of one agent read, at most. */
  static final int MAX_RUNS = 200;

  /** Characters of an agent's report shown. */
  static final int REPORT_CHARS = 1_500;

  /** Versions listed, the latest ones. */
  static final int VERSIONS = 5;

  @Inject TemplateCatalog catalog;
  @Inject TemplateStore store;
  @Inject TemplateAgents templateAgents;
  @Inject AgentService agents;
  @Inject RunQueries runs;
  @Inject MemoryService memory;
  @Inject io.reveille.journal.control.RatingService ratings;
  @Inject io.reveille.tool.control.approval.ToolProposals proposals;
  @Inject Clock clock;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.reading("get_template_feedback")
            .requires(TEMPLATE_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::feedback),
        ToolDefinition.writing("propose_directives")
            .requires(TEMPLATE_PROPOSE)
            .scope(TARGET_IN_SCOPE)
            .risk(RiskLevel.HIGH)
            .previewable()
            .proposalOnly(Role.ADMIN)
            .handledBy(this::propose));
  }

  ToolOutcome feedback(ToolInvocation call) {
    var template = template(call.arguments().string("templateId"));
    var days = call.arguments().optionalInteger("days").orElse(7);
    var since = clock.instant().minus(Duration.ofDays(days));
    var provider = JsonDocuments.provider();
    var shown = provider.createArrayBuilder();
    var made = agents.madeFrom(template.id(), MAX_AGENTS + 1);
    var outside = 0;
    for (var agent : made.subList(0, Math.min(made.size(), MAX_AGENTS))) {
      if (!inScope(agent, call.scope())) {
        outside++;
        continue;
      }
      shown.add(agentFeedback(agent, since));
    }
    var versions = provider.createArrayBuilder();
    var all = store.versions(template.id());
    for (var row : all.subList(Math.max(0, all.size() - VERSIONS), all.size())) {
      var version =
          provider
              .createObjectBuilder()
              .add("version", row.getTemplateVersion())
              .add("source", row.getSource())
              .add("createdAt", row.getCreatedAt().toString());
      row.getAuthoredBy().ifPresent(author -> version.add("authoredBy", author));
      versions.add(version);
    }
    return ToolOutcome.read(
        provider
            .createObjectBuilder()
            .add("templateId", template.id())
            .add("version", template.version())
            .add("instructions", template.instructions())
            .add("versions", versions)
            .add("days", days)
            .add("agents", shown)
            .add("agentsOutOfScope", outside)
            .add("moreAgents", made.size() > MAX_AGENTS)
            .build());
  }

  private JsonObject agentFeedback(Agent agent, java.time.Instant since) {
    var provider = JsonDocuments.provider();
    var page =
        runs.runs(
            new RunFilter(
                Optional.of(agent.getId()),
                Optional.empty(),
                Optional.empty(),
                Optional.of(since),
                Optional.empty()),
            new Window(0, MAX_RUNS));
    int completed = 0;
    int failed = 0;
    int other = 0;
    int streak = 0;
    var streakOpen = true;
    JsonObject lastFailure = null;
    for (var run : page.items()) {
      var status = run.getStatus();
      if (status == WakeStatus.COMPLETED) {
        completed++;
      } else if (status == WakeStatus.FAILED) {
        failed++;
      } else {
        other++;
      }
      // Newest first: the streak counts the failed runs before the newest one that ended otherwise.
      if (status == WakeStatus.FAILED && streakOpen) {
        streak++;
      } else if (status == WakeStatus.COMPLETED || status == WakeStatus.CANCELLED) {
        streakOpen = false;
      }
      if (status == WakeStatus.FAILED && lastFailure == null) {
        var failure =
            provider
                .createObjectBuilder()
                .add("runKey", run.getRunKey())
                .add("at", run.getCreatedAt().toString());
        run.getErrorCode().ifPresent(code -> failure.add("errorCode", code));
        Optional.ofNullable(run.getErrorMessage())
            .ifPresent(message -> failure.add("error", clip(message, 500)));
        lastFailure = failure.build();
      }
    }
    var result =
        provider
            .createObjectBuilder()
            .add("agentId", agent.getId())
            .add("displayName", agent.getDisplayName())
            .add("lifecycle", agent.getLifecycle().wire())
            .add("templateVersion", agent.getTemplateVersion().orElse(0))
            .add(
                "runs",
                provider
                    .createObjectBuilder()
                    .add("completed", completed)
                    .add("failed", failed)
                    .add("other", other)
                    .add("more", page.more()))
            .add("failureStreak", streak);
    if (lastFailure != null) {
      result.add("lastFailure", lastFailure);
    }
    // What people made of its work: the ratings of its categories over the window, and how its
    // proposals were decided.
    var rated = provider.createArrayBuilder();
    ratings
        .ratingsSummary(
            Optional.of(java.util.Set.copyOf(agent.getAllowedCategoryIds())),
            Optional.of(since),
            Optional.empty())
        .forEach(
            summary ->
                rated.add(
                    provider
                        .createObjectBuilder()
                        .add("dimension", summary.dimension())
                        .add("count", summary.count())
                        .add("average", Math.round(summary.average() * 100) / 100.0)));
    result.add("ratings", rated);
    var decided = provider.createObjectBuilder();
    proposals
        .countsSince(agent.getId(), since)
        .forEach((status, count) -> decided.add(status.wire(), count));
    result.add("proposals", decided);
    memory
        .currentReport(agent.getId(), MemoryService.DEFAULT_REPORT_SCOPE)
        .ifPresent(report -> result.add("report", clip(report.getContent(), REPORT_CHARS)));
    return result.build();
  }

  ToolOutcome propose(ToolInvocation call) {
    var arguments = call.arguments();
    var template = template(arguments.string("templateId"));
    var from = arguments.integer("baseVersion");
    if (agents.madeFrom(template.id(), MAX_AGENTS).stream()
        .noneMatch(agent -> inScope(agent, call.scope()))) {
      throw ToolFailure.outOfScope(
          "template " + template.id() + " has no agent in this agent's categories");
    }
    if (template.version() != from) {
      throw new ToolFailure(
          ToolErrorCode.CONFLICT,
          "template "
              + template.id()
              + " is at version "
              + template.version()
              + ", not "
              + from
              + "; read its feedback again and propose from the latest version");
    }
    var instructions = arguments.string("instructions").strip();
    if (instructions.equals(template.instructions().strip())) {
      throw ToolFailure.invalid("instructions", "are the template's current instructions");
    }
    TemplateDocument next;
    try {
      next = template.nextWithInstructions(instructions);
    } catch (IllegalStateException e) {
      throw ToolFailure.invalid("instructions", e.getMessage());
    }
    var moving = moving(template.id(), arguments.strings("moveAgents"), call.scope());
    var moves = JsonDocuments.provider().createArrayBuilder();
    moving.forEach(
        agent ->
            moves.add(
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add("agentId", agent.getId())
                    .add("displayName", agent.getDisplayName())
                    .add("fromVersion", agent.getTemplateVersion().orElse(0))));
    var result =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("templateId", template.id())
            .add("fromVersion", from)
            .add("toVersion", next.version())
            .add("currentInstructions", template.instructions())
            .add("proposedInstructions", instructions)
            .add("rationale", arguments.string("rationale").strip())
            .add("movesAgents", moves);
    if (call.previewOnly()) {
      return ToolOutcome.read(result.build());
    }
    try {
      store.evolve(next, call.agentId());
      for (var agent : moving) {
        templateAgents.upgrade(
            template.id(), agent.getId(), Optional.of(next.version()), OptionalLong.empty());
      }
    } catch (ConflictException e) {
      throw new ToolFailure(ToolErrorCode.CONFLICT, e.getMessage());
    }
    return ToolOutcome.of(result.build()).build();
  }

  /**
   * The agents a proposal moves to its version when approved: each made from the template and in
   * the caller's scope, in the order named.
   */
  private List<Agent> moving(String templateId, List<String> agentIds, CategoryScope scope) {
    var moving = new java.util.ArrayList<Agent>();
    for (var agentId : agentIds) {
      Agent agent;
      try {
        agent = agents.get(agentId);
      } catch (NotFoundException e) {
        throw new ToolFailure(ToolErrorCode.NOT_FOUND, "no agent " + agentId);
      }
      if (!agent.getTemplateId().equals(Optional.of(templateId))) {
        throw ToolFailure.invalid(
            "moveAgents", "agent " + agentId + " was not made from template " + templateId);
      }
      if (!inScope(agent, scope)) {
        throw ToolFailure.outOfScope("agent " + agentId + " is not in this agent's categories");
      }
      moving.add(agent);
    }
    return moving;
  }

  private TemplateDocument template(String templateId) {
    try {
      return catalog.latest(templateId);
    } catch (NotFoundException e) {
      throw new ToolFailure(ToolErrorCode.NOT_FOUND, "no template " + templateId);
    }
  }

  /** Whether every category of {@code agent} is in {@code scope}, and it has one at least. */
  static boolean inScope(Agent agent, CategoryScope scope) {
    var categories = agent.getAllowedCategoryIds();
    return !categories.isEmpty() && categories.stream().allMatch(scope::allows);
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max) + "…";
  }
}
