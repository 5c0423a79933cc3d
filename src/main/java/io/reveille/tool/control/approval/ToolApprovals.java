package io.reveille.tool.control.approval;

import io.reveille.agent.entity.AgentKind;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ledger.ToolCallSteps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Holds the tool calls a person must approve ({@link ApprovalConfig}): a mutating call an agent
 * makes inside a run, of a tool its kind's policy names, is not run but proposed — previewed,
 * stored as a pending proposal under the call's ledger key, logged, and answered with {@code
 * awaiting_approval} (the run waits) or {@code proposed} (the run goes on).
 *
 * <p>The same call made again (a re-run of the run derives the same key) gets the ledger's receipt
 * once the proposal was approved, {@code proposal_rejected} once rejected, {@code conflict} with
 * the reason once refused, and the same answer again while it is pending — never a second proposal.
 * Calls made over the API are a person's own decision and are never held.
 */
@ApplicationScoped
public class ToolApprovals {

  @Inject ApprovalConfig config;
  @Inject ProposalSteps steps;
  @Inject ToolCallSteps callSteps;

  /** The answer to a held call; empty when the call is not held and runs as usual. */
  public Optional<ToolResult> hold(AgentKind kind, PreparedCall call) {
    if (call.runKey().isEmpty()
        || call.ledgerKey().isEmpty()
        || !config.of(kind).holds(call.definition())) {
      return Optional.empty();
    }
    var known = steps.answer(call);
    if (known.isPresent()) {
      return known;
    }
    ProposalSteps.Preview preview;
    try {
      preview = steps.preview(call);
    } catch (RuntimeException e) {
      var failure = ToolExecutor.failureOf(call, e);
      return Optional.of(callSteps.recordRefusal(call, failure.getCode(), failure.getMessage()));
    }
    return Optional.of(steps.propose(call, config.of(kind).heldAs(), preview));
  }
}
