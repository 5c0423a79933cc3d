package io.reveille.workingstate.boundary;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import io.reveille.workingstate.control.Assumption;
import io.reveille.workingstate.control.Expectation;
import io.reveille.workingstate.control.WorkingState;
import io.reveille.workingstate.control.WorkingStates;
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
 * An agent thread's working state, for an operator explaining what the agent believed and expected:
 * the structure and the text a model reads of it.
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Agent memory")
public class WorkingStateResource {

  @Inject AgentService agents;
  @Inject WorkingStates states;

  /** An entity of the understanding. */
  public record EntityResponse(String id, String kind, String name) {}

  /** {@code from} depends on {@code to}. */
  public record DependencyResponse(String from, String to, String rel) {}

  /** An assumption and its confidence (0 to 1). */
  public record AssumptionResponse(
      String id, String hypothesis, double confidence, List<String> evidence) {}

  /**
   * An expectation: {@code pending}, {@code confirmed} or {@code failed}; its {@code invariant},
   * when it has one, what must keep holding afterwards.
   */
  public record ExpectationResponse(
      String id,
      String action,
      String expectedOutcome,
      List<String> expectedIds,
      String expectedType,
      Integer expectedCount,
      String status,
      Instant lastCheckedAt,
      String invariant) {}

  /** An open hypothesis. */
  public record HypothesisResponse(String id, String hypothesis, String reason) {}

  /**
   * An item: task, doc, note, idea or question; active, resolved or discarded; the entities it
   * concerns, when a delta added it and last changed it (null for items kept from before).
   */
  public record ItemResponse(
      String id,
      String kind,
      String title,
      String details,
      String status,
      List<String> relatedEntityIds,
      Instant createdAt,
      Instant updatedAt) {}

  /**
   * The state ({@code version} and {@code updatedAt} {@code null} before anything was written for
   * the thread), the runs whose end-of-run delta is in, and {@code rendered}: the text a model
   * reads in its context, {@code null} while the state is empty.
   */
  public record WorkingStateResponse(
      String agentId,
      String threadId,
      Long version,
      Instant updatedAt,
      Instant lastSummarizedAt,
      List<EntityResponse> entities,
      List<DependencyResponse> dependencies,
      List<AssumptionResponse> assumptions,
      List<ExpectationResponse> expectations,
      List<HypothesisResponse> hypotheses,
      List<ItemResponse> items,
      List<String> summarisedRuns,
      String rendered) {}

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/working-state")
  @Operation(
      summary =
          "The working state of one of the agent's threads (threadId): understanding, assumptions,"
              + " expectations, hypotheses and items, and the text a model reads of it")
  public WorkingStateResponse workingState(
      @PathParam("id") String agentId, @QueryParam("threadId") @Size(max = 200) String threadId) {
    agents.get(agentId);
    var thread =
        AgentService.threadOf(agentId, threadId)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "threadId", "is required: the working state belongs to one thread"));
    var stored = states.stored(agentId, thread);
    var state = stored.map(WorkingStates.Stored::state).orElseGet(WorkingState::empty);
    return new WorkingStateResponse(
        agentId,
        thread,
        stored.map(WorkingStates.Stored::version).orElse(null),
        stored.map(WorkingStates.Stored::updatedAt).orElse(null),
        state.lastSummarizedAt().orElse(null),
        state.entities().stream().map(e -> new EntityResponse(e.id(), e.kind(), e.name())).toList(),
        state.dependencies().stream()
            .map(d -> new DependencyResponse(d.from(), d.to(), d.rel()))
            .toList(),
        state.assumptions().stream().map(WorkingStateResource::assumption).toList(),
        state.expectations().stream().map(WorkingStateResource::expectation).toList(),
        state.hypotheses().stream()
            .map(h -> new HypothesisResponse(h.id(), h.hypothesis(), h.reason()))
            .toList(),
        state.items().stream()
            .map(
                i ->
                    new ItemResponse(
                        i.id(),
                        i.kind(),
                        i.title(),
                        i.details(),
                        i.status(),
                        i.relatedEntityIds(),
                        i.createdAt(),
                        i.updatedAt()))
            .toList(),
        state.summarisedRuns(),
        state.isEmpty() ? null : io.reveille.workingstate.control.WorkingStateText.render(state));
  }

  private static AssumptionResponse assumption(Assumption a) {
    return new AssumptionResponse(a.id(), a.hypothesis(), a.confidence(), a.evidence());
  }

  private static ExpectationResponse expectation(Expectation e) {
    return new ExpectationResponse(
        e.id(),
        e.action(),
        e.expectedOutcome(),
        e.expectedIds(),
        e.expectedType().orElse(null),
        e.expectedCount().isPresent() ? e.expectedCount().getAsInt() : null,
        e.status().wire(),
        e.lastCheckedAt().orElse(null),
        e.invariant().orElse(null));
  }
}
