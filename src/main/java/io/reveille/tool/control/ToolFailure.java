package io.reveille.tool.control;

import java.util.Objects;

/**
 * A tool call refused or failed for a reason the caller should see as a tool result ({@code
 * errorCode} and {@code errorMessage}) rather than as a server error. Thrown inside the call's
 * transaction it rolls everything the handler did back.
 */
public class ToolFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ToolErrorCode code;

  public ToolFailure(ToolErrorCode code, String message) {
    super(message);
    this.code = Objects.requireNonNull(code, "code");
  }

  public static ToolFailure invalid(String field, String message) {
    return new ToolFailure(ToolErrorCode.INVALID_ARGUMENTS, field + ": " + message);
  }

  public static ToolFailure outOfScope(String message) {
    return new ToolFailure(ToolErrorCode.OUT_OF_SCOPE, message);
  }

  public ToolErrorCode getCode() {
    return code;
  }
}
