package io.reveille.tool.control;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * The principal who asked for a call over the API, and what their request records beside the call's
 * result.
 *
 * @param name the principal, named in the agent's operator thread when the call succeeds
 * @param withResult runs in the transaction that writes the call's result message, before it
 *     commits, once per such transaction: the request's audit row goes there, so that it commits or
 *     rolls back with the result and the request takes no transaction of its own for it. A
 *     transaction that rolls back after it ran is followed by the one that records the failure,
 *     where it runs again.
 */
public record ToolCaller(String name, Consumer<ToolResult> withResult) {

  public ToolCaller {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(withResult, "withResult");
  }

  /** A principal whose request records nothing beside the result. */
  public static ToolCaller named(String name) {
    return new ToolCaller(name, result -> {});
  }
}
