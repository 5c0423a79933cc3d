package io.reveille.template.boundary;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.calling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalService;
import io.reveille.security.control.Role;
import io.reveille.template.control.TemplateDocument;
import io.reveille.template.control.TemplateStore;
import io.reveille.template.entity.AgentTemplate;
import io.reveille.testing.Api;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The improver's ritual on the real server with a scripted model: an agent made from a template of
 * the test's own fails twice in a row (its budget of one model call cannot hold the tool call its
 * model asks for); the improver, made from the shipped {@code improver} template and woken, reads
 * the template's feedback — which shows the failure streak — and proposes new instructions. The
 * proposal is held whatever the kind's approval settings (an operator may not approve it), an
 * admin's approval writes the template's next version (source {@code evolution}, authored by the
 * improver), the improver's recap stays its report, and the failing agent is moved to the new
 * version on an admin's request only.
 */
@ExtendWith(ArquillianExtension.class)
class ImproverIT {

  @Inject JournalService journal;
  @Inject AgentService agents;
  @Inject InferenceGateway gateway;
  @Inject TemplateStore store;

  @Test
  void aFailureStreakLeadsToAProposalWhoseApprovalIsTheTemplatesNextVersion() {
    var admin = Api.inServer();
    var marker = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    var templateId = "tended" + marker;
    var category = journal.createCategory("Improver " + marker, ChangeOrigin.NONE).getId();
    store.seed(
        TemplateDocument.parse(
            """
            id: %s
            version: 1
            displayName: Tended
            description: An agent whose single model call is always too few.
            parameters:
              type: object
              required: [categoryId]
              properties:
                categoryId: {type: string, pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"}
              additionalProperties: false
            agent:
              kind: custom
              displayName: Tended
              allowedCategoryIds: ["{{categoryId}}"]
              config:
                modelId: default
                budgets: {maxSteps: 1}
                instructions: You are the tended agent of %s. Look around first.
            """
                .formatted(templateId, marker),
            "ImproverIT"),
        AgentTemplate.DIRECTORY);
    var newInstructions = "You are the tended agent of " + marker + ". Answer at once.";
    var model = OpenAiProtocolServer.shared();
    var tendedMarker = "tended agent of " + marker + ". Look around first.";
    model.alwaysAnswerByStep(
        tendedMarker,
        List.of(calling("list_allowed_categories", Json.createObjectBuilder().build())));
    var improverMarker = "You tend the template " + templateId;
    model.alwaysAnswerByStep(
        improverMarker,
        List.of(
            calling(
                "get_template_feedback",
                Json.createObjectBuilder().add("templateId", templateId).build()),
            calling(
                "propose_directives",
                Json.createObjectBuilder()
                    .add("templateId", templateId)
                    .add("baseVersion", 1)
                    .add("instructions", newInstructions)
                    .add("rationale", "two failed runs in a row, both over budget_max_steps")
                    .build()),
            calling(
                "record_evolution_note",
                Json.createObjectBuilder()
                    .add("kind", "pattern")
                    .add("content", "Looking around first costs a step the budget lacks")
                    .build()),
            calling(
                "publish_ritual_recap",
                Json.createObjectBuilder()
                    .add("tldr", "Proposed shorter instructions")
                    .add("content", "Recap " + marker)
                    .build()),
            answering("Done.")));
    var made = new ArrayList<String>();
    try {
      ClosedCircuit.await(gateway);
      var tended =
          admin.post(
              "/api/templates/" + templateId + "/agents",
              Json.createObjectBuilder()
                  .add("parameters", Json.createObjectBuilder().add("categoryId", category))
                  .build()
                  .toString());
      assertEquals(201, tended.status(), tended::toString);
      var tendedId = tended.json().getString("id");
      made.add(tendedId);
      for (var i = 0; i < 2; i++) {
        var woken = admin.post("/api/agents/" + tendedId + "/wakes", "");
        assertEquals(202, woken.status(), woken::toString);
        awaitStatus(woken.json().getString("runKey"), "failed");
      }
      // The improver reads the tended template's instructions, which hold the tended marker.
      model.forget(tendedMarker);
      // A person rated work of the tended agent's category: the feedback shows it.
      var rated =
          journal.createTask(
              new JournalService.NewTask(
                  "Rated " + marker,
                  Optional.empty(),
                  Optional.of(category),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty()),
              ChangeOrigin.NONE);
      var rating =
          admin.post(
              "/api/ratings",
              Json.createObjectBuilder()
                  .add("targetType", "task")
                  .add("targetId", rated.getId())
                  .add("dimension", "focus")
                  .add("value", 2)
                  .build()
                  .toString());
      assertTrue(rating.status() == 200 || rating.status() == 201, rating::toString);

      var improver =
          admin.post(
              "/api/templates/improver/agents",
              Json.createObjectBuilder()
                  .add(
                      "parameters",
                      Json.createObjectBuilder()
                          .add("templateId", templateId)
                          .add("categoryIds", Json.createArrayBuilder().add(category)))
                  .build()
                  .toString());
      assertEquals(201, improver.status(), improver::toString);
      var improverId = improver.json().getString("id");
      made.add(improverId);
      var timers = admin.get("/api/agents/" + improverId + "/timers").structure().asJsonArray();
      assertEquals(1, timers.size(), timers::toString);
      assertEquals(
          "SUNDAY",
          timers.getJsonObject(0).getJsonObject("schedule").getString("dayOfWeek"),
          timers::toString);

      var woken = admin.post("/api/agents/" + improverId + "/wakes", "");
      assertEquals(202, woken.status(), woken::toString);
      awaitStatus(woken.json().getString("runKey"), "completed");
      assertTrue(
          model.requestsMentioning("\\\"failureStreak\\\":2") > 0
              || model.requestsMentioning("\"failureStreak\":2") > 0,
          "the feedback the model read showed the streak");
      assertTrue(
          model.requestsMentioning("\\\"dimension\\\":\\\"focus\\\",\\\"count\\\":1") > 0
              || model.requestsMentioning("\"dimension\":\"focus\",\"count\":1") > 0,
          "the feedback the model read showed the rating");

      var proposals =
          admin.get("/api/agents/" + improverId + "/proposals").structure().asJsonArray();
      assertEquals(1, proposals.size(), proposals::toString);
      var proposal = proposals.getJsonObject(0);
      assertEquals("propose_directives", proposal.getString("toolName"));
      assertEquals("pending", proposal.getString("status"));
      var preview = proposal.getJsonObject("preview").toString();
      assertTrue(preview.contains(newInstructions), preview);
      assertTrue(preview.contains("Look around first."), preview);
      assertEquals(1, admin.get("/api/templates/" + templateId).json().getInt("version"));

      var byOperator =
          admin
              .as(Role.OPERATOR)
              .post("/api/proposals/" + proposal.getString("id") + "/approve", "");
      assertEquals(403, byOperator.status(), byOperator::toString);
      var approved = admin.post("/api/proposals/" + proposal.getString("id") + "/approve", "");
      assertEquals(200, approved.status(), approved::toString);

      var template = admin.get("/api/templates/" + templateId).json();
      assertEquals(2, template.getInt("version"), template::toString);
      assertEquals("evolution", template.getString("source"), template::toString);
      assertEquals(improverId, template.getString("authoredBy"), template::toString);
      assertEquals(
          newInstructions,
          template
              .getJsonObject("document")
              .getJsonObject("agent")
              .getJsonObject("config")
              .getString("instructions"));

      var report = admin.get("/api/agents/" + improverId + "/report").json().toString();
      assertTrue(report.contains("Recap " + marker), report);

      // A second ritual proposes again from the new version; rejected, it changes nothing.
      model.forget(improverMarker);
      model.alwaysAnswerByStep(
          improverMarker,
          List.of(
              calling(
                  "propose_directives",
                  Json.createObjectBuilder()
                      .add("templateId", templateId)
                      .add("baseVersion", 2)
                      .add("instructions", newInstructions + " Never look around.")
                      .add("rationale", "one more idea")
                      .build()),
              answering("Proposed once more.")));
      var again = admin.post("/api/agents/" + improverId + "/wakes", "");
      assertEquals(202, again.status(), again::toString);
      awaitStatus(again.json().getString("runKey"), "completed");
      var second = admin.get("/api/agents/" + improverId + "/proposals?status=pending").structure();
      assertEquals(1, second.asJsonArray().size(), second::toString);
      var rejected =
          admin.post(
              "/api/proposals/" + second.asJsonArray().getJsonObject(0).getString("id") + "/reject",
              "{\"reason\":\"not now\"}");
      assertEquals(200, rejected.status(), rejected::toString);
      var unchanged = admin.get("/api/templates/" + templateId).json();
      assertEquals(2, unchanged.getInt("version"), unchanged::toString);
      assertEquals(List.of(1, 2), versions(unchanged), unchanged::toString);

      var notes = admin.get("/api/agents/" + improverId + "/messages?kind=observation").body();
      assertTrue(notes.contains("\"tags\":[\"evolution\",\"pattern\"]"), notes);

      assertEquals(
          1,
          admin.get("/api/agents/" + tendedId).json().getJsonObject("template").getInt("version"),
          "an agent keeps its version until moved");
      var upgrade = "{\"agentId\":\"" + tendedId + "\"}";
      var refused =
          admin.as(Role.OPERATOR).post("/api/templates/" + templateId + "/upgrades", upgrade);
      assertEquals(403, refused.status(), refused::toString);
      var upgraded = admin.post("/api/templates/" + templateId + "/upgrades", upgrade);
      assertEquals(200, upgraded.status(), upgraded::toString);
      JsonObject agent = upgraded.json();
      assertEquals(2, agent.getJsonObject("template").getInt("version"), agent::toString);
      assertTrue(
          agent.getJsonObject("config").getString("instructions").startsWith(newInstructions),
          agent::toString);
      var notMade =
          admin.post("/api/templates/improver/upgrades", "{\"agentId\":\"" + tendedId + "\"}");
      assertEquals(409, notMade.status(), notMade::toString);
    } finally {
      model.forget(tendedMarker);
      model.forget(improverMarker);
      made.forEach(id -> agents.destroy(id, OptionalLong.empty()));
    }
  }

  private static List<Integer> versions(JsonObject template) {
    return template
        .getJsonArray("versions")
        .getValuesAs(v -> ((jakarta.json.JsonNumber) v).intValue());
  }
}
