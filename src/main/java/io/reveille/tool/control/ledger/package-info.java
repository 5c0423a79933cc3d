/**
 * The tool-call ledger's steps: the transactions that reserve a call under its idempotency key,
 * apply it and record its receipt ({@code ToolCallSteps}, {@code ToolCallLog}), the reads of the
 * ledger other features make ({@code ToolLedger}), what a run waits for on it ({@code
 * ToolCallWaits}), and a person's answer to a call in doubt ({@code ToolCallResolutions}).
 *
 * <p>May use: the executor and contract ({@code io.reveille.tool.control}), the tool entities, the
 * agent's, memory's, working state's and wake's control classes (a call is noted in the agent's log
 * in the same transaction), platform. Not the built-in tools, approvals or external calls: they
 * build on this.
 */
package io.reveille.tool.control.ledger;
