package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.wake.entity.WakeReason;
import jakarta.enterprise.inject.Vetoed;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Nothing leaves a run started for good, whatever the workflow or the database throws. */
class WakeRunnerTest {

  private static final String RUN_KEY = "wk-test";

  /**
   * The steps, with each one's behaviour scripted and every call recorded; not a bean of the test
   * deployment, which holds the test classes too.
   */
  @Vetoed
  private static class ScriptedSteps extends WakeRunSteps {
    Supplier<WakeOutcome> workflow = WakeOutcome::nothing;
    int completeFailures;
    boolean failFails;
    final List<String> calls = new ArrayList<>();
    Throwable recordedFailure;

    @Override
    public Optional<WakeRun> begin(String runKey, String agentId) {
      calls.add("begin");
      return Optional.of(aRun(runKey, agentId));
    }

    /** Whether beginOrRun runs the whole run at once, and whether its workflow fails there. */
    boolean selfContained;

    boolean selfContainedFails;

    boolean commitFails;

    @Override
    public Optional<Begun> beginOrRun(String runKey, String agentId) {
      var run = begin(runKey, agentId).orElseThrow();
      if (selfContainedFails) {
        calls.add("rolled back");
        selfContainedFails = false;
        throw new SelfContainedRunFailedException(runKey, new IllegalStateException("no"));
      }
      if (commitFails) {
        calls.add("commit failed");
        commitFails = false;
        // As the container reports a failed commit: wrapped, not the steps' own exception.
        throw new jakarta.transaction.TransactionalException(
            "commit failed", new IllegalStateException("rolled back"));
      }
      if (selfContained) {
        calls.add("executed and completed");
      }
      return Optional.of(new Begun(run, selfContained));
    }

    @Override
    public WakeOutcome execute(WakeRun run, Optional<AgentWorkflow.Prepared> prepared) {
      calls.add("execute");
      return workflow.get();
    }

    @Override
    public void complete(WakeRun run, WakeOutcome outcome) {
      calls.add("complete");
      if (completeFailures > 0) {
        completeFailures--;
        throw new IllegalStateException("database blip");
      }
    }

    @Override
    public void fail(WakeRun run, Throwable failure) {
      calls.add("fail");
      if (failFails) {
        throw new IllegalStateException("database away");
      }
      recordedFailure = failure;
    }
  }

  /** A first attempt at a manual run of a custom agent. */
  static WakeRun aRun(String runKey, String agentId) {
    return new WakeRun(
        runKey,
        agentId,
        AgentKind.CUSTOM,
        WakeReason.MANUAL,
        agentId + ":main",
        List.of(),
        1,
        Optional.empty());
  }

  private final ScriptedSteps steps = new ScriptedSteps();
  private final RunsInFlight inFlight = new RunsInFlight();
  private final WakeRunner runner = runner(4);

  private WakeRunner runner(int completeAttempts) {
    var runner = new WakeRunner();
    runner.steps = steps;
    runner.inFlight = inFlight;
    runner.metrics = new io.reveille.observability.control.Metrics();
    runner.config = new SweepConfig(900, 60, 30, 600, 5, completeAttempts, 0);
    return runner;
  }

  @Test
  void anErrorFromTheWorkflowIsRecordedAsAFailure() {
    var error = new StackOverflowError("deep");
    steps.workflow =
        () -> {
          throw error;
        };

    runner.run(RUN_KEY, "agent-1");

    assertEquals(List.of("begin", "execute", "fail"), steps.calls);
    assertSame(error, steps.recordedFailure);
    assertFalse(inFlight.contains(RUN_KEY), "the run is no longer held by this JVM");
  }

  @Test
  void aFailureThatCannotBeRecordedRollsTheDeliveryBackAndReleasesTheRun() {
    steps.workflow =
        () -> {
          throw new IllegalArgumentException("bad tool call");
        };
    steps.failFails = true;

    var thrown = assertThrows(IllegalStateException.class, () -> runner.run(RUN_KEY, "agent-1"));

    assertEquals("database away", thrown.getMessage());
    assertEquals(1, thrown.getSuppressed().length, "the workflow's failure travels along");
    assertFalse(inFlight.contains(RUN_KEY), "a redelivery may take the run up again");
  }

  @Test
  void aCompletionThatFailsIsTriedAgainInsteadOfFailingTheRun() {
    steps.completeFailures = 2;

    runner.run(RUN_KEY, "agent-1");

    assertEquals(List.of("begin", "execute", "complete", "complete", "complete"), steps.calls);
    assertEquals(null, steps.recordedFailure);
  }

  @Test
  void aCompletionThatKeepsFailingFailsTheRunAfterItsAttempts() {
    steps.completeFailures = 100;

    runner(3).run(RUN_KEY, "agent-1");

    assertEquals(
        List.of("begin", "execute", "complete", "complete", "complete", "fail"), steps.calls);
    assertTrue(steps.recordedFailure.getMessage().contains("database blip"));
  }

  @Test
  void aSelfContainedRunCompletedWithinItsBeginIsNotExecutedAgain() {
    steps.selfContained = true;

    runner.run(RUN_KEY, "agent-1");

    assertEquals(List.of("begin", "executed and completed"), steps.calls);
    assertFalse(inFlight.contains(RUN_KEY));
  }

  @Test
  void aSelfContainedRunWhoseWorkflowFailedIsRunAgainStepByStepAndItsFailureRecorded() {
    steps.selfContainedFails = true;
    var error = new IllegalStateException("the workflow fails every time");
    steps.workflow =
        () -> {
          throw error;
        };

    runner.run(RUN_KEY, "agent-1");

    assertEquals(List.of("begin", "rolled back", "begin", "execute", "fail"), steps.calls);
    assertSame(error, steps.recordedFailure);
  }

  @Test
  void aRunWhoseOneTransactionFailedToCommitGoesStepByStep() {
    steps.commitFails = true;

    runner.run(RUN_KEY, "agent-1");

    assertEquals(List.of("begin", "commit failed", "begin", "execute", "complete"), steps.calls);
    assertEquals(null, steps.recordedFailure);
  }

  @Test
  void aSecondDeliveryOfARunThisJvmIsExecutingIsDropped() {
    inFlight.enter(RUN_KEY);

    runner.run(RUN_KEY, "agent-1");

    assertEquals(List.of(), steps.calls);
    assertTrue(inFlight.contains(RUN_KEY), "the executing thread still holds it");
  }
}
