package io.reveille.journal.boundary;

import static io.reveille.testing.JournalWorld.category;
import static io.reveille.testing.JournalWorld.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Task links on the real server: a link is made once (the same link again is answered, not made
 * twice), read from either task with the relation seen from it, and removed; bad relations, a task
 * linked to itself and unknown tasks are refused. A task agent follows the tasks linked to its
 * task: once its task is blocked by another, the other's completion wakes it.
 */
@ExtendWith(ArquillianExtension.class)
class TaskLinksIT {

  @Test
  void aLinkIsReadFromBothSidesAndWakesTheAgentOfTheTaskItBlocks() {
    var admin = Api.inServer();
    var operator = admin.as(Role.OPERATOR);
    var category =
        operator
            .post("/api/categories", "{\"name\":\"Links " + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var launch = task(operator, "Launch", category);
    var copy = task(operator, "Write the copy", category);
    var agent = admin.post("/api/tasks/" + launch + "/agent", "{}");
    assertEquals(201, agent.status(), agent::toString);
    var agentId = agent.json().getString("id");

    var body = "{\"relation\":\"isBlockedBy\",\"taskId\":\"" + copy + "\"}";
    var linked = operator.post("/api/tasks/" + launch + "/links", body);
    assertEquals(201, linked.status(), linked::toString);
    var linkId = linked.json().getString("id");
    assertEquals("isBlockedBy", linked.json().getString("relation"));
    var again = operator.post("/api/tasks/" + launch + "/links", body);
    assertEquals(200, again.status(), again::toString);
    assertEquals(linkId, again.json().getString("id"));
    var fromCopy = operator.get("/api/tasks/" + copy + "/links").structure().asJsonArray();
    assertEquals(1, fromCopy.size(), fromCopy::toString);
    assertEquals("blocks", fromCopy.getJsonObject(0).getString("relation"));
    assertEquals(launch, fromCopy.getJsonObject(0).getString("otherTaskId"));

    for (var bad :
        new String[] {
          "{\"relation\":\"dependsOn\",\"taskId\":\"" + copy + "\"}",
          "{\"relation\":\"blocks\",\"taskId\":\"" + launch + "\"}",
          "{\"relation\":\"blocks\"}"
        }) {
      var refused = operator.post("/api/tasks/" + launch + "/links", bad);
      assertEquals(400, refused.status(), bad + " → " + refused);
    }
    assertEquals(
        404,
        operator
            .post(
                "/api/tasks/" + launch + "/links", "{\"relation\":\"blocks\",\"taskId\":\"nope\"}")
            .status());
    assertEquals(403, admin.as(Role.VIEWER).post("/api/tasks/" + launch + "/links", body).status());

    // The link woke the agent of the launch; from then on it follows the copy as well.
    Poll.until(
        Duration.ofSeconds(60),
        () -> follows(admin, agentId, copy),
        () -> "subscriptions " + admin.get("/api/agents/" + agentId + "/subscriptions").body());
    var done = operator.patch("/api/tasks/" + copy, "{\"status\":\"done\"}", null);
    assertEquals(200, done.status(), done::toString);
    Poll.until(
        Duration.ofSeconds(60),
        () -> wokenBy(admin, agentId, copy),
        () -> "runs " + admin.get("/api/runs?agentId=" + agentId).body());

    assertEquals(204, operator.delete("/api/tasks/" + copy + "/links/" + linkId).status());
    assertEquals(404, operator.delete("/api/tasks/" + copy + "/links/" + linkId).status());
    assertEquals(
        0, operator.get("/api/tasks/" + launch + "/links").structure().asJsonArray().size());
    admin.delete("/api/agents/" + agentId);
  }

  private static boolean follows(Api api, String agentId, String taskId) {
    return api.get("/api/agents/" + agentId + "/subscriptions").body().contains(taskId);
  }

  /** Whether a completed subscription run of the agent was woken by a change of {@code taskId}. */
  private static boolean wokenBy(Api api, String agentId, String taskId) {
    var runs =
        api.get("/api/runs?agentId=" + agentId + "&reason=subscription&status=completed")
            .structure()
            .asJsonArray();
    return runs.getValuesAs(JsonObject.class).stream()
        .anyMatch(
            run ->
                run.getJsonArray("tokens").getValuesAs(jakarta.json.JsonString::getString).stream()
                    .anyMatch(taskId::equals));
  }
}
