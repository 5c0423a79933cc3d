package io.reveille.workflow.boundary;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.HotContext;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
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
import java.util.Optional;
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

  /** One turn of the thread's hot layer. */
  public record TurnResponse(
      String messageId, String kind, Instant createdAt, int tokensApprox, String text) {}

  /** The budgets the context was assembled within. */
  public record BudgetsResponse(int hotMaxMessages, int hotMaxTokens, int maxObservations) {}

  /**
   * The context: the current report (markdown, {@code null} before the first), the observations the
   * wake reads (oldest first), and for a thread its hot turns (oldest first) with their tokens and
   * whether older turns were left out.
   */
  public record ContextResponse(
      String agentId,
      String threadId,
      String report,
      List<String> observations,
      List<TurnResponse> turns,
      int turnTokens,
      boolean olderTurnsLeftOut,
      List<SummaryResponse> summaries,
      BudgetsResponse budgets) {}

  /** A summary of an earlier span of the thread (the warm layer), newest first. */
  public record SummaryResponse(
      String messageId,
      Instant createdAt,
      String startMessageId,
      String endMessageId,
      String text) {}

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
    var thread = Optional.ofNullable(threadId).map(String::strip).filter(t -> !t.isEmpty());
    thread
        .filter(t -> !t.startsWith(agentId + ":"))
        .ifPresent(
            t -> {
              throw new InvalidInputException(
                  "threadId",
                  "must be one of this agent's threads, which start with its id and ':'");
            });
    var layer = thread.map(t -> hot.of(agentId, t, Optional.empty()));
    return new ContextResponse(
        agentId,
        thread.orElse(null),
        memory.report(agentId).map(r -> r.getContent()).orElse(null),
        memory.observations(agentId),
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
        thread
            .map(
                t ->
                    hot.warm(agentId, t).stream()
                        .map(
                            s ->
                                new SummaryResponse(
                                    s.messageId(),
                                    s.createdAt(),
                                    s.startMessageId(),
                                    s.endMessageId(),
                                    s.text()))
                        .toList())
            .orElse(List.of()),
        new BudgetsResponse(hot.maxMessages(), hot.maxTokens(), WakeMemory.MAX_OBSERVATIONS));
  }
}
