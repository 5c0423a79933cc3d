package io.reveille.tool.control;

/**
 * Why a tool call did not succeed: the {@code errorCode} of a tool result, with the HTTP status the
 * REST boundary answers with. Wire names are part of the tool contract.
 */
public enum ToolErrorCode {
  /** The arguments do not satisfy the tool's input schema or name something malformed. */
  INVALID_ARGUMENTS("invalid_arguments", 400),
  /** No tool of that name is registered. */
  UNKNOWN_TOOL("unknown_tool", 404),
  /** The agent's capability profile lacks a capability the tool requires. */
  CAPABILITY_DENIED("capability_denied", 403),
  /** The tool may not run for the reason the agent is awake. */
  WAKE_REASON_DENIED("wake_reason_denied", 403),
  /** The target (or a move's destination) is in a category outside the agent's scope. */
  OUT_OF_SCOPE("out_of_scope", 403),
  /** A mutating call came without an operationId and outside a run that could derive one. */
  OPERATION_ID_REQUIRED("operation_id_required", 400),
  /** The operationId was used before for another tool or other arguments. */
  OPERATION_MISMATCH("operation_mismatch", 409),
  /** previewOnly was asked of a tool that cannot preview. */
  PREVIEW_NOT_SUPPORTED("preview_not_supported", 400),
  /** The agent cannot act (destroyed). */
  AGENT_UNAVAILABLE("agent_unavailable", 409),
  /** A named entity does not exist. */
  NOT_FOUND("not_found", 404),
  /** The change conflicts with the entity's state (a closed task, a running timer, a race). */
  CONFLICT("conflict", 409),
  /** The handler failed unexpectedly; nothing it did was kept. */
  INTERNAL_ERROR("internal_error", 500),
  /**
   * The call needs a person's approval: it was recorded as a proposal with its preview, and the run
   * waits for the decision (it resumes when the proposal is approved or rejected).
   */
  AWAITING_APPROVAL("awaiting_approval", 202),
  /**
   * The call needs a person's approval and was recorded as a proposal with its preview; the run
   * goes on without its result.
   */
  PROPOSED("proposed", 202),
  /**
   * The agent asked a person ({@code ask_user}, {@code propose_plan}): the question is recorded and
   * the run waits for the answer (it resumes when the question is answered or expires, and the call
   * then returns the answer).
   */
  AWAITING_ANSWER("awaiting_answer", 202),
  /** The job the run serves forbids the tool ({@code constraints.forbiddenActions}). */
  FORBIDDEN_ACTION("forbidden_action", 403),
  /** The job the run serves allows external calls only to other hosts ({@code allowedDomains}). */
  DOMAIN_NOT_ALLOWED("domain_not_allowed", 403),
  /**
   * The job the run serves forbids repeating an external action ({@code
   * noDuplicateExternalActions}), and the agent already made this one; nothing was sent.
   */
  DUPLICATE_EXTERNAL_ACTION("duplicate_external_action", 409),
  /** A person rejected the call's proposal; nothing was changed. */
  PROPOSAL_REJECTED("proposal_rejected", 409),
  /**
   * An external call whose outcome is unknown (the connection dropped, the node died) that could
   * not be reconciled: the run waits for a person to say whether it took effect.
   */
  IN_DOUBT("in_doubt", 502),
  /** An external system refused or failed the call; the error it gave is in the message. */
  EXTERNAL_ERROR("external_error", 502),
  /** An external call was not sent: its circuit breaker is open or it timed out before sending. */
  EXTERNAL_UNAVAILABLE("external_unavailable", 503);

  private final String wire;
  private final int httpStatus;

  ToolErrorCode(String wire, int httpStatus) {
    this.wire = wire;
    this.httpStatus = httpStatus;
  }

  public String wire() {
    return wire;
  }

  public int httpStatus() {
    return httpStatus;
  }

  /**
   * The code a stored result or ledger row names by its wire name; {@link #INTERNAL_ERROR} for a
   * name this version does not know.
   */
  public static ToolErrorCode ofStored(String wire) {
    for (var code : values()) {
      if (code.wire.equals(wire)) {
        return code;
      }
    }
    return INTERNAL_ERROR;
  }

  /** Whether a run that gets this result must stop and wait for a person. */
  public boolean parksRun() {
    return this == AWAITING_APPROVAL || this == IN_DOUBT || this == AWAITING_ANSWER;
  }
}
