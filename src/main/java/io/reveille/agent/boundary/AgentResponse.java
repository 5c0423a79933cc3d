package io.reveille.agent.boundary;

import io.reveille.agent.control.AgentService.AgentView;
import io.reveille.agent.entity.Agent;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;

/** An agent as the API shows it. */
public record AgentResponse(
    String id,
    long version,
    String kind,
    String displayName,
    String lifecycle,
    String mode,
    List<String> allowedCategoryIds,
    JsonObject config,
    JsonObject slots,
    String stateId,
    Instant createdAt,
    Instant updatedAt,
    Instant destroyedAt) {

  public static AgentResponse of(AgentView view) {
    return of(view.agent(), view.state().getSlots().toJson(), view.state().getId());
  }

  static AgentResponse of(Agent agent, JsonObject slots, String stateId) {
    return new AgentResponse(
        agent.getId(),
        agent.getVersion(),
        agent.getKind().wire(),
        agent.getDisplayName(),
        agent.getLifecycle().wire(),
        agent.getMode().wire(),
        agent.getAllowedCategoryIds().stream().sorted().toList(),
        agent.getConfig().toJson(),
        slots,
        stateId,
        agent.getCreatedAt(),
        agent.getUpdatedAt(),
        agent.getDestroyedAt());
  }
}
