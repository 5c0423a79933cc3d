package io.reveille.tool.control;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.calling;
import static io.reveille.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentMode;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Api;
import io.reveille.testing.ThinkingAgents;
import io.reveille.wake.control.WakeScheduler;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent asks a person from inside its run: {@code ask_user} parks the run {@code waiting} with
 * the question recorded; an operator's answer resumes it and the model's next turn carries the
 * answer; {@code propose_plan} is approved or rejected the same way; a question nobody answers
 * expires and the run goes on with {@code expired}. A wrong answer, a second answer and an answer
 * to a run that asked nothing are refused.
 */
@ExtendWith(ArquillianExtension.class)
class AskPersonIT {

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject InferenceGateway gateway;

  @Test
  void askUserParksTheRunAndTheAnswerResumesItWithTheModelSeeingIt() {
    var marker = "ask-" + UUID.randomUUID();
    var arguments =
        Json.createObjectBuilder()
            .add("question", "Which day should the review be, " + marker + "?")
            .add("choices", Json.createArrayBuilder().add("Monday").add("Tuesday"))
            .build();
    withAgent(
        marker,
        List.of(calling("ask_user", arguments), answering("The review is on the day chosen.")),
        (agentId, model) -> {
          var runKey = wake(agentId);
          awaitStatus(runKey, "waiting");
          var run = run(runKey).getJsonObject("run");
          assertEquals("awaiting_answer", run.getString("errorCode"), run::toString);
          var state = Api.inServer().get("/api/agents/" + agentId + "/state").json();
          assertEquals("waiting", state.getString("runStatus"), state::toString);
          assertEquals("awaiting_answer", state.getString("activeRunWaitingFor"), state::toString);
          assertEquals(
              "Which day should the review be, " + marker + "?",
              state.getString("openQuestion"),
              "the agent's state says what it waits for");
          var asked = questions(runKey);
          assertEquals(1, asked.size(), asked::toString);
          var question = asked.get(0);
          assertEquals("open", question.getString("status"));
          assertEquals("question", question.getString("kind"));
          assertEquals(
              List.of("Monday", "Tuesday"),
              question.getJsonArray("choices").getValuesAs(jakarta.json.JsonString::getString));

          var wrong = answer(runKey, "Someday");
          assertEquals(400, wrong.status(), wrong::toString);
          var answered = answer(runKey, "Tuesday");
          assertEquals(200, answered.status(), answered::toString);
          assertEquals("answered", answered.json().getString("status"));
          assertEquals("admin", answered.json().getString("answeredBy"));

          awaitStatus(runKey, "completed");
          assertTrue(
              model.requestsMentioning("\\\"answer\\\":\\\"Tuesday\\\"") > 0,
              "the model's next turn carries the answer as the call's result");
          var envelopes = envelopes(runKey);
          assertTrue(
              envelopes.contains("action ask_user"), () -> "the action's type: " + envelopes);
          assertTrue(
              envelopes.contains("toolResult partial awaiting_answer"),
              () -> "asked, the answer to come: " + envelopes);
          assertTrue(envelopes.contains("toolResult success"), () -> "then answered: " + envelopes);
          var metrics = Api.inServer().get("/metrics", "text/plain").body();
          assertTrue(
              metrics
                  .lines()
                  .anyMatch(
                      line ->
                          line.startsWith("reveille_questions_total{")
                              && line.contains("event=\"answered\"")),
              "answers are counted in /metrics");
          var again = answer(runKey, "Monday");
          assertEquals(409, again.status(), again::toString);
          assertEquals(1, questions(runKey).size(), "asked once, though the run ran twice");
        });
  }

  @Test
  void inASessionThePersonsNextTurnAnswersTheQuestionAndTheSameRunGoesOn() {
    var marker = "session-ask-" + UUID.randomUUID();
    var arguments =
        Json.createObjectBuilder()
            .add("question", "Monday or Tuesday, " + marker + "?")
            .add("choices", Json.createArrayBuilder().add("Monday").add("Tuesday"))
            .build();
    withAgent(
        marker,
        AgentMode.HYBRID,
        List.of(calling("ask_user", arguments), answering("Tuesday it is.")),
        (agentId, model) -> {
          var api = Api.inServer();
          var sessionId =
              api.post("/api/agents/" + agentId + "/sessions", "").json().getString("id");
          var turns = "/api/agents/" + agentId + "/sessions/" + sessionId + "/turns";
          var first = api.post(turns, "{\"text\":\"When shall we meet?\",\"turnId\":\"t1\"}");
          assertEquals(202, first.status(), first::toString);
          var runKey = first.json().getString("runKey");
          awaitStatus(runKey, "waiting");

          var wrong = api.post(turns, "{\"text\":\"Someday\",\"turnId\":\"t2\"}");
          assertEquals(400, wrong.status(), wrong::toString);
          assertTrue(wrong.body().contains("\"text\""), wrong::toString);
          var answer = api.post(turns, "{\"text\":\"Tuesday\",\"turnId\":\"t2\"}");
          assertEquals(202, answer.status(), answer::toString);
          assertEquals(runKey, answer.json().getString("runKey"), "the waiting run answers it");

          awaitStatus(runKey, "completed");
          assertTrue(
              model.requestsMentioning("\\\"answer\\\":\\\"Tuesday\\\"") > 0,
              "the model heard the answer");
          var again = api.post(turns, "{\"text\":\"Tuesday\",\"turnId\":\"t2\"}");
          assertEquals(202, again.status(), again::toString);
          assertEquals(runKey, again.json().getString("runKey"), "the turn taken again");
          var asked = questions(runKey);
          assertEquals(1, asked.size(), asked::toString);
          assertEquals("Tuesday", asked.get(0).getString("answer"));
          assertEquals("admin", asked.get(0).getString("answeredBy"));
        });
  }

