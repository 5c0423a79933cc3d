package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentBudgets;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs held to their budgets with a scripted model ({@link OpenAiProtocolServer}): a custom agent
 * whose {@code config.budgets} sets a small limit is stopped at the step boundary where it goes
 * over, and its run fails with the budget's code. Each test scripts exactly the answers its run
 * takes, so that nothing is left for the next test's model calls.
 */
@ExtendWith(ArquillianExtension.class)
class RunBudgetsIT {

  private static final Duration WAKE = Duration.ofSeconds(45);

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject InferenceGateway gateway;

  private OpenAiProtocolServer server;

  @BeforeEach
  void reset() {
    server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
  }

  /** A chat completion asking for {@code record_observations} once per text, with the usage. */
  private static String observing(int promptTokens, String... texts) {
    var arguments = new String[texts.length];
    for (var i = 0; i < texts.length; i++) {
      arguments[i] =
          Json.createObjectBuilder()
              .add(
                  "observations",
                  Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", texts[i])))
              .build()
              .toString();
    }
    return calling(promptTokens, "record_observations", arguments);
  }

  /** A chat completion asking for {@code tool} once per arguments JSON, with the usage. */
  private static String calling(int promptTokens, String tool, String... arguments) {
    var calls = new OpenAiProtocolServer.ToolCall[arguments.length];
    for (var i = 0; i < arguments.length; i++) {
      calls[i] = new OpenAiProtocolServer.ToolCall("call_" + UUID.randomUUID(), tool, arguments[i]);
    }
    return OpenAiProtocolServer.toolCallsBody(promptTokens, 10, calls);
  }

  /** A custom agent thinking with the default model, its instructions naming {@code marker}. */
  private String agent(String marker, Map<String, Long> budgets) {
    return agents
        .create(
            new NewAgent(
                AgentKind.CUSTOM,
                "Budgeted " + marker,
                AgentMode.AUTONOMOUS,
                AgentLifecycle.ACTIVE,
                Set.of(),
                AgentConfig.empty()
                    .withModelId("default")
                    .withInstructions("You are the budgeted agent " + marker + ".")
                    .withBudgets(AgentBudgets.of(budgets)),
                AgentSlots.empty()))
        .agent()
        .getId();
  }

  private WakeRunLogEntry wakeUntilFinished(String agentId) {
    var runKey = scheduler.scheduleManual(agentId, Optional.of("budget-test")).getRunKey();
    Poll.until(
        WAKE,
        () -> {
          var status = runLog.find(runKey).getStatus();
          return status == WakeStatus.FAILED || status == WakeStatus.COMPLETED;
        });
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
  void aModelStillCallingToolsAfterItsLastStepFailsTheRunWithMaxSteps() {
    var marker = "steps-" + UUID.randomUUID();
    server.then(200, observing(50, "first")).then(200, observing(50, "second"));
    var agentId = agent(marker, Map.of(AgentBudgets.MAX_STEPS, 2L));

    var run = wakeUntilFinished(agentId);

    assertEquals(WakeStatus.FAILED, run.getStatus());
    assertEquals(Optional.of("budget_max_steps"), run.getErrorCode());
    assertTrue(run.getErrorMessage().contains("at most 2"), run.getErrorMessage());
    assertEquals(2, server.requestsMentioning(marker), "no third model call");
    assertEquals(2, observations(agentId), "both steps' tool calls ran");
    assertEquals(2, RunSpec.fromJson(run.getRunSpec().orElseThrow()).maxSteps());
  }

  @Test
  void aSecondToolCallOverTheBudgetNeverRuns() {
    var marker = "calls-" + UUID.randomUUID();
    server.then(200, observing(50, "allowed", "refused"));
    var agentId = agent(marker, Map.of(AgentBudgets.MAX_TOOL_CALLS, 1L));

    var run = wakeUntilFinished(agentId);

    assertEquals(WakeStatus.FAILED, run.getStatus());
    assertEquals(Optional.of("budget_max_tool_calls"), run.getErrorCode());
    assertEquals(1, observations(agentId), "the first call ran, the second never did");
    assertEquals(1, server.requestsMentioning(marker));
  }

  @Test
  void usageOverTheTokenBudgetStopsTheRunBeforeItsToolCalls() {
    var marker = "tokens-" + UUID.randomUUID();
    server.then(200, observing(500, "too expensive"));
    var agentId = agent(marker, Map.of(AgentBudgets.MAX_MODEL_TOKENS, 100L));

    var run = wakeUntilFinished(agentId);

    assertEquals(WakeStatus.FAILED, run.getStatus());
    assertEquals(Optional.of("budget_max_model_tokens"), run.getErrorCode());
    assertEquals(510, run.getInputTokens() + run.getOutputTokens(), "the usage is still counted");
    assertEquals(0, observations(agentId));
  }

  @Test
  void theSameFailingCallMadeAgainBeyondTheRetriesStopsTheRun() {
    var marker = "retries-" + UUID.randomUUID();
    server.then(200, calling(50, "no_such_tool", "{\"n\":1}", "{\"n\":1}"));
    var agentId = agent(marker, Map.of(AgentBudgets.MAX_TOOL_RETRIES, 0L));

    var run = wakeUntilFinished(agentId);

    assertEquals(WakeStatus.FAILED, run.getStatus());
    assertEquals(Optional.of("budget_max_tool_retries"), run.getErrorCode());
  }

  @Test
  void oneToolErrorComingTooOftenStopsTheRun() {
    var marker = "errors-" + UUID.randomUUID();
    server.then(200, calling(50, "no_such_tool", "{\"n\":1}", "{\"n\":2}"));
    var agentId = agent(marker, Map.of(AgentBudgets.MAX_SAME_ERROR_REPEATS, 1L));

    var run = wakeUntilFinished(agentId);

    assertEquals(WakeStatus.FAILED, run.getStatus());
    assertEquals(Optional.of("budget_max_same_error"), run.getErrorCode());
    assertTrue(run.getErrorMessage().contains("unknown_tool"), run.getErrorMessage());
  }
}
