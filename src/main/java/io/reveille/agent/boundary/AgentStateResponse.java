package io.reveille.agent.boundary;

import io.reveille.agent.entity.AgentState;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Map;

/** An agent's durable state as the API shows it. */
public record AgentStateResponse(
    String id,
    String agentId,
    long version,
    JsonObject slots,
    Instant lastWakeAt,
    Instant nextWakeAt,
    Instant scheduledWakeAt,
    Instant sleepUntil,
    String recentHeadMessageId,
    String latestSummaryMessageId,
    int consecutiveFailureCount,
    long wakeCounter,
    Map<String, Long> processedCounterByHost,
    Instant updatedAt) {

  static AgentStateResponse of(AgentState state) {
    return new AgentStateResponse(
        state.getId(),
        state.getAgentId(),
        state.getVersion(),
        state.getSlots().toJson(),
        state.getLastWakeAt(),
        state.getNextWakeAt(),
        state.getScheduledWakeAt(),
        state.getSleepUntil(),
        state.getRecentHeadMessageId(),
        state.getLatestSummaryMessageId(),
        state.getConsecutiveFailureCount(),
        state.getWakeCounter(),
        Map.copyOf(state.getProcessedCounterByHost()),
        state.getUpdatedAt());
  }
}
