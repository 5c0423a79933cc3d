package io.reveille.run.boundary;

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
import io.reveille.testing.JournalWorld;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /api/needs-you} on the real server: a run's proposal-only call waits for a person and
 * is listed, newest first, with its agent's name and counted; once rejected it is gone. A viewer
 * may read the list; a limit out of bounds is a 400.
 */
@ExtendWith(ArquillianExtension.class)
class NeedsYouIT {

  @Inject AgentService agents;
  @Inject InferenceGateway gateway;

  @Test
  void aProposalWaitingForAPersonIsListedUntilDecided() {
    var admin = Api.inServer();
    var marker = "needs-you-" + UUID.randomUUID();
    var category = JournalWorld.category(admin, "Needs you " + marker);
    var task = JournalWorld.task(admin, "Source " + marker, category);
    var model = OpenAiProtocolServer.shared();
    model.alwaysAnswerByStep(
        marker,
        List.of(
            calling(
                "suggest_follow_up_task",
                Json.createObjectBuilder()
                    .add("sourceTaskId", task)
                    .add("newTaskTitle", "Follow up " + marker)
                    .build()),
            answering("Suggested.")));
    String agentId = null;
    try {
      ClosedCircuit.await(gateway);
      var created =
          admin.post(
              "/api/agents",
              Json.createObjectBuilder()
                  .add("kind", "custom")
                  .add("displayName", "Suggester " + marker)
                  .add("allowedCategoryIds", Json.createArrayBuilder().add(category))
                  .add(
                      "config",
                      Json.createObjectBuilder()
                          .add("modelId", "default")
                          .add("instructions", "You are " + marker + "."))
                  .build()
                  .toString());
      assertEquals(201, created.status(), created::toString);
      agentId = created.json().getString("id");
      var woken = admin.post("/api/agents/" + agentId + "/wakes", "");
      assertEquals(202, woken.status(), woken::toString);
      awaitStatus(woken.json().getString("runKey"), "completed");

      var listed = admin.as(Role.VIEWER).get("/api/needs-you?limit=200");
      assertEquals(200, listed.status(), listed::toString);
      var needs = listed.json();
      assertTrue(needs.getJsonNumber("proposals").longValue() >= 1, needs::toString);
      var mine = item(needs, agentId);
      assertEquals("proposal", mine.getString("kind"), mine::toString);
      assertEquals("suggest_follow_up_task", mine.getString("summary"), mine::toString);
      assertEquals("Suggester " + marker, mine.getString("agentName"), mine::toString);

      var rejected =
          admin.post("/api/proposals/" + mine.getString("id") + "/reject", "{\"reason\":\"no\"}");
      assertEquals(200, rejected.status(), rejected::toString);
      var after = admin.get("/api/needs-you?limit=200").json();
      final var id = agentId;
      assertTrue(
          after.getJsonArray("items").getValuesAs(JsonObject.class).stream()
              .noneMatch(item -> id.equals(item.getString("agentId", ""))),
          after::toString);
      assertEquals(400, admin.get("/api/needs-you?limit=0").status());
    } finally {
      model.forget(marker);
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  private static JsonObject item(JsonObject needs, String agentId) {
    return needs.getJsonArray("items").getValuesAs(JsonObject.class).stream()
        .filter(item -> agentId.equals(item.getString("agentId", "")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("not listed: " + needs));
  }
}
