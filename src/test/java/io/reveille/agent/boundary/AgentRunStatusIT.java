package io.reveille.agent.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import io.reveille.testing.ThinkingAgents;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent's state shows what it is doing now: while its run waits on the model, {@code running}
 * with the run's key; once the run completed, {@code idle} with none.
 */
@ExtendWith(ArquillianExtension.class)
class AgentRunStatusIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject InferenceGateway gateway;

  @Test
  void theStateShowsTheRunningRunAndNoneOnceItIsDone() throws Exception {
    ClosedCircuit.await(gateway);
    var marker = "run-status-" + UUID.randomUUID();
    var agentId = agents.create(ThinkingAgents.thinking("busy", marker)).agent().getId();
    assertEquals("idle", state(agentId).getString("runStatus"), "nothing to do yet");
    assertTrue(absent(state(agentId), "activeRunId"));

    var arrived = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    OpenAiProtocolServer.shared()
        .thenHeld(200, OpenAiProtocolServer.answerBody("Done."), arrived, release);
    var runKey = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    try {
      assertTrue(arrived.await(WAKE.toSeconds(), TimeUnit.SECONDS), "the run asks the model");
      var busy = state(agentId);
      assertEquals("running", busy.getString("runStatus"), busy::toString);
      assertEquals(runKey, busy.getString("activeRunId"), busy::toString);
      assertEquals("manual", busy.getString("activeRunReason"), busy::toString);
    } finally {
      release.countDown();
    }

    Poll.until(WAKE, () -> runLog.find(runKey).getStatus() == WakeStatus.COMPLETED);
    var done = state(agentId);
    assertEquals("idle", done.getString("runStatus"), done::toString);
    assertTrue(absent(done, "activeRunId"), done::toString);
    assertTrue(absent(done, "activeRunReason"), done::toString);
    agents.destroy(agentId, java.util.OptionalLong.empty());
  }

  /** A null field is left out of a response. */
  private static boolean absent(JsonObject json, String field) {
    return !json.containsKey(field) || json.isNull(field);
  }

  private static JsonObject state(String agentId) {
    var response = Api.inServer().get("/api/agents/" + agentId + "/state");
    assertEquals(200, response.status(), response::toString);
    return response.json();
  }
}
