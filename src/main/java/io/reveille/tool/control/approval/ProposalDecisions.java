package io.reveille.tool.control.approval;

import io.reveille.platform.LogText;
import io.reveille.platform.error.ConflictException;
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
 */
@ApplicationScoped
public class ProposalDecisions {

  public static final int MAX_REASON_LENGTH = 1000;

  private static final Logger LOG = Logger.getLogger(ProposalDecisions.class.getName());

  @Inject ProposalSteps steps;
  @Inject Event<RunMayResume> runMayResume;

  /**
   * Approves and applies a pending proposal.
   *
   * @throws io.reveille.platform.error.NotFoundException for an unknown proposal
   * @throws ConflictException when it is decided already, or was refused now (naming why)
   */
  public ToolProposal approve(String proposalId, String by) {
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
