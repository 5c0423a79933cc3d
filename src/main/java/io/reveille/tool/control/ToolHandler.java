package io.reveille.tool.control;

/**
 * What a tool does. Runs inside the call's transaction: everything it changes commits with the
 * ledger row and the action's messages, or nothing does. A handler checks the category scope before
 * it changes anything, throws {@link ToolFailure} for an expected refusal, and, when {@link
 * ToolInvocation#previewOnly()} is set, computes the exact changes it would make and writes
 * nothing.
 */
@FunctionalInterface
public interface ToolHandler {
  ToolOutcome handle(ToolInvocation call);
}
