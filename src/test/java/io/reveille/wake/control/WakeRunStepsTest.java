package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.OneTransaction;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WakeRunStepsTest {

  @Test
  void aBudgetStopIsFoundAsTheFailureOrAsOneOfItsCauses() {
    var over = new RunBudgetExceededException(RunBudget.MAX_TOOL_CALLS, "51 of 50");
    assertEquals(Optional.of(RunBudget.MAX_TOOL_CALLS), WakeRunSteps.budgetOf(over));
    assertEquals(
        Optional.of(RunBudget.MAX_TOOL_CALLS),
        WakeRunSteps.budgetOf(new IllegalStateException("wrapped", over)));
  }

  @Test
  void aTransactionMarkedForRollbackIsNotTrustedToSayARunOrAgentIsGone() {
    var steps = new WakeRunSteps();
    steps.transactions = new OneTransaction();
    steps.requireHealthyTransaction("wk-1");

    steps.transactions.setRollbackOnly();
    var refused =
        assertThrows(IllegalStateException.class, () -> steps.requireHealthyTransaction("wk-1"));
    assertTrue(refused.getMessage().contains("wk-1"), refused.getMessage());
  }

  @Test
  void anyOtherFailureHasNoBudget() {
    assertEquals(Optional.empty(), WakeRunSteps.budgetOf(new IllegalStateException("boom")));
  }
}
