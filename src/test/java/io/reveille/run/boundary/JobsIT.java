package io.reveille.run.boundary;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.calling;
import static io.reveille.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Api;
import io.reveille.testing.HttpSink;
import io.reveille.testing.ThinkingAgents;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Jobs over {@code POST /api/runs}, on the real server with the scripted model: a job completes
 * only once its stop condition holds (the model, ending its turn early, is reminded and goes on);
 * the executor enforces the job's constraints (a host outside {@code allowedDomains}, a forbidden
 * tool, a repeated external action), whatever the model is told; a budget named as a stop condition
 * ends the job done; a workflow that ends short of every stop condition fails the job; an {@code
 * Idempotency-Key} returns the first run; a bad request names its field.
 */
@ExtendWith(ArquillianExtension.class)
class JobsIT {

  @Inject AgentService agents;
  @Inject InferenceGateway gateway;

  @Test
  void aJobCompletesOnlyOnceItsArtifactExistsAndRecordsIt() {
    var marker = "job-artifact-" + UUID.randomUUID();
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerByStep(
                marker,
                List.of(
                    answering("I am done."),
                    calling("write_artifact", artifact("notes.md", "Some notes")),
                    answering("Done now."),
                    calling("write_artifact", artifact("summary.md", "# Summary of " + marker)),
                    answering("The summary is written.")));
    ClosedCircuit.await(gateway);
    var agentId = agents.create(ThinkingAgents.thinking("Jobber", marker)).agent().getId();
    try {
      var key = "job-" + UUID.randomUUID();
      var body =
          "{\"agentId\":\""
              + agentId
              + "\",\"objective\":\"Summarise the week of "
              + marker
              + "\",\"stopConditions\":[{\"type\":\"artifactExists\",\"artifact\":\"summary.md\"}],"
              + "\"expectedArtifacts\":[\"summary.md\"]}";
      var started = start(body, key);
      assertEquals(202, started.status(), started::toString);
      var runKey = started.json().getJsonObject("run").getString("runKey");
      assertEquals("api", started.json().getJsonObject("run").getString("entrypoint"));
      assertTrue(started.header("Location").endsWith("/api/runs/" + runKey), started::toString);
      assertEquals(
          "Summarise the week of " + marker,
          started.json().getJsonObject("job").getString("objective"));

      var again = start(body, key);
      assertEquals(202, again.status(), again::toString);
      assertEquals(runKey, again.json().getJsonObject("run").getString("runKey"));
      var other = start(body.replace("Summarise", "Shorten"), key);
      assertEquals(409, other.status(), other::toString);
      var otherAgent = agents.create(ThinkingAgents.thinking("Other", marker)).agent().getId();
      try {
        var elsewhere = start(body.replace(agentId, otherAgent), key);
        assertEquals(409, elsewhere.status(), "one key, one job: " + elsewhere);
      } finally {
        agents.destroy(otherAgent, OptionalLong.empty());
      }

      awaitStatus(runKey, "completed");
      var detail = run(runKey);
      assertEquals(5, detail.getJsonArray("steps").size(), "five model turns: " + detail);
      assertEquals(
          List.of(1, 3),
          detail.getJsonArray("toolCalls").getValuesAs(JsonObject.class).stream()
              .map(call -> call.getInt("stepIndex"))
              .toList(),
          "each ledger row names the step that made it");
      assertEquals(
          List.of(
              "phase_boundary",
              "step_boundary",
              "phase_boundary",
              "step_boundary",
              "phase_boundary"),
          detail.getJsonArray("steps").getValuesAs(JsonObject.class).stream()
              .map(step -> step.getString("checkpointType"))
              .toList(),
          "a turn with tool calls goes on in its phase; one without ends it (a reminder begins the"
              + " next)");
      var job = detail.getJsonObject("job");
      assertEquals("summary.md", job.getString("finalArtifact"), job::toString);
      assertTrue(job.getString("stoppedBy").contains("summary.md"), job::toString);
      assertTrue(job.containsKey("doneAt"), job::toString);
      assertTrue(
          model.requestsMentioning("Summarise the week of " + marker) > 0,
          "the objective reached the model");
      assertTrue(
          model.requestsMentioning("The job is not done") > 0,
          "the model was reminded that the job was not done");

      var listed = Api.inServer().get("/api/runs/" + runKey + "/artifacts");
      assertEquals(200, listed.status(), listed::toString);
      var names =
          listed.structure().asJsonArray().getValuesAs(JsonObject.class).stream()
              .map(a -> a.getString("name"))
              .toList();
      assertEquals(List.of("notes.md", "summary.md"), names);
      var summary = Api.inServer().get("/api/runs/" + runKey + "/artifacts/summary.md");
      assertEquals(200, summary.status(), summary::toString);
      assertEquals("# Summary of " + marker, summary.json().getString("content"));
      assertEquals("text/markdown", summary.json().getString("mediaType"));
      assertEquals(404, Api.inServer().get("/api/runs/" + runKey + "/artifacts/none.md").status());
    } finally {
      model.forget(marker);
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  @Test
  void theExecutorEnforcesTheConstraintsAndABudgetStopConditionEndsTheJobDone() {
    var marker = "job-constrained-" + UUID.randomUUID();
    var note = "unsent-" + UUID.randomUUID();
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerByStep(
                marker,
                List.of(
                    calling(
                        "send_it_receipt", Json.createObjectBuilder().add("note", note).build()),
                    calling("write_artifact", artifact("draft.md", "A draft")),
                    answering("Finished.")));
    ClosedCircuit.await(gateway);
    var agentId = agents.create(ThinkingAgents.thinking("Bounded", marker)).agent().getId();
    try {
      var started =
          start(
              "{\"agentId\":\""
                  + agentId
                  + "\",\"objective\":\"Do what you can for "
                  + marker
                  + "\",\"constraints\":{\"allowedDomains\":[\"example.com\"],"
                  + "\"forbiddenActions\":[\"write_artifact\"]},"
                  + "\"stopConditions\":[{\"type\":\"budget\",\"budget\":\"maxSteps\"}],"
                  + "\"budgets\":{\"maxSteps\":4}}",
              null);
      assertEquals(202, started.status(), started::toString);
      var runKey = started.json().getJsonObject("run").getString("runKey");
      awaitStatus(runKey, "completed");

      var detail = run(runKey);
      var refusals = errorCodes(detail);
      assertTrue(refusals.contains("domain_not_allowed"), refusals::toString);
      assertTrue(refusals.contains("forbidden_action"), refusals::toString);
      assertTrue(
          Api.inServer()
              .get("/api/agents/" + agentId + "/tool-calls")
              .structure()
              .asJsonArray()
              .stream()
              .map(JsonValue::asJsonObject)
              .noneMatch(call -> "send_it_receipt".equals(call.getString("toolName"))),
          "nothing was sent to the host the job does not allow: no ledger row");
      assertEquals(
          404,
          Api.inServer().get("/api/runs/" + runKey + "/artifacts/draft.md").status(),
          "the forbidden tool wrote nothing");
      var job = detail.getJsonObject("job");
      assertTrue(job.getString("stoppedBy").contains("maxSteps"), job::toString);
      assertTrue(
          model.requestsMentioning("example.com") > 0, "the constraints reached the model too");
    } finally {
      model.forget(marker);
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  @Test
  void aRepeatedExternalActionIsRefusedAndAJobLeftShortOfItsStopConditionFails() {
    var note = "once-" + UUID.randomUUID();
    // The sink the IT's external tools point at, in this (the server's) JVM for this test only.
    try (var sink = HttpSink.start()) {
      var agentId =
          planned(
              "{\"tool\":\"send_it_receipt\",\"arguments\":{\"note\":\""
                  + note
                  + "\"}},{\"tool\":\"write_artifact\",\"arguments\":{\"name\":\"receipt.md\","
                  + "\"content\":\"sent\"}}");
      try {
        var sent =
            Api.inServer()
                .post(
                    "/api/agents/" + agentId + "/tools/send_it_receipt",
                    "{\"operationId\":\"op-"
                        + UUID.randomUUID()
                        + "\",\"arguments\":{\"note\":\""
                        + note
                        + "\"}}");
        assertEquals(200, sent.status(), sent::toString);
        var key = sink.keyOf(note);
        assertEquals(1, sink.applications(key));

        var runKey =
            start(
                    "{\"agentId\":\""
                        + agentId
                        + "\",\"objective\":\"Send it once\",\"constraints\":"
                        + "{\"noDuplicateExternalActions\":true},"
                        + "\"stopConditions\":[{\"type\":\"artifactExists\","
                        + "\"artifact\":\"receipt.md\"}]}",
                    null)
                .json()
                .getJsonObject("run")
                .getString("runKey");
        awaitStatus(runKey, "failed");
        var detail = run(runKey);
        assertTrue(
            errorCodes(detail).contains("duplicate_external_action"),
            () -> errorCodes(detail).toString());
        assertEquals(1, sink.requests(key), "the repeated action sent nothing");
        assertEquals("job_unfinished", detail.getJsonObject("run").getString("errorCode"));
        var unfinished = detail.getJsonObject("job");
        assertTrue(
            !unfinished.containsKey("doneAt") || unfinished.isNull("doneAt"), unfinished::toString);
      } finally {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  @Test
  void aToolResultStopConditionHoldsOnlyWhenTheResultMatches() {
    var agentId =
        planned(
            "{\"tool\":\"write_artifact\",\"arguments\":{\"name\":\"a.md\","
                + "\"content\":\"A\"}}");
    try {
      var matching = job(agentId, "a.md");
      var other = job(agentId, "b.md");
      awaitStatus(matching, "completed");
      var done = run(matching).getJsonObject("job");
      assertTrue(done.getString("stoppedBy").contains("write_artifact"), done::toString);
      assertEquals("a.md", done.getString("finalArtifact"), "the artifact written last");
      awaitStatus(other, "failed");
      assertEquals("job_unfinished", run(other).getJsonObject("run").getString("errorCode"));
    } finally {
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  private static String job(String agentId, String expectedName) {
    return start(
            "{\"agentId\":\""
                + agentId
                + "\",\"objective\":\"Write it\",\"stopConditions\":[{\"type\":\"toolResult\","
                + "\"tool\":\"write_artifact\",\"pointer\":\"/name\",\"equals\":\""
                + expectedName
                + "\"}]}",
            null)
        .json()
        .getJsonObject("run")
        .getString("runKey");
  }

  /** A custom agent that follows a plan of {@code calls} (JSON objects, comma-separated). */
  private static String planned(String calls) {
    var created =
        Api.inServer()
            .post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"planned jobs\",\"config\":{\"plan\":["
                    + calls
                    + "]}}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  @Test
  void anAuthorisationFailureAsksAPersonAndTheAnswerRetriesTheCall() {
    var marker = "job-auth-" + UUID.randomUUID();
    var note = "token-" + UUID.randomUUID();
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerByTurn(
                marker,
                List.of(
                    calling(
                        "get_it_expiring", Json.createObjectBuilder().add("note", note).build()),
                    answering("Read it.")));
    ClosedCircuit.await(gateway);
    var agentId = agents.create(ThinkingAgents.thinking("Reader", marker)).agent().getId();
    try (var sink = HttpSink.start()) {
      var started =
          start(
              "{\"agentId\":\""
                  + agentId
                  + "\",\"objective\":\"Read the note of "
                  + marker
                  + "\",\"escalation\":{\"onAuthFailure\":true}}",
              null);
      assertEquals(202, started.status(), started::toString);
      var runKey = started.json().getJsonObject("run").getString("runKey");
      awaitStatus(runKey, "waiting");
      assertEquals(1, sink.requests(note), "refused once");
      var asked =
          Api.inServer()
              .get("/api/runs/" + runKey + "/questions")
              .structure()
              .asJsonArray()
              .getValuesAs(JsonObject.class);
      assertEquals(1, asked.size(), asked::toString);
      assertTrue(asked.get(0).getString("question").contains("HTTP 401"), asked::toString);

      var answered =
          Api.inServer().post("/api/runs/" + runKey + "/answer", "{\"answer\":\"retry\"}");
      assertEquals(200, answered.status(), answered::toString);
      awaitStatus(runKey, "completed");
      assertEquals(2, sink.requests(note), "sent again once the person said retry");
      assertTrue(
          model.requestsMentioning("\\\"state\\\":\\\"read\\\"") > 0,
          "the model read the result of the retried call");
    } finally {
      model.forget(marker);
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  @Test
  void aBadRequestNamesItsFieldsAndNothingStarts() {
    var agentId =
        Api.inServer()
            .post("/api/agents", "{\"kind\":\"custom\",\"displayName\":\"refused jobs\"}")
            .json()
            .getString("id");
    try {
      var bad =
          start(
              "{\"agentId\":\""
                  + agentId
                  + "\",\"objective\":\" \",\"constraints\":{\"allowedDomains\":[\"Not A Host\"],"
                  + "\"forbiddenActions\":[\"no_such_tool\"]},"
                  + "\"stopConditions\":[{\"type\":\"sometime\"},"
                  + "{\"type\":\"toolResult\",\"tool\":\"send_it_receipt\",\"equals\":1},"
                  + "{\"type\":\"toolResult\",\"tool\":\"list_allowed_categories\"}],"
                  + "\"budgets\":{\"maxSteps\":0,\"maxFun\":1},\"colour\":\"red\"}",
              null);
      assertEquals(400, bad.status(), bad::toString);
      var text = bad.body();
      for (var field :
          List.of(
              "objective",
              "constraints.allowedDomains[0]",
              "constraints.forbiddenActions",
              "stopConditions[0].type",
              "stopConditions[1].equals",
              "stopConditions[2].tool",
              "budgets.maxSteps",
              "budgets.maxFun",
              "colour")) {
        assertTrue(text.contains(field), () -> field + " named in " + text);
      }
      assertEquals(
          0,
          Api.inServer().get("/api/runs?agentId=" + agentId).structure().asJsonArray().size(),
          "nothing started");
      var noAgent = start("{\"agentId\":\"no-such-agent\",\"objective\":\"Anything\"}", null);
      assertEquals(404, noAgent.status(), noAgent::toString);
    } finally {
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  private static Api.Response start(String body, String idempotencyKey) {
    return idempotencyKey == null
        ? Api.inServer().post("/api/runs", body)
        : Api.inServer().send("POST", "/api/runs", body, "Idempotency-Key", idempotencyKey);
  }

  /** The error codes of the run's tool results. */
  private static List<String> errorCodes(JsonObject detail) {
    return detail.getJsonArray("messages").getValuesAs(JsonObject.class).stream()
        .filter(m -> m.containsKey("metadata") && !m.isNull("metadata"))
        .map(m -> m.getJsonObject("metadata").getString("errorCode", ""))
        .filter(code -> !code.isEmpty())
        .toList();
  }

  private static JsonObject artifact(String name, String content) {
    return Json.createObjectBuilder().add("name", name).add("content", content).build();
  }
}
