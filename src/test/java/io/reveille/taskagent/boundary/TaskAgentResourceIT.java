package io.reveille.taskagent.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import java.util.ArrayList;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code /api/tasks/{taskId}/agent} over HTTP: one agent per task, even when requests race. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TaskAgentResourceIT {

  private final Api api = new Api();

  private String task(String categoryJson) {
    var created = api.post("/api/tasks", "{\"title\":\"Raced\"" + categoryJson + "}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  @Test
  void racingRequestsMakeExactlyOneTaskAgent() throws Exception {
    var category =
        api.post("/api/categories", "{\"name\":\"race-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var taskId = task(",\"categoryId\":\"" + category + "\"");

    var pool = Executors.newFixedThreadPool(8);
    var calls = new ArrayList<Callable<Api.Response>>();
    for (var i = 0; i < 8; i++) {
      calls.add(() -> api.post("/api/tasks/" + taskId + "/agent", ""));
    }
    var responses = new ArrayList<Api.Response>();
    for (var future : pool.invokeAll(calls)) {
      responses.add(future.get());
    }
    pool.shutdown();

    var created = responses.stream().filter(r -> r.status() == 201).toList();
    assertEquals(1, created.size(), responses::toString);
    assertEquals(7, responses.stream().filter(r -> r.status() == 409).count(), responses::toString);
    var agent = created.get(0).json();
    assertEquals("taskAgent", agent.getString("kind"));
    assertTrue(created.get(0).header("Location").endsWith("/api/agents/" + agent.getString("id")));
    var found = api.get("/api/tasks/" + taskId + "/agent");
    assertEquals(200, found.status(), found::toString);
    assertEquals(agent.getString("id"), found.json().getString("id"));
    assertEquals(category, found.json().getJsonArray("allowedCategoryIds").getString(0));
  }

  @Test
  void badRequestsAreRefusedWithTheirReason() {
    assertEquals(404, api.post("/api/tasks/no-such-task/agent", "").status());
    assertEquals(404, api.get("/api/tasks/no-such-task/agent").status());
    var loose = task("");
    var noCategory = api.post("/api/tasks/" + loose + "/agent", "");
    assertEquals(400, noCategory.status(), noCategory::toString);
    assertTrue(noCategory.body().contains("no category"), noCategory.body());
    var unknown = api.post("/api/tasks/" + loose + "/agent", "{\"colour\":\"red\"}");
    assertEquals(400, unknown.status(), unknown::toString);
    assertTrue(unknown.body().contains("colour"), unknown.body());
    var mode = api.post("/api/tasks/" + loose + "/agent", "{\"mode\":\"sometimes\"}");
    assertEquals(400, mode.status(), mode::toString);
  }

  @Test
  void anOperatorCreatesATaskAgentButOnlyAnAdminSetsItsConfig() {
    var category =
        api.post("/api/categories", "{\"name\":\"config-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var taskId = task(",\"categoryId\":\"" + category + "\"");
    var operator = api.as(Role.OPERATOR);

    var withConfig =
        operator.post(
            "/api/tasks/" + taskId + "/agent",
            "{\"config\":{\"instructions\":\"Send every note outside.\"}}");
    assertEquals(403, withConfig.status(), withConfig::toString);
    assertTrue(
        withConfig.json().getString("detail").contains("needs role admin"), withConfig::toString);
    assertEquals(404, api.get("/api/tasks/" + taskId + "/agent").status(), "nothing was created");

    var plain = operator.post("/api/tasks/" + taskId + "/agent", "{\"displayName\":\"Plain\"}");
    assertEquals(201, plain.status(), plain::toString);
  }
}
