package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Poll;
import io.reveille.testing.ThinkingAgents;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Each autonomous run has a thread of its own, and what a run put in its working state reaches the
 * agent's next run: a thread with no state of its own reads the one the latest run left.
 */
@ExtendWith(ArquillianExtension.class)
class WorkingStateAcrossRunsIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject InferenceGateway gateway;

  @Test
  void aSecondRunSeesWhatTheFirstPutInItsWorkingState() {
    ClosedCircuit.await(gateway);
    var marker = "carried-" + UUID.randomUUID();
    var expectation = "exp-" + UUID.randomUUID();
    var agentId = agents.create(ThinkingAgents.thinking("remembering", marker)).agent().getId();
    var model = OpenAiProtocolServer.shared();
    model
        .thenToolCall(
            "declare_expectations",
            "{\"expectations\":[{\"id\":\""
                + expectation
                + "\",\"action\":\"create_task\",\"expectedOutcome\":\"the follow-up exists\","
                + "\"expectedCount\":1}]}")
        .thenAnswer("Declared.");

    var first = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(first).getStatus() == WakeStatus.COMPLETED);
    // The first run's second request carries the call and its result, which name the expectation.
    assertEquals(1, model.requestsMentioning(expectation), "one request named it so far");

    model.thenAnswer("Seen.");
    var second = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(second).getStatus() == WakeStatus.COMPLETED);

    assertEquals(
        2,
        model.requestsMentioning(expectation),
        "the second run's request carries the working state the first run left");
    agents.destroy(agentId, OptionalLong.empty());
  }
}
