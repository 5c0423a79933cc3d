package io.reveille.workflow.boundary;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.HotContext;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import io.reveille.tool.control.approval.ToolProposals;
import io.reveille.workflow.control.WakeMemory;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * What an agent's next wake reads, exactly as the workflows assemble it: an operator's view of an
 * agent's memory when its behaviour needs explaining.
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Agent memory")
public class ContextResource {

  @Inject AgentService agents;
  @Inject WakeMemory memory;
  @Inject HotContext hot;
  @Inject ToolProposals proposals;

  /** The most pending proposals the context lists; {@code pendingProposalCount} counts them all. */
  static final int MAX_PENDING_PROPOSALS = 20;

  /** A tool call of the agent that awaits a person's decision ({@code GET /api/proposals/{id}}). */
  public record PendingProposalResponse(
      String id, String toolName, String runKey, String heldAs, Instant createdAt) {}

  /** One turn of the thread's hot layer. */
  public record TurnResponse(
      String messageId, String kind, Instant createdAt, int tokensApprox, String text) {}

  /** The budgets the context was assembled within. */
  public record BudgetsResponse(
      int hotMaxMessages,
      int hotMaxTokens,
      int warmMaxSummaries,
      int summaryMaxTokens,
      int maxObservations) {}

  /**
   * The context: the current report (markdown, {@code null} before the first), the observations the
   * wake reads (oldest first), and for a thread its hot turns (oldest first) with their tokens and
   * whether older turns were left out, and then the summaries the wake reads instead of them: the
   * cold summary ({@code null} before the first fold) and the warm ones, with their tokens, and the
   * thread's working state as the model reads it ({@code null} without one); and the agent's tool
   * calls that await a person's approval (newest first, at most {@value #MAX_PENDING_PROPOSALS},
   * with the count of all of them).
   */
  public record ContextResponse(
      String agentId,
      String threadId,
      String report,
      List<String> observations,
      List<TurnResponse> turns,
      int turnTokens,
      boolean olderTurnsLeftOut,
      SummaryResponse coldSummary,
      List<SummaryResponse> summaries,
      int summaryTokens,
      String workingState,
      BudgetsResponse budgets,
      long pendingProposalCount,
      List<PendingProposalResponse> pendingProposals) {}

  /**
   * A summary of an earlier span of the thread: of turns (depth 1, the warm layer, newest first) or
   * of everything folded so far (the cold summary, deeper).
   */
  public record SummaryResponse(
      String messageId,
      Instant createdAt,
      int depth,
      String startMessageId,
      String endMessageId,
      int tokensApprox,
      String text) {

    static SummaryResponse of(HotContext.Summary summary) {
      return new SummaryResponse(
          summary.messageId(),
          summary.createdAt(),
          summary.depth(),
          summary.startMessageId(),
          summary.endMessageId(),
          summary.tokensApprox(),
          summary.text());
    }
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/context")
  @Operation(
      summary =
          "The context the agent's next wake reads: report, observations by priority and, for a"
              + " thread (threadId), its newest turns within the hot budgets")
  public ContextResponse context(
      @PathParam("id") String agentId, @QueryParam("threadId") @Size(max = 200) String threadId) {
    agents.get(agentId);
    var thread = AgentService.threadOf(agentId, threadId);
    var context = memory.context(agentId, thread);
    var layer = context.thread().map(WakeMemory.ThreadContext::hot);
    var summaries = context.thread().map(WakeMemory.ThreadContext::summaries);
    return new ContextResponse(
        agentId,
        thread.orElse(null),
        context.report().map(r -> r.getContent()).orElse(null),
        context.observations(),
        layer
            .map(
                l ->
                    l.turns().stream()
                        .map(
                            turn ->
                                new TurnResponse(
                                    turn.messageId(),
                                    turn.kind().wire(),
                                    turn.createdAt(),
                                    turn.tokensApprox(),
                                    turn.text()))
                        .toList())
            .orElse(List.of()),
        layer.map(l -> l.tokens()).orElse(0),
        layer.map(l -> l.leftOut()).orElse(false),
        summaries.flatMap(HotContext.Summaries::cold).map(SummaryResponse::of).orElse(null),
        summaries.map(l -> l.warm().stream().map(SummaryResponse::of).toList()).orElse(List.of()),
        summaries.map(l -> l.tokens()).orElse(0),
        context.thread().flatMap(WakeMemory.ThreadContext::workingState).orElse(null),
        new BudgetsResponse(
            hot.maxMessages(),
            hot.maxTokens(),
            hot.warmMaxSummaries(),
            hot.summaryMaxTokens(),
            WakeMemory.MAX_OBSERVATIONS),
        proposals.pendingCount(agentId),
        proposals.pending(agentId, MAX_PENDING_PROPOSALS).stream()
            .map(
                p ->
                    new PendingProposalResponse(
                        p.getId(), p.getToolName(), p.getRunKey(), p.getHeldAs(), p.getCreatedAt()))
            .toList());
  }
}
