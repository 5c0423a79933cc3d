package io.reveille.tool.control;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.wake.entity.WakeReason;
import java.util.Objects;
import java.util.Optional;

/**
 * One call as a handler sees it: on behalf of which agent, why it is awake, in which scope, with
 * which arguments, and the origin to tag its journal changes with (so they do not wake the agent
 * that made them).
 *
 * @param operationId the call's operation id; empty for reads and previews made without one
 * @param threadId the thread the call is logged in (the run's, a session's, or {@code
 *     <agentId>:tools} outside runs)
 */
public record ToolInvocation(
    String agentId,
    String toolName,
    Optional<String> operationId,
    WakeReason wakeReason,
    CategoryScope scope,
    ToolArguments arguments,
    boolean previewOnly,
    ChangeOrigin origin,
    String threadId) {

  public ToolInvocation {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(operationId, "operationId");
    Objects.requireNonNull(wakeReason, "wakeReason");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(arguments, "arguments");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(threadId, "threadId");
  }
}
