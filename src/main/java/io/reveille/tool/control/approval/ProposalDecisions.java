package io.reveille.tool.control.approval;

import io.reveille.platform.LogText;
import io.reveille.platform.error.ConflictException;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.external.ExternalToolHandler;
import io.reveille.tool.entity.ProposalStatus;
import io.reveille.tool.entity.ToolProposal;
import io.reveille.wake.control.RunMayResume;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * A person's decision on a proposal. Approval applies exactly the previewed plan in one transaction
 * with the proposal's move ({@link ProposalSteps#approve}); when the journal rows the preview read
 * have changed since, or applying would not do what the preview showed, the proposal is refused
 * instead (committed on its own) and the caller gets a {@link ConflictException} naming why.
 * Rejection changes nothing in the journal. After the decision commits, the run that made the call
 * may resume ({@link RunMayResume}).
 *
 * <p>An external call is not applied inside a transaction: its approval commits first, then the
 * call is sent through the executor under the proposal's ledger key (so it is sent at most once,
 * whoever sends it: this approval, or the run making the call again), and the proposal records what
 * came of it. Only a holder of the role {@link #approverOf} names may approve: the boundary asks
 * before approving.
 */
@ApplicationScoped
public class ProposalDecisions {

  public static final int MAX_REASON_LENGTH = 1000;

  private static final Logger LOG = Logger.getLogger(ProposalDecisions.class.getName());

  @Inject ProposalSteps steps;
  @Inject ToolRegistry registry;
  @Inject ToolExecutor executor;
  @Inject Event<RunMayResume> runMayResume;

  /**
   * The least role that may approve the proposal ({@link ApprovalPolicy#approverOf}); an admin when
   * its tool is no longer registered.
   *
   * @throws io.reveille.platform.error.NotFoundException for an unknown proposal
   */
  public Role approverOf(String proposalId) {
    return registry
        .find(steps.find(proposalId).getToolName())
        .map(ApprovalPolicy::approverOf)
        .orElse(Role.ADMIN);
  }

  /**
   * Approves and applies a pending proposal.
   *
   * @throws io.reveille.platform.error.NotFoundException for an unknown proposal
   * @throws ConflictException when it is decided already, or was refused now (naming why)
   */
  public ToolProposal approve(String proposalId, String by) {
    var tool = registry.find(steps.find(proposalId).getToolName());
    if (tool.isPresent() && tool.get().handler() instanceof ExternalToolHandler) {
      return approveAndSend(proposalId, by);
    }
    ProposalSteps.Decision decision;
    try {
      decision = steps.approve(proposalId, by);
    } catch (ProposalSteps.NotApplied e) {
      decision = steps.refuse(proposalId, by, e.getMessage());
    }
    decided(decision.proposal(), by);
    if (decision.refusal().isPresent()) {
      throw new ConflictException(
          "proposal " + proposalId + " was refused, " + decision.refusal().get());
    }
    return decision.proposal();
  }

  /** Approves an external call's proposal, then sends the call and records what came of it. */
  private ToolProposal approveAndSend(String proposalId, String by) {
    var request = steps.approveForSending(proposalId, by);
    var result = executor.execute(request);
    var proposal = steps.recordSent(proposalId, result);
    decided(proposal, by);
    return proposal;
  }

  /**
   * Rejects a pending proposal.
   *
   * @throws io.reveille.platform.error.NotFoundException for an unknown proposal
   * @throws ConflictException when it is decided already
   */
  public ToolProposal reject(String proposalId, String by, Optional<String> reason) {
    var decision = steps.reject(proposalId, by, reason);
    decided(decision.proposal(), by);
    return decision.proposal();
  }

  /**
   * The agent takes back its own pending proposal (in its tool call's transaction); a run waiting
   * for it goes on as for a rejection once the call commits. Empty when the proposal is not the
   * agent's; a proposal already decided is answered as it is.
   */
  public Optional<ToolProposal> withdraw(String agentId, String proposalId, String why) {
    var found = steps.withdraw(agentId, proposalId, why);
    found
        .filter(proposal -> proposal.getStatus() == ProposalStatus.WITHDRAWN)
        .ifPresent(proposal -> decided(proposal, "agent:" + agentId));
    return found;
  }

  private void decided(ToolProposal proposal, String by) {
    LOG.info(
        () ->
            "Proposal "
                + LogText.quoted(proposal.getId())
                + " of agent "
                + LogText.quoted(proposal.getAgentId())
                + " (run "
                + LogText.quoted(proposal.getRunKey())
                + ", tool "
                + proposal.getToolName()
                + ") "
                + proposal.getStatus().wire()
                + " by "
                + LogText.quoted(by));
    runMayResume.fire(
        new RunMayResume(
            proposal.getRunKey(),
            "proposal " + proposal.getId() + " " + proposal.getStatus().wire()));
  }
}
