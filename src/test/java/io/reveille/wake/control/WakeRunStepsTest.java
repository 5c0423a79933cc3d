package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.testing.OneTransaction;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.inject.Vetoed;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class WakeRunStepsTest {

  private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

  /** Steps whose begin and completion are scripted, with one workflow for every kind. */
  private static final class OneWorkflow {
    final List<String> calls = new ArrayList<>();
    final WakeRunSteps steps = new WakeRunSteps();

    OneWorkflow(boolean selfContained, Supplier<WakeOutcome> workflow) {
      steps.gate = new AdmitAll();
      steps.claim = new ClaimScripted(calls);
      steps.workflows = new ScriptedWorkflows(calls, selfContained, workflow);
      steps.completion = new CompletionScripted(calls);
    }

    Optional<WakeRunSteps.Begun> beginOrRun(String runKey, String agentId) {
      return steps.beginOrRun(runKey, agentId);
    }
  }

  /** A gate that lets every run through; not a bean of the test deployment. */
  @Vetoed
  private static final class AdmitAll extends RunGate {
    @Override
    public Optional<Admission> admit(String runKey, String agentId, boolean justWritten) {
      var entry =
          new WakeRunLogEntry(
              runKey, agentId, WakeReason.MANUAL, null, agentId + ":main", List.of(), null, NOW);
      return Optional.of(new Admission(entry, null, NOW));
    }
  }

  @Vetoed
  private static final class ClaimScripted extends RunClaim {
    private final List<String> calls;

    ClaimScripted(List<String> calls) {
      this.calls = calls;
    }

    @Override
    public WakeRun claim(RunGate.Admission admitted, boolean justWritten) {
      calls.add("begin");
      return WakeRunnerTest.aRun(admitted.entry().getRunKey(), admitted.entry().getAgentId());
    }
  }

  @Vetoed
  private static final class CompletionScripted extends RunCompletion {
    private final List<String> calls;

    CompletionScripted(List<String> calls) {
      this.calls = calls;
    }

    @Override
    public void complete(WakeRun run, WakeOutcome outcome) {
      calls.add("complete");
    }

    @Override
    public void complete(WakeRun run, WakeOutcome outcome, boolean selfContained) {
      calls.add("complete");
    }
  }

  @Vetoed
  private static final class ScriptedWorkflows extends AgentWorkflows {
    private final List<String> calls;
    private final boolean selfContained;
    private final Supplier<WakeOutcome> workflow;
    Supplier<Optional<AgentWorkflow.Prepared>> prepare = Optional::empty;

    ScriptedWorkflows(List<String> calls, boolean selfContained, Supplier<WakeOutcome> workflow) {
      this.calls = calls;
      this.selfContained = selfContained;
      this.workflow = workflow;
    }

    @Override
    public Optional<AgentWorkflow> forKind(AgentKind kind) {
      return Optional.of(
          new AgentWorkflow() {
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

            @Override
            public Optional<Prepared> prepare(WakeRun run) {
              calls.add("prepare");
              return prepare.get();
            }
          });
    }
  }

  @Test
  void aRunThatIsNotSelfContainedIsOnlyBegun() {
    var steps = new OneWorkflow(false, WakeOutcome::nothing);

    var begun = steps.beginOrRun("wk-1", "agent-1").orElseThrow();

    assertEquals(List.of("begin", "prepare"), steps.calls);
    assertFalse(begun.completed());
    assertEquals(Optional.empty(), begun.prepared());
  }

  @Test
  void whatTheWorkflowReadsFirstIsReadInTheBeginAndHandedOn() {
    var steps = new OneWorkflow(false, WakeOutcome::nothing);
    AgentWorkflow.Prepared read = new AgentWorkflow.Prepared() {};
    ((ScriptedWorkflows) steps.steps.workflows).prepare = () -> Optional.of(read);

    var begun = steps.beginOrRun("wk-1", "agent-1").orElseThrow();

    assertSame(read, begun.prepared().orElseThrow());
  }

  @Test
  void aFailedFirstReadLeavesTheRunBegunWithNothingPrepared() {
    var steps = new OneWorkflow(false, WakeOutcome::nothing);
    ((ScriptedWorkflows) steps.steps.workflows).prepare =
        () -> {
          throw new IllegalStateException("no endpoint");
        };

    var begun = steps.beginOrRun("wk-1", "agent-1").orElseThrow();

    assertFalse(begun.completed());
    assertEquals(Optional.empty(), begun.prepared());
  }

  @Test
  void aFirstReadThatDoomedTheBeginIsThrownSoTheRunIsBegunAgain() {
    var steps = new OneWorkflow(false, WakeOutcome::nothing);
    steps.steps.transactions = new OneTransaction();
    ((ScriptedWorkflows) steps.steps.workflows).prepare =
        () -> {
          steps.steps.transactions.setRollbackOnly();
          throw new IllegalStateException("a read failed");
        };

    var thrown =
        assertThrows(IllegalStateException.class, () -> steps.beginOrRun("wk-1", "agent-1"));
    assertTrue(thrown.getMessage().contains("wk-1"), thrown.getMessage());
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
    steps.steps.transactions = new OneTransaction();
    steps.steps.transactions.setRollbackOnly();

    assertThrows(
        WakeRunSteps.SelfContainedRunFailedException.class,
        () -> steps.beginOrRun("wk-1", "agent-1"));
    assertEquals(List.of("begin", "execute", "complete"), steps.calls);
  }
}
