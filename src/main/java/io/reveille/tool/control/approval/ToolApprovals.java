package io.reveille.tool.control.approval;

import io.reveille.agent.entity.AgentKind;
import io.reveille.security.control.Role;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.external.ExternalToolHandler;
import io.reveille.tool.control.ledger.ToolCallSteps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
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
 *
 * <p>An agent's own config may name tools it wants held on top of its kind's settings ({@code
 * config.approvalTools}, e.g. from the template it was made from); such a tool that cannot preview
 * is refused rather than run.
 *
 * <p>Besides the policy, two things hold a call. A run a person caused (their session turn or
 * manual wake) may do without approval only what that person may do: a call whose approver ({@link
 * ApprovalPolicy#approverOf}) needs a role the person lacks — a mutating external tool in a run an
 * operator caused — is proposed, and only an admin may approve it. And a call a model asked for, of
 * an external or high-risk tool, is proposed unless the kind's model guard is off.
 *
 * <p>An external tool cannot preview (it would have to ask its provider); its proposal shows the
 * call — the tool, its method and URL template and the arguments, never a header — and its approval
 * sends it ({@link ProposalDecisions}).
 */
@ApplicationScoped
public class ToolApprovals {

  @Inject ApprovalConfig config;
  @Inject ProposalSteps steps;
  @Inject ToolCallSteps callSteps;

  /**
   * Whether a run's call of {@code tool} needs approval: the kind's rule holds it ({@link
   * ApprovalPolicy.Rule#holds(ToolDefinition, boolean)}), or its effects go beyond the role of the
   * person who caused the run (the tool's approver needs a role they lack).
   */
  static boolean needsApproval(
      ApprovalPolicy.Rule rule,
      ToolDefinition tool,
      Optional<Role> causedBy,
      boolean chosenByModel) {
    var beyondCauser =
        causedBy.isPresent() && !causedBy.get().covers(ApprovalPolicy.approverOf(tool));
    return beyondCauser || rule.holds(tool, chosenByModel);
  }

  /**
   * Whether {@link #hold} holds the call: a run's ledgered call that {@link #needsApproval}. Reads
   * nothing, so the executor can ask under the agent's state lock and leave a held call to the
   * transactions of its own that {@link #hold} runs.
   */
  public boolean holds(
      AgentKind kind,
      List<String> ownHeld,
      PreparedCall call,
      Optional<Role> causedBy,
      boolean chosenByModel) {
    return call.runKey().isPresent()
        && call.ledgerKey().isPresent()
        && needsApproval(
            config.of(kind).andTools(ownHeld), call.definition(), causedBy, chosenByModel);
  }

  /**
   * The answer to a held call; empty when the call is not held and runs as usual.
   *
   * @param causedBy the role of the person who caused the call's run, if a person did
   * @param chosenByModel whether a model asked for the call
   */
  public Optional<ToolResult> hold(
      AgentKind kind,
      List<String> ownHeld,
      PreparedCall call,
      Optional<Role> causedBy,
      boolean chosenByModel) {
    if (!holds(kind, ownHeld, call, causedBy, chosenByModel)) {
      return Optional.empty();
    }
    var rule = config.of(kind).andTools(ownHeld);
    var tool = call.definition();
    if (!tool.previewSupported() && !(tool.handler() instanceof ExternalToolHandler)) {
      // Only an agent's own list can name such a tool (the kind's settings are checked at start):
      // a person cannot approve what cannot be previewed, so the call does not run at all.
      return Optional.of(
          callSteps.recordRefusal(
              call,
              ToolErrorCode.CONFLICT,
              "config.approvalTools names "
                  + tool.name()
                  + ", which cannot preview its effect for a person to approve; the call is not"
                  + " made"));
    }
    var known = steps.answer(call);
    if (known.isPresent()) {
      return known.get().answer();
    }
    ProposalSteps.Preview preview;
    try {
      preview =
          call.definition().handler() instanceof ExternalToolHandler external
              ? ProposalSteps.externalPreview(call, external.declaration())
              : steps.preview(call);
    } catch (RuntimeException e) {
      var failure = ToolExecutor.failureOf(call, e);
      return Optional.of(callSteps.recordRefusal(call, failure.getCode(), failure.getMessage()));
    }
    return Optional.of(steps.propose(call, rule.heldAs(), preview));
  }
}
