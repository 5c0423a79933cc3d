package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentBudgets;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import io.reveille.testing.ThinkingAgents;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent's daily model-token quota ({@code config.budgets.dailyTokens}): the run that spends it
 * stops at its next step boundary with {@code budget_daily_tokens}, not counted as the agent's
 * failure; the agent goes dormant until the next midnight, with the reason on the agent and a wake
 * queued for that moment; resumed by an operator sooner, it still has nothing left today, so its
 * next run stops before asking the model at all. (Crossing the day boundary is {@code
 * CrashRestartIT}'s, on a server started a day later by its test clock.)
 */
@ExtendWith(ArquillianExtension.class)
class DailyTokenQuotaIT {

  private static final Duration SETTLED = Duration.ofSeconds(60);

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject JournalFixture fixture;
  @Inject InferenceGateway gateway;

  @Test
  void theRunThatSpendsTheQuotaStopsAndTheAgentSleepsUntilTheNextDay() {
    var marker = "quota-" + UUID.randomUUID();
    // Every answer costs 40 tokens and asks for a tool: the second step finds 40 of 30 spent.
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerWith(
                marker,
                OpenAiProtocolServer.toolCallsBody(
                    30,
                    10,
                    new OpenAiProtocolServer.ToolCall(
                        "call_" + UUID.randomUUID(),
                        "record_observations",
                        "{\"observations\":[{\"text\":\"" + marker + "\"}]}")));
    ClosedCircuit.await(gateway);
    String agentId = null;
    try {
      agentId =
          agents
              .create(
                  ThinkingAgents.thinking(
                      "Quota",
                      marker,
                      config ->
                          config.withBudgets(
                              AgentBudgets.of(Map.of(AgentBudgets.DAILY_TOKENS, 30L)))))
              .agent()
              .getId();
      var id = agentId;

      var first = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
      var stopped = finished(agentId, first);

      assertEquals(WakeStatus.FAILED, stopped.getStatus(), stopped::toString);
      assertEquals(Optional.of("budget_daily_tokens"), stopped.getErrorCode());
      assertTrue(
          stopped.getErrorMessage().contains("its daily quota is 30"), stopped::getErrorMessage);
      assertEquals(1, model.requestsMentioning(marker), "one model call, the second refused");
      var midnight =
          stopped
              .getCompletedAt()
              .atZone(ZoneOffset.UTC)
              .toLocalDate()
              .plusDays(1)
              .atStartOfDay(ZoneOffset.UTC)
              .toInstant();
      var dormant = agent(agentId);
      assertEquals("dormant", dormant.getString("lifecycle"), dormant::toString);
      assertEquals("dailyTokenQuota", dormant.getString("dormantReason"), dormant::toString);
      assertEquals(midnight, Instant.parse(dormant.getString("resumeAt")), dormant::toString);
      assertEquals(
          0,
          dormant.getJsonObject("activity").getInt("consecutiveFailureCount"),
          "a spent quota is not the agent's failure");
      var transition =
          Api.inServer().get("/api/runs/" + first).json().getJsonArray("messages").stream()
              .map(jakarta.json.JsonValue::asJsonObject)
              .filter(m -> "action".equals(m.getString("kind")))
              .map(m -> m.getJsonObject("metadata").getJsonObject("extension"))
              .map(extension -> extension.getJsonObject("reveille.action"))
              .filter(envelope -> "lifecycle_transition".equals(envelope.getString("actionType")))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no lifecycle_transition action"));
      assertEquals("dormant", transition.getString("to"), transition::toString);
      assertEquals("active", transition.getString("from"));
      assertTrue(transition.getString("reason").startsWith("Dormant until "), transition::toString);
      var renewal =
          fixture.runs(agentId).stream()
              .filter(run -> run.getReason() == WakeReason.SCHEDULED)
              .toList();
      assertEquals(1, renewal.size(), () -> "a wake at midnight: " + fixture.runs(id));
      assertEquals(WakeStatus.QUEUED, renewal.get(0).getStatus());
      assertEquals(midnight, renewal.get(0).getNotBefore());

      var resumed = Api.inServer().post("/api/agents/" + agentId + "/resume", "");
      assertEquals(200, resumed.status(), resumed::toString);
      var awake = agent(agentId);
      assertEquals("active", awake.getString("lifecycle"));
      assertFalse(awake.containsKey("dormantReason"), awake::toString);
      assertFalse(awake.containsKey("resumeAt"), awake::toString);

      var second = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
      var stillSpent = finished(agentId, second);
      assertEquals(Optional.of("budget_daily_tokens"), stillSpent.getErrorCode());
      assertEquals(
          1, model.requestsMentioning(marker), "the day's tokens are spent: no model call at all");
      assertEquals("dormant", agent(agentId).getString("lifecycle"));
    } finally {
      model.forget(marker);
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  private WakeRunLogEntry finished(String agentId, String runKey) {
    Poll.until(
        SETTLED,
        () -> run(agentId, runKey).filter(r -> r.getCompletedAt() != null).isPresent(),
        () -> "runs " + fixture.runs(agentId));
    return run(agentId, runKey).orElseThrow();
  }

  private Optional<WakeRunLogEntry> run(String agentId, String runKey) {
    return fixture.runs(agentId).stream().filter(r -> r.getRunKey().equals(runKey)).findFirst();
  }

  private static JsonObject agent(String agentId) {
    return Api.inServer().get("/api/agents/" + agentId).json();
  }
}
