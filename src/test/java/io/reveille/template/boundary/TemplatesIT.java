package io.reveille.template.boundary;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Agent templates on the real server: the shipped templates are listed with their versions and
 * parameters' schemas; an admin creates an agent from each, which records the template's version
 * and starts with the template's subscriptions and timers; the model-backed ones run with a
 * scripted model told the template's report sections and complete with that report. An operator may
 * create from a template marked operator-creatable only, and parameters outside a template's
 * schema, or that make a request the services refuse, leave nothing behind.
 */
@ExtendWith(ArquillianExtension.class)
class TemplatesIT {

  static final List<String> SHIPPED =
      List.of(
          "custom",
          "taskAgent",
          "dayPlanner",
          "gymCoach",
          "strategy",
          "plannerWithRollover",
          "pomodoro",
          "improver",
          "projectAgent");

  @Inject JournalService journal;
  @Inject AgentService agents;
  @Inject InferenceGateway gateway;

  @Inject TemplateFixture fixture;

  @Test
  void theShippedTemplatesAreListedWithTheirVersionsAndParameters() {
    var admin = Api.inServer();
    var listed = admin.as(Role.VIEWER).get("/api/templates");
    assertEquals(200, listed.status(), listed::toString);
    var ids = new ArrayList<String>();
    for (var template : listed.structure().asJsonArray().getValuesAs(JsonObject.class)) {
      ids.add(template.getString("id"));
      assertEquals("object", template.getJsonObject("parameters").getString("type"));
    }
    assertTrue(ids.containsAll(SHIPPED), ids::toString);

    var gym = admin.get("/api/templates/gymCoach").json();
    assertEquals(1, gym.getInt("version"));
    assertEquals(
        List.of(1),
        gym.getJsonArray("versions").getValuesAs(v -> ((jakarta.json.JsonNumber) v).intValue()));
    assertTrue(gym.getBoolean("operatorCreatable"));
    assertEquals("custom", gym.getString("kind"));
    assertEquals(200, admin.get("/api/templates/gymCoach/versions/1").status());
    assertEquals(404, admin.get("/api/templates/gymCoach/versions/2").status());
    assertEquals(404, admin.get("/api/templates/noSuchTemplate").status());
    assertEquals(400, admin.get("/api/templates/Not-An-Id").status());
  }

