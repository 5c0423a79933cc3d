package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.testing.OneTransaction;
import jakarta.enterprise.inject.Vetoed;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
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

  /** Steps whose begin and completion are scripted, with one workflow for every kind. */
  @Vetoed
  private static final class OneWorkflow extends WakeRunSteps {
    final List<String> calls = new ArrayList<>();
    final boolean selfContained;
    final Supplier<WakeOutcome> workflow;

    OneWorkflow(boolean selfContained, Supplier<WakeOutcome> workflow) {
      this.selfContained = selfContained;
      this.workflow = workflow;
    }

    @Override
    public Optional<WakeRun> begin(String runKey, String agentId) {
      calls.add("begin");
      return Optional.of(WakeRunnerTest.aRun(runKey, agentId));
    }

    @Override
    Optional<WakeExecutor> executorFor(AgentKind kind) {
      return Optional.of(
          new WakeExecutor() {
            @Override
            public AgentKind kind() {
              return kind;
            }

            @Override
            public WakeOutcome execute(WakeRun run) {
              calls.add("execute");
              return workflow.get();
            }

            @Override
            public boolean isSelfContained(WakeRun run) {
              return selfContained;
            }
          });
    }

    @Override
    public void complete(WakeRun run, WakeOutcome outcome) {
      calls.add("complete");
    }
  }

  @Test
  void aRunThatIsNotSelfContainedIsOnlyBegun() {
    var steps = new OneWorkflow(false, WakeOutcome::nothing);

    var begun = steps.beginOrRun("wk-1", "agent-1").orElseThrow();

    assertEquals(List.of("begin"), steps.calls);
    assertFalse(begun.completed());
  }

  @Test
  void aSelfContainedRunIsExecutedAndCompletedInItsBegin() {
    var steps = new OneWorkflow(true, WakeOutcome::nothing);

    var begun = steps.beginOrRun("wk-1", "agent-1").orElseThrow();

    assertEquals(List.of("begin", "execute", "complete"), steps.calls);
    assertTrue(begun.completed());
  }

  @Test
  void aSelfContainedRunWhoseWorkflowThrowsIsNotCompletedAndSaysSo() {
    var steps =
        new OneWorkflow(
            true,
            () -> {
              throw new IllegalStateException("boom");
            });

    var thrown =
        assertThrows(
            WakeRunSteps.SelfContainedRunFailedException.class,
            () -> steps.beginOrRun("wk-1", "agent-1"));

    assertEquals(List.of("begin", "execute"), steps.calls);
    assertTrue(thrown.getMessage().contains("wk-1"), thrown.getMessage());
  }

  @Test
  void anErrorFromASelfContainedWorkflowIsTurnedIntoARollbackToo() {
    var error = new StackOverflowError("deep");
    var steps =
        new OneWorkflow(
            true,
            () -> {
              throw error;
            });

    var thrown =
        assertThrows(
            WakeRunSteps.SelfContainedRunFailedException.class,
            () -> steps.beginOrRun("wk-1", "agent-1"));

    assertSame(error, thrown.getCause());
  }

  @Test
  void aSelfContainedRunWhoseTransactionWasDoomedMeanwhileSaysSo() {
    var steps = new OneWorkflow(true, WakeOutcome::nothing);
    steps.transactions = new OneTransaction();
    steps.transactions.setRollbackOnly();

    assertThrows(
        WakeRunSteps.SelfContainedRunFailedException.class,
        () -> steps.beginOrRun("wk-1", "agent-1"));
    assertEquals(List.of("begin", "execute", "complete"), steps.calls);
  }

  @Test
  void aStartIsCountedOnlyWhenItsTransactionCommits() {
    var steps = new WakeRunSteps();
    steps.metrics = new io.reveille.observability.control.Metrics();
    var transaction = new OneTransaction();
    steps.transactions = transaction;

    steps.countStarted("manual", java.time.Duration.ofMillis(5));
    steps.countStarted("manual", java.time.Duration.ofMillis(5));
    assertEquals(0, startsCounted(steps), "nothing before the transaction ends");
    transaction
        .synchronizations()
        .get(0)
        .afterCompletion(jakarta.transaction.Status.STATUS_ROLLEDBACK);
    assertEquals(0, startsCounted(steps), "a start rolled back is not counted");
    transaction
        .synchronizations()
        .get(1)
        .afterCompletion(jakarta.transaction.Status.STATUS_COMMITTED);
    assertEquals(1, startsCounted(steps));
  }

  /** The count of the start-latency histogram for manual runs, as the scrape shows it. */
  private static long startsCounted(WakeRunSteps steps) {
    return steps
        .metrics
        .scrape()
        .lines()
        .filter(
            line -> line.startsWith("reveille_wake_start_latency_seconds_count{reason=\"manual\""))
        .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  @Test
  void anyOtherFailureHasNoBudget() {
    assertEquals(Optional.empty(), WakeRunSteps.budgetOf(new IllegalStateException("boom")));
  }
}