  @Test
  void aPlanIsApprovedOrRejectedAndTheRunGoesOnWithTheDecision() {
    for (var decision : List.of("approve", "reject")) {
      var marker = "plan-" + decision + "-" + UUID.randomUUID();
      var plan =
          Json.createObjectBuilder()
              .add("title", "Move the launch, " + marker)
              .add("steps", Json.createArrayBuilder().add("Tell the team").add("Move the date"))
              .build();
      withAgent(
          marker,
          List.of(calling("propose_plan", plan), answering("Acting on the decision.")),
          (agentId, model) -> {
            var runKey = wake(agentId);
            awaitStatus(runKey, "waiting");
            var proposed = questions(runKey).get(0);
            assertEquals("plan", proposed.getString("kind"));
            assertEquals(
                List.of("Tell the team", "Move the date"),
                proposed
                    .getJsonObject("plan")
                    .getJsonArray("steps")
                    .getValuesAs(jakarta.json.JsonString::getString));
            var decided = answer(runKey, decision);
            assertEquals(200, decided.status(), decided::toString);
            awaitStatus(runKey, "completed");
            assertTrue(
                model.requestsMentioning("\\\"answer\\\":\\\"" + decision + "\\\"") > 0,
                () -> "the model heard " + decision);
            assertTrue(envelopes(runKey).contains("action propose_plan"));
          });
    }
  }

  @Test
  void aQuestionNobodyAnswersExpiresAndTheRunGoesOnWithoutAnAnswer() {
    var marker = "expire-" + UUID.randomUUID();
    var arguments =
        Json.createObjectBuilder()
            .add("question", "Anyone there, " + marker + "?")
            .add("expiresInSeconds", 2)
            .build();
    withAgent(
        marker,
        List.of(calling("ask_user", arguments), answering("Nobody answered; going on.")),
        (agentId, model) -> {
          var runKey = wake(agentId);
          awaitStatus(runKey, "completed");
          var expired = questions(runKey).get(0);
          assertEquals("expired", expired.getString("status"), expired::toString);
          assertFalse(expired.containsKey("answer"), expired::toString);
          assertTrue(expired.containsKey("closedAt"), expired::toString);
          assertTrue(
              model.requestsMentioning("\\\"status\\\":\\\"expired\\\"") > 0,
              "the model heard that the question expired");
          var late = answer(runKey, "Here!");
          assertEquals(409, late.status(), late::toString);
        });
  }

  @Test
  void anAnswerToARunThatAskedNothingIsA404AndOverTheApiNothingCanWait() {
    var response = answer("no-such-run-" + UUID.randomUUID(), "Yes");
    assertEquals(404, response.status(), response::toString);
    var agentId = agents.create(ThinkingAgents.thinking("Asker", "api")).agent().getId();
    try {
      var overApi =
          Api.inServer()
              .post(
                  "/api/agents/" + agentId + "/tools/ask_user",
                  "{\"operationId\":\"op-"
                      + UUID.randomUUID()
                      + "\",\"arguments\":{\"question\":\"Now?\"}}");
      assertEquals(409, overApi.status(), overApi::toString);
      assertEquals("conflict", overApi.json().getString("errorCode"));
    } finally {
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  private interface Scenario {
    void run(String agentId, OpenAiProtocolServer model);
  }

  private void withAgent(String marker, List<String> turns, Scenario scenario) {
    withAgent(marker, AgentMode.AUTONOMOUS, turns, scenario);
  }

  private void withAgent(String marker, AgentMode mode, List<String> turns, Scenario scenario) {
    var model = OpenAiProtocolServer.shared().alwaysAnswerByTurn(marker, turns);
    ClosedCircuit.await(gateway);
    var agentId =
        agents
            .create(ThinkingAgents.thinking("Asker", marker, mode, UnaryOperator.identity()))
            .agent()
            .getId();
    try {
      scenario.run(agentId, model);
    } finally {
      model.forget(marker);
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  private String wake(String agentId) {
    return scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
  }

  private static List<JsonObject> questions(String runKey) {
    return Api.inServer()
        .get("/api/runs/" + runKey + "/questions")
        .structure()
        .asJsonArray()
        .getValuesAs(JsonObject.class);
  }

  /**
   * The run's tool messages as "kind actionType" (actions) and "kind status errorCode" (results).
   */
  private static List<String> envelopes(String runKey) {
    return run(runKey).getJsonArray("messages").getValuesAs(JsonObject.class).stream()
        .filter(m -> m.containsKey("metadata"))
        .map(
            m -> {
              var metadata = m.getJsonObject("metadata");
              var extension = metadata.getJsonObject("extension");
              if ("action".equals(m.getString("kind"))) {
                return "action "
                    + extension.getJsonObject("reveille.action").getString("actionType");
              }
              return m.getString("kind")
                  + " "
                  + metadata.getString("status", "")
                  + " "
                  + metadata.getString("errorCode", "");
            })
        .map(String::strip)
        .toList();
  }

  private static Api.Response answer(String runKey, String text) {
    return Api.inServer().post("/api/runs/" + runKey + "/answer", "{\"answer\":\"" + text + "\"}");
  }
}
