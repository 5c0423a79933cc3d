package io.reveille.agent.boundary;

import io.reveille.agent.control.AgentService.AgentView;
import io.reveille.agent.control.RunCounts;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentState;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;

/**
 * An agent as the API shows it, with its wake activity: when it last woke, when it may wake next
 * (the subscription throttle's {@code nextWakeAt}, the next timer's {@code scheduledWakeAt}), its
 * failure streak and how many wakes it has had. A dormant agent the server paused says why ({@code
 * dormantReason}, e.g. {@code dailyTokenQuota}) and when it wakes again on its own ({@code
 * resumeAt}); an operator's pause gives neither.
 */
public record AgentResponse(
    String id,
    long version,
    String kind,
    String displayName,
    String lifecycle,
    String dormantReason,
    Instant resumeAt,
    String mode,
    List<String> allowedCategoryIds,
    JsonObject config,
    JsonObject slots,
    String stateId,
    Instant createdAt,
    Instant updatedAt,
    Instant destroyedAt,
    Activity activity,
    @org.eclipse.microprofile.openapi.annotations.media.Schema(
            description = "The template version the agent was made from; null when none")
        Template template,
    @org.eclipse.microprofile.openapi.annotations.media.Schema(
            description =
                "The host id of the site the agent lives on (multi-site sync), the only site where"
                    + " it runs, acts and changes; null when it was made where no site is"
                    + " configured")
        String homeHost) {

  /** The template an agent was made from: its id and version. */
  public record Template(String id, int version) {

    static Template of(Agent agent) {
      return agent.getTemplateId().isEmpty()
          ? null
          : new Template(agent.getTemplateId().get(), agent.getTemplateVersion().getAsInt());
    }
  }

  /**
   * The agent's wake activity: its state's wake bookkeeping and how many runs it has in the run log
   * (finished runs leave it after {@code reveille.retention.run-log}).
   */
  public record Activity(
      Instant lastWakeAt,
      Instant nextWakeAt,
      Instant scheduledWakeAt,
      Instant sleepUntil,
      int consecutiveFailureCount,
      long runCount,
      long chainBreakCount) {

    static Activity of(AgentState state, RunCounts.Tally runs) {
      return state == null
          ? null
          : new Activity(
              state.getLastWakeAt(),
              state.getNextWakeAt(),
              state.getScheduledWakeAt(),
              state.getSleepUntil(),
              state.getConsecutiveFailureCount(),
              runs.runs(),
              runs.chainBreaks());
    }
  }

  /** The agent with its slots and activity, its runs counted by {@code runs}. */
  public static AgentResponse of(AgentView view, RunCounts runs) {
    var id = view.agent().getId();
    return of(
        view.agent(),
        view.state().getSlots().toJson(),
        view.state(),
        runs.runCounts(java.util.List.of(id)).getOrDefault(id, RunCounts.Tally.NONE));
  }

  /** The agent with these slots ({@code null} in lists) and its state's activity. */
  static AgentResponse of(
      Agent agent, JsonObject slots, AgentState state, RunCounts.Tally runCount) {
    return new AgentResponse(
        agent.getId(),
        agent.getVersion(),
        agent.getKind().wire(),
        agent.getDisplayName(),
        agent.getLifecycle().wire(),
        agent.getDormantReason().orElse(null),
        agent.getResumeAt().orElse(null),
        agent.getMode().wire(),
        agent.getAllowedCategoryIds().stream().sorted().toList(),
        agent.getConfig().toJson(),
        slots,
        state == null ? null : state.getId(),
        agent.getCreatedAt(),
        agent.getUpdatedAt(),
        agent.getDestroyedAt(),
        Activity.of(state, runCount),
        Template.of(agent),
        agent.getHomeHost().orElse(null));
  }
}
