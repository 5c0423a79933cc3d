package io.reveille.wake.control;

/**
 * One limit a run is held to. A run over a budget fails with the budget's {@linkplain #wire() code}
 * as its error code, so that "stopped by its budget" is told apart from a crash or a model error.
 */
public enum RunBudget {
  MAX_WALL_CLOCK("budget_max_wall_clock", "maxWallClockSeconds", "max-wall-clock-seconds"),
  MAX_STEPS("budget_max_steps", "maxSteps", "max-steps"),
  MAX_TOOL_CALLS("budget_max_tool_calls", "maxToolCalls", "max-tool-calls"),
  MAX_TOOL_RETRIES("budget_max_tool_retries", "maxToolRetries", "max-tool-retries"),
  MAX_SAME_ERROR("budget_max_same_error", "maxSameErrorRepeats", "max-same-error-repeats"),
  MAX_MODEL_TOKENS("budget_max_model_tokens", "maxModelTokens", "max-model-tokens");

  private final String wire;
  private final String field;
  private final String setting;

  RunBudget(String wire, String field, String setting) {
    this.wire = wire;
    this.field = field;
    this.setting = setting;
  }

  /** The error code of a run this budget stopped, e.g. {@code budget_max_steps}. */
  public String wire() {
    return wire;
  }

  /** The field of the run spec and of an agent's {@code config.budgets}, e.g. {@code maxSteps}. */
  public String field() {
    return field;
  }

  /** The last part of the setting's key, e.g. {@code max-steps}. */
  public String setting() {
    return setting;
  }
}
