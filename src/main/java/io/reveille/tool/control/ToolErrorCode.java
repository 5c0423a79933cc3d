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
  INTERNAL_ERROR("internal_error", 500);

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
}
