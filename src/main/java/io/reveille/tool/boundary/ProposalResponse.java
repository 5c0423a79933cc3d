package io.reveille.tool.boundary;

import io.reveille.tool.entity.ToolProposal;
import jakarta.json.JsonObject;
import java.time.Instant;

/**
 * A proposal as the API shows it: the held call, its preview ({@code payload}, {@code
 * changedEntityIds}, {@code changedTokens}), the journal rows the preview read with their versions,
 * and the decision: who, when, why and, once approved, the call's receipt.
 */
public record ProposalResponse(
    String id,
    String agentId,
    String runKey,
    String threadId,
    String toolName,
    String operationId,
    String heldAs,
    String actionMessageId,
    JsonObject arguments,
    JsonObject preview,
    JsonObject targetVersions,
    String status,
    String decidedBy,
    Instant decidedAt,
    String reason,
    JsonObject appliedResult,
    Instant createdAt,
    long version) {

  public static ProposalResponse of(ToolProposal proposal) {
    return new ProposalResponse(
        proposal.getId(),
        proposal.getAgentId(),
        proposal.getRunKey(),
        proposal.getThreadId(),
        proposal.getToolName(),
        proposal.getOperationId(),
        proposal.getHeldAs(),
        proposal.getActionMessageId(),
        proposal.getArguments(),
        proposal.getPreview(),
        proposal.getTargetVersions(),
        proposal.getStatus().wire(),
        proposal.getDecidedBy().orElse(null),
        proposal.getDecidedAt().orElse(null),
        proposal.getReason().orElse(null),
        proposal.getAppliedResult().orElse(null),
        proposal.getCreatedAt(),
        proposal.getVersion());
  }
}
