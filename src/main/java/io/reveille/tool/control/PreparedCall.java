package io.reveille.tool.control;

import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * A call that passed the checks made before any transaction (tool known, capability, wake reason,
 * arguments valid, operation id present): what the transactional steps need to run and record it.
 *
 * @param ledgerKey the ledger key, present for a mutating call that is not a preview
 * @param caller the principal who asked for the call over the API, named in the agent's operator
 *     thread when the call runs, and what their request records with the result
 * @param stepIndex the step of its run making the call, if a run's step makes it
 */
public record PreparedCall(
    ToolDefinition definition,
    ToolInvocation invocation,
    JsonObject arguments,
    String argumentsHash,
    Optional<String> ledgerKey,
    Optional<String> runKey,
    String threadId,
    Optional<ToolCaller> caller,
    java.util.OptionalInt stepIndex) {

  /** A call made at no step of a run. */
  public PreparedCall(
      ToolDefinition definition,
      ToolInvocation invocation,
      JsonObject arguments,
      String argumentsHash,
      Optional<String> ledgerKey,
      Optional<String> runKey,
      String threadId,
      Optional<ToolCaller> caller) {
    this(
        definition,
        invocation,
        arguments,
        argumentsHash,
        ledgerKey,
        runKey,
        threadId,
        caller,
        java.util.OptionalInt.empty());
  }

  public String toolName() {
    return definition.name();
  }

  public String agentId() {
    return invocation.agentId();
  }

  public Optional<String> operationId() {
    return invocation.operationId();
  }
}
