package io.reveille.tool.boundary;

import io.reveille.tool.entity.ToolCall;
import jakarta.json.JsonObject;
import java.time.Instant;

/**
 * One row of the tool-call ledger: what was asked ({@code arguments}), what came of it ({@code
 * result} with its affected entities, or {@code errorCode} and {@code error}), and how often it was
 * executed. A replay returns the stored result and adds no row. An external call also shows the
 * {@code Idempotency-Key} it sends, the provider's id for it, whether it is in doubt (sent, outcome
 * unknown) and who resolved it by hand. A call a run's step made names the step ({@code stepIndex},
 * the index of the run's step in {@code GET /api/runs/{runKey}}).
 */
public record ToolCallResponse(
    String idempotencyKey,
    String agentId,
    String runKey,
    Integer stepIndex,
    String toolName,
    String operationId,
    String sideEffect,
    String status,
    JsonObject arguments,
    JsonObject result,
    String errorCode,
    String error,
    int attempts,
    String externalIdempotencyKey,
    String externalCorrelationId,
    boolean inDoubt,
    String resolvedBy,
    String resolutionNote,
    Instant createdAt,
    Instant updatedAt) {

  public static ToolCallResponse of(ToolCall call) {
    return new ToolCallResponse(
        call.getIdempotencyKey(),
        call.getAgentId(),
        call.getRunKey(),
        call.getStepIndex().isPresent() ? call.getStepIndex().getAsInt() : null,
        call.getToolName(),
        call.getOperationId(),
        call.getSideEffect().wire(),
        call.getStatus().wire(),
        call.getArguments(),
        call.getResult(),
        call.getErrorCode(),
        call.getErrorMessage(),
        call.getAttempts(),
        call.getExternalIdempotencyKey(),
        call.getExternalCorrelationId(),
        call.isInDoubt(),
        call.getResolvedBy(),
        call.getResolutionNote(),
        call.getCreatedAt(),
        call.getUpdatedAt());
  }
}
