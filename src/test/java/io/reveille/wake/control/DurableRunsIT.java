package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.error.ConflictException;
import io.reveille.testing.Poll;
import io.reveille.tool.control.ledger.ToolLedger;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs as durable units, with a scripted model ({@link OpenAiProtocolServer}): each model turn is a
 * step with its answer recorded and a checkpoint at its end; a run retried after a failure carries
 * out its recorded answers instead of asking the model again, and its tool calls are answered from
 * their receipts; a cancel stops a started run at its next step boundary; a completed run delivered
 * again does nothing. Each test scripts exactly the answers its run takes.
 */
@ExtendWith(ArquillianExtension.class)
class DurableRunsIT {

  private static final Duration WAKE = Duration.ofSeconds(45);

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject WakeScheduler scheduler;
  @Inject WakeRunner runner;
  @Inject RunLogFixture runLog;
  @Inject RunJournal journal;
  @Inject RunControl control;
  @Inject WakeRunSteps runSteps;
  @Inject io.reveille.journal.control.JournalService journalService;
  @Inject ToolLedger ledger;
  @Inject InferenceGateway gateway;

  private OpenAiProtocolServer server;

  @BeforeEach
  void reset() {
    server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
  }

  /** A chat completion asking for {@code record_observations} with one observation. */
  private static String observing(String text) {
    var arguments =
        Json.createObjectBuilder()
            .add(
                "observations",
                Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", text)))
            .build()
            .toString();
    return OpenAiProtocolServer.toolCallsBody(
        40,
        10,
        new OpenAiProtocolServer.ToolCall(
            "call_" + UUID.randomUUID(), "record_observations", arguments));
  }

  private String agent(String marker) {
    return agents
        .create(
            new NewAgent(
                AgentKind.CUSTOM,
                "Durable " + marker,
                AgentMode.AUTONOMOUS,
                AgentLifecycle.ACTIVE,
                Set.of(),
                AgentConfig.empty()
                    .withModelId("default")
                    .withInstructions("You are the durable agent " + marker + "."),
                AgentSlots.empty()))
        .agent()
        .getId();
  }

  private String wake(String agentId) {
    return scheduler.scheduleManual(agentId, Optional.of("durable-test")).getRunKey();
  }

  private WakeRunLogEntry until(String runKey, WakeStatus... statuses) {
    var wanted = Set.of(statuses);
    Poll.until(WAKE, () -> wanted.contains(runLog.find(runKey).getStatus()));
    return runLog.find(runKey);
  }

  private int observations(String agentId) {
    return memory
        .messages(
            agentId,
            Optional.of(AgentMessageKind.OBSERVATION),
            Optional.empty(),
            100,
            Optional.empty())
        .messages()
        .size();
  }

  @Test
  void aRetriedRunCarriesOutItsRecordedAnswersAndReplaysItsCallsWithoutAskingTheModelAgain() {
    var marker = "resume-" + UUID.randomUUID();
    server
        .then(200, observing("seen once " + marker))
        .then(400, "{\"error\":{\"message\":\"refused\"}}");
    var agentId = agent(marker);
    var runKey = wake(agentId);

    var failed = until(runKey, WakeStatus.FAILED, WakeStatus.COMPLETED);
    assertEquals(WakeStatus.FAILED, failed.getStatus(), failed.getErrorMessage());
    var steps = journal.steps(runKey);
    assertEquals(1, steps.size(), "the refused model call began no step");
    assertEquals(StepStatus.SUCCEEDED, steps.get(0).getStatus());
    assertTrue(steps.get(0).getDecision().isPresent());
    var checkpoints = journal.checkpoints(runKey);
    assertEquals(1, checkpoints.size());
    var cursor =
        Json.createReader(new java.io.StringReader(checkpoints.get(0).getCursor())).readObject();
    assertEquals(1, cursor.getInt("nextOrdinal"));
    assertEquals(2, server.requestsMentioning(marker));

    server.thenAnswer("Report of " + marker);
    control.retry(runKey);
    var completed = until(runKey, WakeStatus.COMPLETED, WakeStatus.FAILED);

    assertEquals(WakeStatus.COMPLETED, completed.getStatus(), completed.getErrorMessage());
    assertEquals(3, server.requestsMentioning(marker), "step 0 was not asked again");
    assertEquals(1, observations(agentId), "the observation was written once");
    var calls = ledger.ofRun(runKey, 10);
    assertEquals(1, calls.size());
    assertEquals(1, calls.get(0).getAttempts(), "the replay was answered from the receipt");
    var after = journal.steps(runKey);
    assertEquals(2, after.size());
    after.forEach(step -> assertEquals(StepStatus.SUCCEEDED, step.getStatus()));
    assertEquals(2, journal.checkpoints(runKey).size());
  }

  @Test
  void aCancelledStartedRunStopsAtItsNextStepBoundaryBeforeItsToolCallRuns() throws Exception {
    var marker = "cancel-" + UUID.randomUUID();
    var arrived = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    server.thenHeld(200, observing("never written " + marker), arrived, release);
    var agentId = agent(marker);
    var runKey = wake(agentId);
    try {
      assertTrue(arrived.await(WAKE.toSeconds(), TimeUnit.SECONDS), "the model call is in flight");

      var marked = control.cancel(runKey);

      assertEquals(WakeStatus.STARTED, marked.getStatus());
      assertNotNull(marked.getCancelRequestedAt());
    } finally {
      release.countDown();
    }
    var cancelled = until(runKey, WakeStatus.CANCELLED, WakeStatus.COMPLETED, WakeStatus.FAILED);

    assertEquals(WakeStatus.CANCELLED, cancelled.getStatus(), cancelled.getErrorMessage());
    assertEquals(0, observations(agentId), "the answer's tool call never ran");
    assertEquals(StepStatus.SKIPPED, journal.steps(runKey).get(0).getStatus());
    assertThrows(ConflictException.class, () -> control.cancel(runKey));
    assertThrows(ConflictException.class, () -> control.retry(runKey));
  }

  @Test
  void aCompletedRunDeliveredAgainDoesNothing() {
    var marker = "replay-" + UUID.randomUUID();
    server.then(200, observing("once " + marker)).thenAnswer("Report of " + marker);
    var agentId = agent(marker);
    var runKey = wake(agentId);
    var completed = until(runKey, WakeStatus.COMPLETED, WakeStatus.FAILED);
    assertEquals(WakeStatus.COMPLETED, completed.getStatus(), completed.getErrorMessage());

    runner.run(runKey, agentId);

    var after = runLog.find(runKey);
    assertEquals(completed.getVersion(), after.getVersion(), "the run log entry is untouched");
    assertEquals(completed.getAttempts(), after.getAttempts());
    assertEquals(2, server.requestsMentioning(marker), "the model was not asked again");
    assertEquals(1, observations(agentId));
    assertThrows(ConflictException.class, () -> control.retry(runKey));
    assertThrows(ConflictException.class, () -> control.resume(runKey));
    assertThrows(ConflictException.class, () -> control.cancel(runKey));
  }

  @Test
  void aRunWhoseDecisionWasMadeBeforeItParkedGoesOnAtOnceAndOneStillUndecidedWaits() {
    var marker = "parked-" + UUID.randomUUID();
    // Paused, so the run queued again is skipped at once rather than asking a model.
    var agentId = agent(marker);
    agents.pause(agentId, java.util.OptionalLong.empty());
    var decided = runLog.insertStartedRun(agentId, "decided-" + UUID.randomUUID());
    var undecided = runLog.insertStartedRun(agentId, "undecided-" + UUID.randomUUID());

    // No proposal of the run is pending: whatever it waited for was decided.
    runSteps.park(run(agentId, decided), new RunWaitingException("awaiting_approval", "decided"));
    runSteps.park(
        run(agentId, undecided), new RunWaitingException("budget_max_steps", "a person decides"));

    var resumed = until(decided, WakeStatus.SKIPPED, WakeStatus.FAILED, WakeStatus.COMPLETED);
    assertEquals(WakeStatus.SKIPPED, resumed.getStatus(), "queued again and begun at once");
    var waiting = runLog.find(undecided);
    assertEquals(WakeStatus.WAITING, waiting.getStatus());
    assertEquals(Optional.of("budget_max_steps"), waiting.getErrorCode());
  }

  private static WakeRun run(String agentId, String runKey) {
    return new WakeRun(
        runKey,
        agentId,
        io.reveille.agent.entity.AgentKind.CUSTOM,
        io.reveille.wake.entity.WakeReason.MANUAL,
        RunKeys.threadId(agentId, runKey),
        java.util.List.of("crash-token"),
        1,
        Optional.empty());
  }

  @Test
  void aRetriedRunAnswersACallThatFailedWithItsStoredErrorInsteadOfRunningItAgain() {
    var marker = "stored-failure-" + UUID.randomUUID();
    var home = journalService.createCategory("Home " + marker, ChangeOrigin.NONE).getId();
    var other = journalService.createCategory("Other " + marker, ChangeOrigin.NONE).getId();
    var taskId =
        journalService
            .createTask(
                new io.reveille.journal.control.JournalService.NewTask(
                    "Out of reach " + marker,
                    Optional.empty(),
                    Optional.of(other),
                    Optional.empty(),
                    Optional.of(io.reveille.journal.entity.TaskPriority.P3),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()),
                ChangeOrigin.NONE)
            .getId();
    var raise =
        Json.createObjectBuilder().add("taskId", taskId).add("priority", "p0").build().toString();
    server
        .then(
            200,
            OpenAiProtocolServer.toolCallsBody(
                40, 10, new OpenAiProtocolServer.ToolCall("call_1", "update_task_priority", raise)))
        .then(400, "{\"error\":{\"message\":\"refused\"}}");
    var agentId = agent(marker);
    agents.update(
        agentId,
        java.util.OptionalLong.empty(),
        new AgentService.AgentChanges(
            Optional.empty(), Optional.of(Set.of(home)), Optional.empty(), Optional.empty()));
    var runKey = wake(agentId);
    var failed = until(runKey, WakeStatus.FAILED, WakeStatus.COMPLETED);
    assertEquals(WakeStatus.FAILED, failed.getStatus(), failed.getErrorMessage());
    assertEquals(
        io.reveille.tool.entity.ToolCallStatus.FAILED, ledger.ofRun(runKey, 10).get(0).getStatus());

    // Now the call would pass: the run saw it fail and went on, so its retry must not make it.
    agents.update(
        agentId,
        java.util.OptionalLong.empty(),
        new AgentService.AgentChanges(
            Optional.empty(),
            Optional.of(Set.of(home, other)),
            Optional.empty(),
            Optional.empty()));
    server.thenAnswer("Report of " + marker);
    control.retry(runKey);
    var completed = until(runKey, WakeStatus.COMPLETED, WakeStatus.FAILED);

    assertEquals(WakeStatus.COMPLETED, completed.getStatus(), completed.getErrorMessage());
    assertEquals(
        io.reveille.journal.entity.TaskPriority.P3,
        journalService.task(taskId).getPriority(),
        "the failed call was not made again");
    assertEquals(1, ledger.ofRun(runKey, 10).get(0).getAttempts());
  }
}
