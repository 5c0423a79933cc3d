package io.reveille.tool.control;

import io.reveille.agent.entity.Agent;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import java.util.EnumSet;
import java.util.Optional;

/**
 * The checks a tool call must pass before it may touch a transaction: a registered tool, the
 * capabilities of the agent's kind, the wake reason, preview support, the input schema and an
 * operation id for a mutation.
 *
 * <p>Plain static code so that {@link ToolExecutor} keeps one place that decides the order of the
 * checks; it reads the registry and the capability profiles it is given and writes nothing.
 */
final class ToolChecks {

  private ToolChecks() {}

  /** The first check the call fails, in the order {@link ToolExecutor}'s class comment gives. */
  static Optional<ToolFailure> refusal(
      ToolRegistry registry,
      CapabilityProfiles profiles,
      Agent agent,
      Optional<ToolDefinition> definition,
      ToolRequest request,
      Optional<String> operationId) {
    if (definition.isEmpty()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.UNKNOWN_TOOL, "no tool named '" + request.toolName() + "'"));
    }
    var tool = definition.get();
    var held = profiles.of(agent.getKind());
    var missing = EnumSet.noneOf(io.reveille.tool.entity.Capability.class);
    tool.capabilities().stream().filter(c -> !held.contains(c)).forEach(missing::add);
    if (!missing.isEmpty()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.CAPABILITY_DENIED,
              "agents of kind "
                  + agent.getKind().wire()
                  + " lack "
                  + missing.stream().map(c -> c.wire()).toList()
                  + " needed by "
                  + tool.name()));
    }
    if (!tool.allowedWakeReasons().contains(request.wakeReason())) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.WAKE_REASON_DENIED,
              tool.name() + " may not run on a " + request.wakeReason().wire() + " wake"));
    }
    if (request.previewOnly() && !tool.previewSupported()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.PREVIEW_NOT_SUPPORTED, tool.name() + " does not support previewOnly"));
    }
    var violations = registry.contract().validateInput(tool.name(), request.arguments().toString());
    if (!violations.isEmpty()) {
      return Optional.of(
          new ToolFailure(ToolErrorCode.INVALID_ARGUMENTS, String.join("; ", violations)));
    }
    if (tool.isMutating() && !request.previewOnly() && operationId.isEmpty()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.OPERATION_ID_REQUIRED,
              tool.name() + " changes data and needs an operationId (idempotency key)"));
    }
    return Optional.empty();
  }
}
