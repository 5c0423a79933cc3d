package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent whose model writes its working-state delta ({@code config.workingStateDelta: "model"}):
 * after the run's last turn the model is asked for the delta, which is applied all or nothing to
 * the run's thread; a delta the state refuses (one bad operation among good ones) changes nothing,
 * and the deterministic summary stands in.
 */
@ExtendWith(ArquillianExtension.class)
class ModelDeltaIT {

  private static final Duration WAKE = Duration.ofSeconds(45);

  /** Only the delta requests carry the summariser's instructions. */
  private static final String DELTA_REQUEST = "You update the working state of an agent";

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject InferenceGateway gateway;
  @Inject WorkingStates states;

  @Test
  void theModelsDeltaIsAppliedAndAMalformedOneLeavesTheStateAsItWas() {
    ClosedCircuit.await(gateway);
    var model = OpenAiProtocolServer.shared();
    var marker = "delta-" + UUID.randomUUID();
    var item = "item-" + UUID.randomUUID().toString().substring(0, 8);
    var agentId =
        agents
            .create(
                ThinkingAgents.thinking(
                    "summarised", marker, config -> config.withModelStateDelta(true)))
            .agent()
            .getId();
    try {
      model.alwaysAnswer(marker, "Report of " + marker);

      var good =
          "{\"schemaVersion\":1,\"itemOps\":[{\"op\":\"add\",\"item\":{\"id\":\""
              + item
              + "\",\"kind\":\"note\",\"title\":\"Learnt from "
              + marker
              + "\",\"status\":\"active\"}}],\"hypotheses\":[{\"id\":\"h-1\",\"hypothesis\":"
              + "\"The report is read on Mondays\",\"reason\":\"it said so\"}]}";
      model.alwaysAnswerByTurn(DELTA_REQUEST, List.of(OpenAiProtocolServer.answerBody(good)));
      var first = run(agentId);
      var written = states.state(agentId, runLog.find(first).getThreadId());
      assertTrue(written.hasSummarised(first), written::toString);
      assertEquals(
          List.of("Learnt from " + marker),
          written.items().stream().map(WorkingState.Item::title).toList(),
          written::toString);
      assertEquals(1, written.hypotheses().size(), written::toString);
      assertTrue(
          runLog.find(first).getInputTokens() + runLog.find(first).getOutputTokens() >= 10,
          "the delta call's tokens count toward the run");

      // One good operation and one that cannot apply (no such item): all or nothing.
      var bad =
          "```json\n{\"itemOps\":[{\"op\":\"add\",\"item\":{\"id\":\"other-"
              + item
              + "\",\"kind\":\"note\",\"title\":\"Half a delta\",\"status\":\"active\"}},"
              + "{\"op\":\"remove\",\"id\":\"no-such-item\"}]}\n```";
      model.alwaysAnswerByTurn(DELTA_REQUEST, List.of(OpenAiProtocolServer.answerBody(bad)));
      var asked = model.requestsMentioning(DELTA_REQUEST);
      var second = run(agentId);
      assertTrue(model.requestsMentioning(DELTA_REQUEST) > asked, "the model was asked again");
      var thread = runLog.find(second).getThreadId();
      var after = states.stored(agentId, thread);
      assertTrue(
          after.isEmpty() || after.get().state().items().isEmpty(),
          () -> "the refused delta added nothing: " + after);
    } finally {
      model.forget(marker);
      model.forget(DELTA_REQUEST);
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  private String run(String agentId) {
    var runKey = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(runKey).getStatus() == WakeStatus.COMPLETED);
    return runKey;
  }
}
