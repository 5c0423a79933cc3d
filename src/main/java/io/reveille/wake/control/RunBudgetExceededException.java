package io.reveille.wake.control;

import java.util.Objects;
import java.util.Optional;

/**
 * A run went over one of its budgets, or its agent's daily model-token quota: the run stops and
 * fails with the budget's {@linkplain #code() code} (see {@link WakeRunSteps#fail}). A run budget's
 * failure counts like any other (streak, back-off, dormancy); a spent daily quota sends the agent
 * dormant until the quota renews ({@link DailyTokenQuota}).
 */
public class RunBudgetExceededException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final transient RunBudget budget;

  public RunBudgetExceededException(RunBudget budget, String detail) {
    this(Objects.requireNonNull(budget, "budget").wire(), budget, detail);
  }

  private RunBudgetExceededException(String code, RunBudget budget, String detail) {
    super(code + ": " + detail);
    this.code = code;
    this.budget = budget;
  }

  /** The agent's daily model-token quota is spent ({@value DailyTokenQuota#CODE}). */
  static RunBudgetExceededException dailyQuota(String detail) {
    return new RunBudgetExceededException(DailyTokenQuota.CODE, null, detail);
  }

  /**
   * The run's error code: the budget's {@link RunBudget#wire()}, or {@value DailyTokenQuota#CODE}.
   */
  public String code() {
    return code;
  }

  /** The run budget that stopped the run; empty for the daily quota. */
  public Optional<RunBudget> budget() {
    return Optional.ofNullable(budget);
  }

  /** Whether the agent's daily quota, not a budget of the run, stopped it. */
  public boolean isDailyQuota() {
    return DailyTokenQuota.CODE.equals(code);
  }
}
