package io.reveille.journal.boundary;

import static io.reveille.testing.JournalWorld.category;
import static io.reveille.testing.JournalWorld.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import jakarta.json.Json;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Projects over HTTP on the real server: created open in a category, described, moved with a reason
 * (an illegal move refused and nothing changed), listed by category; a task of the same category
 * joins and leaves, one of another category or an archived project is refused; viewers read and
 * only operators change.
 */
@ExtendWith(ArquillianExtension.class)
class ProjectsIT {

  @Test
  void aProjectGroupsTasksOfItsCategoryAndMovesOnlyAsItsStatusAllows() {
    var api = Api.inServer().as(Role.OPERATOR);
    var viewer = api.as(Role.VIEWER);
    var category = category(api, "Projects " + UUID.randomUUID());
    var other = category(api, "Elsewhere " + UUID.randomUUID());

    assertEquals(
        403,
        viewer.post("/api/projects", body("Nope", category)).status(),
        "a viewer creates nothing");
    var missing = api.post("/api/projects", "{\"categoryId\":\"" + category + "\"}");
    assertEquals(400, missing.status(), missing::toString);
    assertTrue(missing.body().contains("title"), missing::toString);
    assertEquals(404, api.post("/api/projects", body("Ghost", "no-such-category")).status());

    var created = api.post("/api/projects", body("Launch the website", category));
    assertEquals(201, created.status(), created::toString);
    var project = created.json();
    var id = project.getString("id");
    assertEquals("open", project.getString("status"));
    assertTrue(created.header("Location").endsWith("/api/projects/" + id), created::toString);

    var described =
        api.patch(
            "/api/projects/" + id,
            "{\"title\":\"Launch the site\",\"description\":\"By March\"}",
            null);
    assertEquals(200, described.status(), described::toString);
    assertEquals("By March", described.json().getString("description"));

    var task = task(api, "Write the copy", category);
    var foreign = task(api, "Elsewhere's task", other);
    var joined = api.post("/api/projects/" + id + "/tasks", "{\"taskId\":\"" + task + "\"}");
    assertEquals(200, joined.status(), joined::toString);
    assertEquals(id, joined.json().getString("projectId"));
    var refused = api.post("/api/projects/" + id + "/tasks", "{\"taskId\":\"" + foreign + "\"}");
    assertEquals(400, refused.status(), refused::toString);
    assertTrue(refused.body().contains("category"), refused::toString);
    var tasks = viewer.get("/api/projects/" + id + "/tasks").structure().asJsonArray();
    assertEquals(1, tasks.size(), tasks::toString);
    assertEquals(task, tasks.getJsonObject(0).getString("id"));

    var moved =
        api.post(
            "/api/projects/" + id + "/status", "{\"status\":\"archived\",\"reason\":\"shelved\"}");
    assertEquals(200, moved.status(), moved::toString);
    assertEquals("shelved", moved.json().getString("statusReason"));
    var illegal =
        api.post(
            "/api/projects/" + id + "/status", "{\"status\":\"active\",\"reason\":\"back on\"}");
    assertEquals(409, illegal.status(), illegal::toString);
    var badStatus =
        api.post("/api/projects/" + id + "/status", "{\"status\":\"done\",\"reason\":\"x\"}");
    assertEquals(400, badStatus.status(), badStatus::toString);
    assertEquals("archived", viewer.get("/api/projects/" + id).json().getString("status"));
    var another = task(api, "Late task", category);
    var toArchived = api.post("/api/projects/" + id + "/tasks", "{\"taskId\":\"" + another + "\"}");
    assertEquals(400, toArchived.status(), toArchived::toString);
    assertTrue(toArchived.body().contains("archived"), toArchived::toString);

    var listed =
        viewer.get("/api/projects?categoryId=" + category + "&status=archived").structure();
    assertEquals(1, listed.asJsonArray().size(), listed::toString);

    var left = api.delete("/api/projects/" + id + "/tasks/" + task);
    assertEquals(204, left.status(), left::toString);
    assertTrue(
        api.get("/api/tasks/" + task).json().isNull("projectId")
            || !api.get("/api/tasks/" + task).json().containsKey("projectId"));
    assertEquals(409, api.delete("/api/projects/" + id + "/tasks/" + task).status());
  }

  private static String body(String title, String category) {
    return Json.createObjectBuilder()
        .add("title", title)
        .add("categoryId", category)
        .build()
        .toString();
  }
}
