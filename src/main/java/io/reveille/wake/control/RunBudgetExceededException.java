package io.reveille.wake.control;

import java.util.Objects;

/**
 * A run went over one of its budgets: the run stops and fails with the budget's code (see {@link
 * WakeRunSteps#fail}); the failure counts like any other (streak, back-off, dormancy).
 */
public class RunBudgetExceededException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final RunBudget budget;

  public RunBudgetExceededException(RunBudget budget, String detail) {
    super(Objects.requireNonNull(budget, "budget").wire() + ": " + detail);
    this.budget = budget;
  }

  public RunBudget budget() {
    return budget;
  }
}
