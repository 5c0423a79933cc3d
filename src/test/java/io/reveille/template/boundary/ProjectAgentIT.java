package io.reveille.template.boundary;

import static io.reveille.testing.JournalWorld.category;
import static io.reveille.testing.JournalWorld.project;
import static io.reveille.testing.JournalWorld.task;
import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.calling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A project agent on the real server with a scripted model: made from the shipped template by an
 * operator, it is woken by a change of a task of its project (its subscription names the project,
 * whose id the task's batch carries), reads the project, writes its report with a health band, and
 * recommends a next step and a status change — both held as proposals whatever the kind's approval
 * settings; an operator's approval makes the step a task of the project and moves the project.
 */
@ExtendWith(ArquillianExtension.class)
class ProjectAgentIT {

  @Inject AgentService agents;
  @Inject InferenceGateway gateway;

  @Test
  void aTaskChangeWakesTheProjectAgentWhoseProposalsAPersonApproves() {
    var operator = Api.inServer().as(Role.OPERATOR);
    var marker = UUID.randomUUID().toString();
    var category = category(operator, "Project agent");
    var project = project(operator, "Launch " + marker, category);
    var task = task(operator, "Write the copy", category);
    assertEquals(
        200,
        operator
            .post("/api/projects/" + project + "/tasks", "{\"taskId\":\"" + task + "\"}")
            .status());

    var model = OpenAiProtocolServer.shared();
    var agentMarker = "You watch the project " + project;
    model.alwaysAnswerByStep(
        agentMarker,
        List.of(
            calling(
                "get_project_details",
                Json.createObjectBuilder().add("projectId", project).build()),
            calling(
                "update_project_report",
                Json.createObjectBuilder()
                    .add("projectId", project)
                    .add("oneLiner", "Copy blocked")
                    .add("healthBand", "watch")
                    .add("healthRationale", "its only task is blocked")
                    .add("healthConfidence", 0.6)
                    .add("tldr", "One task, blocked")
                    .add("content", "## Progress overview\nReport " + marker)
                    .build()),
            calling(
                "recommend_next_steps",
                Json.createObjectBuilder()
                    .add("projectId", project)
                    .add(
                        "steps",
                        Json.createArrayBuilder()
                            .add(
                                Json.createObjectBuilder()
                                    .add("title", "Ask legal about the copy")
                                    .add("rationale", "the copy waits on legal")
                                    .add("priority", "high")))
                    .build()),
            calling(
                "update_project_status",
                Json.createObjectBuilder()
                    .add("projectId", project)
                    .add("status", "active")
                    .add("reason", "work has started")
                    .build()),
            answering("Done.")));
    String agentId = null;
    try {
      ClosedCircuit.await(gateway);
      agentId = projectAgent(operator, project, category);
      var id = agentId;

      // A person blocks the task: its batch carries the project's id, which the agent hears.
      var blocked = operator.patch("/api/tasks/" + task, "{\"status\":\"blocked\"}", null);
      assertEquals(200, blocked.status(), blocked::toString);
      Poll.until(
          Duration.ofSeconds(60),
          () -> completedSubscriptionRun(operator, id),
          () -> "runs " + operator.get("/api/runs?agentId=" + id).body());

      var report = operator.get("/api/agents/" + agentId + "/report").json();
      assertTrue(report.toString().contains("Report " + marker), report::toString);
      assertTrue(report.toString().contains("**Health:** watch"), report::toString);

      var proposals =
          operator.get("/api/agents/" + agentId + "/proposals").structure().asJsonArray();
      assertEquals(2, proposals.size(), proposals::toString);
      // Oldest first: the status change, approved first, would move the project the step's
      // preview read, and refuse the step (the target moved since its preview).
      var byAge =
          proposals.getValuesAs(JsonObject.class).stream()
              .sorted(java.util.Comparator.comparing(p -> p.getString("createdAt")))
              .toList();
      assertEquals("recommend_next_steps", byAge.get(0).getString("toolName"), byAge::toString);
      for (var proposal : byAge) {
        assertEquals("pending", proposal.getString("status"), proposal::toString);
        var approved = operator.post("/api/proposals/" + proposal.getString("id") + "/approve", "");
        assertEquals(200, approved.status(), approved::toString);
      }
      assertEquals("active", operator.get("/api/projects/" + project).json().getString("status"));
      var tasks = operator.get("/api/projects/" + project + "/tasks").structure().asJsonArray();
      assertEquals(2, tasks.size(), tasks::toString);
      var step = tasks.getJsonObject(1);
      assertEquals("Ask legal about the copy", step.getString("title"));
      assertEquals("p1", step.getString("priority"));
      assertEquals("the copy waits on legal", step.getString("description"));
    } finally {
      model.forget(agentMarker);
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  @Test
  void anAgentTakesBackItsPendingProposalAndNobodyMayApproveItThen() {
    var operator = Api.inServer().as(Role.OPERATOR);
    var marker = UUID.randomUUID().toString();
    var category = category(operator, "Retract");
    var project = project(operator, "Retract " + marker, category);
    var model = OpenAiProtocolServer.shared();
    var agentMarker = "You watch the project " + project;
    model.alwaysAnswerByStep(
        agentMarker,
        List.of(
            calling(
                "update_project_status",
                Json.createObjectBuilder()
                    .add("projectId", project)
                    .add("status", "onHold")
                    .add("reason", "nobody works on it")
                    .build()),
            answering("Proposed to hold it.")));
    String agentId = null;
    try {
      ClosedCircuit.await(gateway);
      agentId = projectAgent(operator, project, category);
      var first = operator.post("/api/agents/" + agentId + "/wakes", "");
      assertEquals(202, first.status(), first::toString);
      awaitStatus(first.json().getString("runKey"), "completed");
      var proposal =
          operator
              .get("/api/agents/" + agentId + "/proposals")
              .structure()
              .asJsonArray()
              .getJsonObject(0)
              .getString("id");

      model.forget(agentMarker);
      model.alwaysAnswerByStep(
          agentMarker,
          List.of(
              calling(
                  "retract_suggestions",
                  Json.createObjectBuilder()
                      .add(
                          "proposals",
                          Json.createArrayBuilder()
                              .add(
                                  Json.createObjectBuilder()
                                      .add("proposalId", proposal)
                                      .add("reason", "a task was just added")))
                      .build()),
              answering("Took it back.")));
      var second = operator.post("/api/agents/" + agentId + "/wakes", "");
      assertEquals(202, second.status(), second::toString);
      awaitStatus(second.json().getString("runKey"), "completed");

      var taken = operator.get("/api/proposals/" + proposal).json();
      assertEquals("withdrawn", taken.getString("status"), taken::toString);
      assertEquals("a task was just added", taken.getString("reason"), taken::toString);
      var approved = operator.post("/api/proposals/" + proposal + "/approve", "");
      assertEquals(409, approved.status(), approved::toString);
      assertEquals("open", operator.get("/api/projects/" + project).json().getString("status"));
    } finally {
      model.forget(agentMarker);
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  /** A project agent of {@code project}, made from the shipped template by {@code api}. */
  private static String projectAgent(Api api, String project, String category) {
    var created =
        api.post(
            "/api/templates/projectAgent/agents",
            Json.createObjectBuilder()
                .add(
                    "parameters",
                    Json.createObjectBuilder()
                        .add("projectId", project)
                        .add("categoryId", category))
                .build()
                .toString());
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  private static boolean completedSubscriptionRun(Api api, String agentId) {
    var runs =
        api.get("/api/runs?agentId=" + agentId + "&reason=subscription&status=completed")
            .structure()
            .asJsonArray();
    return !runs.isEmpty();
  }
}
