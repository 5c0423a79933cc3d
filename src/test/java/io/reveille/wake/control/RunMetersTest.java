package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunMetersTest {

  @Test
  void aBudgetStopIsFoundAsTheFailureOrAsOneOfItsCauses() {
    var over = new RunBudgetExceededException(RunBudget.MAX_TOOL_CALLS, "51 of 50");
    assertEquals(Optional.of(over), RunMeters.budgetStopOf(over));
    assertEquals(
        Optional.of(over), RunMeters.budgetStopOf(new IllegalStateException("wrapped", over)));
    assertEquals("budget_max_tool_calls", over.code());
    assertEquals(Optional.of(RunBudget.MAX_TOOL_CALLS), over.budget());
  }

  @Test
  void theDailyQuotaIsABudgetStopWithItsOwnCodeAndNoRunBudget() {
    var spent = RunBudgetExceededException.dailyQuota("120 of 100 today");
    assertEquals("budget_daily_tokens", spent.code());
    assertEquals(Optional.empty(), spent.budget());
    assertTrue(spent.isDailyQuota());
    assertTrue(spent.getMessage().startsWith("budget_daily_tokens: "), spent::getMessage);
  }

  @Test
  void anyOtherFailureHasNoBudget() {
    assertEquals(Optional.empty(), RunMeters.budgetStopOf(new IllegalStateException("boom")));
  }
}
