package io.reveille.tool.control.builtin;

import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;

/** What the tools that only a run can call share: the run making the call. */
final class RunCalls {

  private RunCalls() {}

  /**
   * The key of the run making {@code call}.
   *
   * @param why what the tool does that needs a run, for the refusal of a call over the API
   * @throws ToolFailure {@code conflict} when the call was made over the API, outside any run
   */
  static String runKey(ToolInvocation call, String why) {
    return call.origin()
        .runKey()
        .filter(key -> !key.startsWith(ToolExecutor.API_RUN_KEY_PREFIX))
        .orElseThrow(() -> new ToolFailure(ToolErrorCode.CONFLICT, call.toolName() + " " + why));
  }
}
