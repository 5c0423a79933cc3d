package io.reveille.agent.boundary;

import io.reveille.agent.control.RunCounts;
import io.reveille.agent.entity.AgentRunStatus;
import io.reveille.agent.entity.AgentState;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * An agent's durable state as the API shows it, with what it is doing now: {@code runStatus}
 * ({@code idle}, {@code queued}, {@code running} or {@code waiting}) and, unless idle, the run's
 * key and wake reason, read from the run log; a waiting run's code ({@code activeRunWaitingFor},
 * e.g. {@code awaiting_answer}) and the question it asked a person ({@code openQuestion}).
 */
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
    Instant updatedAt,
    String runStatus,
    String activeRunId,
    String activeRunReason,
    String activeRunWaitingFor,
    String openQuestion) {

  static AgentStateResponse of(AgentState state, Optional<RunCounts.ActiveRun> active) {
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
        state.getUpdatedAt(),
        active.map(RunCounts.ActiveRun::status).orElse(AgentRunStatus.IDLE).wire(),
        active.map(RunCounts.ActiveRun::runKey).orElse(null),
        active.map(RunCounts.ActiveRun::reason).orElse(null),
        active.map(RunCounts.ActiveRun::waitingFor).orElse(null),
        active.map(RunCounts.ActiveRun::question).orElse(null));
  }
}
