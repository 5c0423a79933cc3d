/**
 * Approvals and proposals: which calls a person must approve ({@code ApprovalPolicy}, {@code
 * ApprovalConfig}), holding such a call as a proposal with its preview ({@code ToolApprovals},
 * {@code ProposalSteps}, {@code PlannedChanges}, {@code PreviewTargets}), deciding it ({@code
 * ProposalDecisions}), reading the proposals ({@code ToolProposals}), and the tool an agent takes
 * back its own pending proposals with ({@code ProposalTools}, {@code retract_suggestions}).
 *
 * <p>May use: the executor and contract ({@code io.reveille.tool.control}), the ledger ({@code
 * ledger}), the tool entities, the agent's and wake's control classes, platform. Not the built-in
 * tools or external calls by name: an approved call runs again through the executor.
 */
package io.reveille.tool.control.approval;
