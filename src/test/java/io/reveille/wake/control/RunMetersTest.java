package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunMetersTest {

  @Test
  void aBudgetStopIsFoundAsTheFailureOrAsOneOfItsCauses() {
    var over = new RunBudgetExceededException(RunBudget.MAX_TOOL_CALLS, "51 of 50");
    assertEquals(Optional.of(RunBudget.MAX_TOOL_CALLS), RunMeters.budgetOf(over));
    assertEquals(
        Optional.of(RunBudget.MAX_TOOL_CALLS),
        RunMeters.budgetOf(new IllegalStateException("wrapped", over)));
  }

  @Test
  void anyOtherFailureHasNoBudget() {
    assertEquals(Optional.empty(), RunMeters.budgetOf(new IllegalStateException("boom")));
  }
}