  @Test
  void anAdminCreatesAnAgentFromEachTemplateAndTheModelBackedOnesReportInTheirSections() {
    var admin = Api.inServer();
    var category =
        journal.createCategory("Templates " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var task =
        journal
            .createTask(
                new NewTask(
                    "Templated task " + UUID.randomUUID(),
                    Optional.empty(),
                    Optional.of(category),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()),
                ChangeOrigin.NONE)
            .getId();
    var categories = Json.createArrayBuilder().add(category).build();
    var project =
        admin
            .post(
                "/api/projects",
                Json.createObjectBuilder()
                    .add("title", "Templated project")
                    .add("categoryId", category)
                    .build()
                    .toString())
            .json()
            .getString("id");
    var parameters =
        Map.of(
            "custom", Json.createObjectBuilder().add("displayName", "Templated custom").build(),
            "taskAgent", Json.createObjectBuilder().add("taskId", task).build(),
            "dayPlanner", Json.createObjectBuilder().add("categoryIds", categories).build(),
            "gymCoach", Json.createObjectBuilder().add("categoryId", category).build(),
            "strategy", Json.createObjectBuilder().add("categoryIds", categories).build(),
            "plannerWithRollover",
                Json.createObjectBuilder().add("categoryIds", categories).build(),
            "pomodoro", Json.createObjectBuilder().add("categoryIds", categories).build(),
            "improver",
                Json.createObjectBuilder()
                    .add("templateId", "gymCoach")
                    .add("categoryIds", categories)
                    .build(),
            "projectAgent",
                Json.createObjectBuilder()
                    .add("projectId", project)
                    .add("categoryId", category)
                    .build());
    // What each template starts with: kind, subscriptions, timers.
    var expected =
        Map.of(
            "custom", List.of("custom", "0", "0"),
            "taskAgent", List.of("taskAgent", "1", "0"),
            "dayPlanner", List.of("dayPlanner", "1", "1"),
            "gymCoach", List.of("custom", "1", "1"),
            "strategy", List.of("custom", "0", "1"),
            "plannerWithRollover", List.of("custom", "0", "1"),
            "pomodoro", List.of("custom", "0", "0"),
            "improver", List.of("custom", "0", "1"),
            "projectAgent", List.of("custom", "1", "1"));
    var sections =
        Map.of(
            "gymCoach", "This week, Sessions logged, Next week",
            "strategy", "What the week showed, Decisions, Next week's focus",
            "plannerWithRollover", "Rolled over, Left as they were",
            "pomodoro", "Blocks today, Done in them, Next",
            "improver", "What the agents showed, Proposed, Watching next",
            "projectAgent",
                "Progress overview, Recent achievements, Active work, Risks and blockers, Next"
                    + " steps");
    var model = OpenAiProtocolServer.shared();
    sections.forEach(
        (template, named) ->
            model.alwaysAnswerByStep(
                "in this order, each a Markdown heading: " + named,
                List.of(answering("## " + named.split(", ")[0] + "\nReported by " + template))));
    var made = new ArrayList<String>();
    try {
      ClosedCircuit.await(gateway);
      for (var template : SHIPPED) {
        var created =
            admin.post(
                "/api/templates/" + template + "/agents",
                Json.createObjectBuilder()
                    .add("parameters", parameters.get(template))
                    .build()
                    .toString());
        assertEquals(201, created.status(), () -> template + ": " + created);
        var agent = created.json();
        var agentId = agent.getString("id");
        made.add(agentId);
        assertTrue(
            created.header("Location").endsWith("/api/agents/" + agentId), created::toString);
        assertEquals(expected.get(template).get(0), agent.getString("kind"), template);
        assertEquals(template, agent.getJsonObject("template").getString("id"));
        // The day planner's second version subscribes to requests for time; the improver's moves
        // the agents its approved proposal names.
        assertEquals(
            Map.of("dayPlanner", 2, "improver", 2).getOrDefault(template, 1),
            agent.getJsonObject("template").getInt("version"),
            template);
        assertEquals(
            Integer.parseInt(expected.get(template).get(1)),
            admin.get("/api/agents/" + agentId + "/subscriptions").structure().asJsonArray().size(),
            template);
        assertEquals(
            Integer.parseInt(expected.get(template).get(2)),
            admin.get("/api/agents/" + agentId + "/timers").structure().asJsonArray().size(),
            template);
        assertEquals(
            template,
            admin.get("/api/agents/" + agentId).json().getJsonObject("template").getString("id"));
        if (sections.containsKey(template)) {
          var woken = admin.post("/api/agents/" + agentId + "/wakes", "");
          assertEquals(202, woken.status(), woken::toString);
          awaitStatus(woken.json().getString("runKey"), "completed");
          var report = admin.get("/api/agents/" + agentId + "/report").json().toString();
          assertTrue(report.contains("Reported by " + template), report);
        }
      }
    } finally {
      sections
          .values()
          .forEach(named -> model.forget("in this order, each a Markdown heading: " + named));
      made.forEach(id -> agents.destroy(id, OptionalLong.empty()));
    }
  }

  @Test
  void anOperatorCreatesOnlyFromOperatorCreatableTemplatesAndBadParametersLeaveNothing() {
    var admin = Api.inServer();
    var operator = admin.as(Role.OPERATOR);
    var category =
        journal.createCategory("Templates op " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var refused =
        operator.post(
            "/api/templates/custom/agents", "{\"parameters\":{\"displayName\":\"Not mine\"}}");
    assertEquals(403, refused.status(), refused::toString);

    var marker = "Pomodoro " + UUID.randomUUID();
    var allowed =
        operator.post(
            "/api/templates/pomodoro/agents",
            "{\"displayName\":\""
                + marker
                + "\",\"parameters\":{\"categoryIds\":[\""
                + category
                + "\"],\"workMinutes\":50}}");
    assertEquals(201, allowed.status(), allowed::toString);
    assertEquals(marker, allowed.json().getString("displayName"));
    assertTrue(
        allowed.json().getJsonObject("config").getString("instructions").contains("50 minutes"),
        allowed::toString);
    agents.destroy(allowed.json().getString("id"), OptionalLong.empty());

    var outside =
        admin.post(
            "/api/templates/gymCoach/agents",
            "{\"displayName\":\""
                + marker
                + " bad\",\"parameters\":{\"categoryId\":\"x\\\" || true\"}}");
    assertEquals(400, outside.status(), outside::toString);
    assertTrue(outside.body().contains("parameters"), outside::toString);

    // Parameters the schema takes but the timer service refuses (an unknown zone): the agent the
    // request had made already is rolled back with it.
    var unknownZone =
        admin.post(
            "/api/templates/dayPlanner/agents",
            "{\"displayName\":\""
                + marker
                + " zone\",\"parameters\":{\"categoryIds\":[\""
                + category
                + "\"],\"timeZone\":\"Mars/Olympus_Mons\"}}");
    assertEquals(400, unknownZone.status(), unknownZone::toString);
    assertEquals(0L, fixture.agentsNamed(marker + " "), "nothing left of the refused requests");
  }
}
