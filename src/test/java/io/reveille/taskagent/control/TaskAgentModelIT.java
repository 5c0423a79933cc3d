package io.reveille.taskagent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.persistence.Window;
import io.reveille.taskagent.control.TaskAgents.Options;
import io.reveille.testing.NotificationSentinel;
import io.reveille.testing.Poll;
import io.reveille.wake.control.RunKeys;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import io.reveille.workflow.control.WakeMemory;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The task agent thinking with a model: a local server speaking the OpenAI chat-completions
 * protocol over a socket ({@link OpenAiProtocolServer}, started in the server JVM) plays scripted
 * answers, configured through the documented settings ({@link ModelITConfigSource}). The model's
 * tool calls go through the tool executor; a re-run of the same wake replays them from the ledger;
 * a rate limit is retried; timeouts open the circuit, the agent backs off and finally sleeps.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TaskAgentModelIT {

  private static final Duration WAKE = Duration.ofSeconds(45);

  @Inject JournalService journal;
  @Inject TaskAgents taskAgents;
  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject WakeMemory wakeMemory;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject NotificationSentinel sentinel;
  @Inject InferenceGateway gateway;

  private OpenAiProtocolServer server;

  @BeforeEach
  void reset() {
    server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
  }

  /** A chat completion asking for tool calls: {@code calls} alternate id, name, arguments JSON. */
  private static String toolCalls(String... calls) {
    var requested = new OpenAiProtocolServer.ToolCall[calls.length / 3];
    for (var i = 0; i < calls.length; i += 3) {
      requested[i / 3] = new OpenAiProtocolServer.ToolCall(calls[i], calls[i + 1], calls[i + 2]);
    }
    return OpenAiProtocolServer.toolCallsBody(50, 10, requested);
  }

  private String newTaskInNewCategory() {
    var category = journal.createCategory("Model " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var taskId =
        journal
            .createTask(
                new NewTask(
                    "Prepare the launch",
                    Optional.empty(),
                    Optional.of(category),
                    Optional.empty(),
                    Optional.of(TaskPriority.P2),
                    Optional.of(60),
                    Optional.of(LocalDate.parse("2026-11-25")),
                    Optional.empty()),
                ChangeOrigin.NONE)
            .getId();
    // The creation's batch, if any subscription wanted it, is taken in before the agent
    // subscribes, so it cannot wake the agent a second time in the middle of a test.
    sentinel.passThroughTheQueue();
    return taskId;
  }

  private String createAgent(String taskId) {
    return taskAgents
        .create(
            taskId,
            new Options(
                Optional.empty(), AgentMode.AUTONOMOUS, AgentConfig.empty().withModelId("default")))
        .agent()
        .getId();
  }

  private String report(String agentId) {
    return memory
        .currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE)
        .map(r -> r.getContent())
        .orElse("");
  }

  private int count(String agentId, AgentMessageKind kind) {
    return memory
        .messages(agentId, Optional.of(kind), Optional.empty(), 100, Optional.empty())
        .messages()
        .size();
  }

  private WakeRunLogEntry latestRun(String agentId) {
    return scheduler.log(agentId, new Window(0, 1)).items().get(0);
  }

  @Test
  @Order(1)
  void theModelsToolCallsActOnceEvenWhenTheWakeIsReplayed() {
    var taskId = newTaskInNewCategory();
    var script =
        toolCalls(
            "call_1",
            "update_task_priority",
            "{\"taskId\":\"" + taskId + "\",\"priority\":\"p1\"}",
            "call_2",
            "record_observations",
            "{\"observations\":[{\"text\":\"Due in two days: raised to P1\"}]}");
    server.then(200, script).thenAnswer("# Prepare the launch\\n\\nPriority raised to P1.");

    var agentId = createAgent(taskId);
    Poll.until(WAKE, () -> report(agentId).contains("Priority raised to P1."));

    var task = journal.task(taskId);
    assertEquals(TaskPriority.P1, task.getPriority());
    var versionAfterFirstRun = task.getVersion();
    assertEquals(
        2,
        server.requestsMentioning(taskId),
        "one call with tool calls, one with the final report");
    assertEquals(2, count(agentId, AgentMessageKind.ACTION));
    assertEquals(2, count(agentId, AgentMessageKind.TOOL_RESULT));
    assertEquals(2, count(agentId, AgentMessageKind.ASSISTANT));
    assertEquals(1, count(agentId, AgentMessageKind.USER), "the wake's prompt, persisted");
    assertEquals(
        java.util.List.of("Due in two days: raised to P1"), wakeMemory.observations(agentId));
    var runKey = RunKeys.manual(agentId, "key:" + TaskAgents.FIRST_WAKE_KEY);
    var run = runLog.find(runKey);
    assertEquals(WakeStatus.COMPLETED, run.getStatus());
    assertEquals(50 + 3, run.getInputTokens(), "the usage both answers reported");
    assertEquals(10 + 2, run.getOutputTokens());
    assertEquals(2, run.getModelCalls());

    // The server dies after the workflow's steps committed, before the run completed: recovery
    // runs the same wake again from its recorded steps. The model is not asked again (nothing is
    // scripted): its recorded answers are carried out, their calls answered from the receipts.
    server.reset();
    runLog.uncomplete(runKey);
    scheduler.requeueUnfinished();
    Poll.until(
        WAKE,
        () ->
            runLog.find(runKey).getStatus() == WakeStatus.COMPLETED
                && runLog.find(runKey).getAttempts() == 2);

    assertEquals(0, server.requestsMentioning(taskId), "the model was not asked again");
    assertTrue(report(agentId).contains("Priority raised to P1."), report(agentId));
    assertEquals(
        versionAfterFirstRun, journal.task(taskId).getVersion(), "the priority changed once");
    assertEquals(2, count(agentId, AgentMessageKind.ACTION), "replays record nothing new");
    assertEquals(1, wakeMemory.observations(agentId).size(), "the observation was kept once");
    assertEquals(2, count(agentId, AgentMessageKind.ASSISTANT), "each answer is recorded once");
  }

  @Test
  @Order(2)
  void aRateLimitedCallIsRetried() {
    var taskId = newTaskInNewCategory();
    server.thenAnswer("first report");
    var agentId = createAgent(taskId);
    Poll.until(WAKE, () -> report(agentId).equals("first report"));

    server.reset();
    server.then(429, "{\"error\":{\"message\":\"slow down\"}}").thenAnswer("second report");
    scheduler.scheduleManual(agentId, Optional.empty());
    Poll.until(WAKE, () -> report(agentId).equals("second report"));

    // Other tests' agents may think meanwhile: count this agent's requests (they name its task).
    assertEquals(2, server.requestsMentioning(taskId), "the 429 and its retry");
    assertEquals(WakeStatus.COMPLETED, latestRun(agentId).getStatus());
    assertEquals(0, agents.state(agentId).getConsecutiveFailureCount());
  }

  @Test
  @Order(3)
  void timeoutsOpenTheCircuitAndTheAgentBacksOffThenSleeps() {
    var taskId = newTaskInNewCategory();
    server.thenAnswer("first report");
    var agentId = createAgent(taskId);
    Poll.until(WAKE, () -> report(agentId).equals("first report"));

    server.reset();
    for (var i = 0; i < 6; i++) {
      server.then(200, "{}", Duration.ofSeconds(3));
    }
    var circuitOpened = false;
    for (var failures = 1; failures <= 5; failures++) {
      var requestsBefore = server.requests();
      var entry = scheduler.scheduleManual(agentId, Optional.empty());
      var runKey = entry.getRunKey();
      Poll.until(WAKE, () -> runLog.find(runKey).getStatus() == WakeStatus.FAILED);
      var error = runLog.find(runKey).getErrorMessage();
      var state = agents.state(agentId);
      assertEquals(failures, state.getConsecutiveFailureCount());
      if (failures < 5) {
        assertTrue(
            state.getNextWakeAt() != null && state.getNextWakeAt().isAfter(Instant.now()),
            "the next subscription wake backs off: " + state.getNextWakeAt());
      }
      if (error.contains("CircuitBreakerOpen")) {
        circuitOpened = true;
        assertEquals(requestsBefore, server.requests(), "an open circuit fails fast: " + error);
      } else {
        assertTrue(error.contains("InferenceTimeout"), error);
      }
    }
    assertTrue(circuitOpened, "the timeouts opened the circuit");
    Poll.until(WAKE, () -> agents.get(agentId).getLifecycle() == AgentLifecycle.DORMANT);
    var why =
        memory.messages(
            agentId, Optional.of(AgentMessageKind.SYSTEM), Optional.empty(), 5, Optional.empty());
    assertEquals(1, why.messages().size(), "one system message says why the agent sleeps");
  }
}
