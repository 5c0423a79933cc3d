package io.reveille.workflow.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.bench.ToolLoadDriver.ScopedAgent;
import io.reveille.testing.Api;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent with a plan ({@code config.plan}) against the running server: a wake carries out its
 * calls in order, each a step of the run through the tool executor with its ledger row, and writes
 * a report of what they did; a call that fails ends the plan there, and the report says where.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AgentPlanIT {

  private final Api api = new Api();

  @Test
  void aWakeFollowsThePlanStepByStepAndReportsWhatEachCallDid() {
    var priorities = List.of("p0", "p1", "p3"); // a new task is p2
    var scoped =
        ScopedAgent.create(
            api,
            "plan-" + UUID.randomUUID(),
            priorities.size(),
            taskIds -> {
              var plan = Json.createArrayBuilder();
              for (var i = 0; i < taskIds.size(); i++) {
                plan.add(priority(taskIds.get(i), priorities.get(i)));
              }
              return config(plan.build());
            });
    var tasks = scoped.taskIds();
    var agent = scoped.agentId();

    var run = wakeAndAwait(agent);

    for (var i = 0; i < tasks.size(); i++) {
      assertEquals(
          priorities.get(i), api.get("/api/tasks/" + tasks.get(i)).json().getString("priority"));
    }
    var steps = run.getJsonArray("steps").getValuesAs(JsonObject.class);
    assertEquals(3, steps.size(), run::toString);
    for (var step : steps) {
      assertEquals("plan_step", step.getString("phase"), step::toString);
      assertEquals("succeeded", step.getString("status"), step::toString);
    }
    assertEquals(List.of(), steps.get(2).getJsonObject("checkpoint").getJsonArray("remaining"));
    var calls = run.getJsonArray("toolCalls").getValuesAs(JsonObject.class);
    assertEquals(3, calls.size(), run::toString);
    for (var call : calls) {
      assertEquals("update_task_priority", call.getString("toolName"));
      assertEquals("succeeded", call.getString("status"), call::toString);
    }
    var report = api.get("/api/agents/" + agent + "/report").json().getString("content");
    for (var task : tasks) {
      assertTrue(report.contains("changed " + task), report);
    }
  }

  @Test
  void aCallThatFailsEndsThePlanThereAndTheReportSaysWhere() {
    var name = "plan-stop-" + UUID.randomUUID();
    var elsewhere = ScopedAgent.create(api, name + "-elsewhere", 1).taskIds().get(0);
    var scoped =
        ScopedAgent.create(
            api,
            name,
            2,
            taskIds ->
                config(
                    Json.createArrayBuilder()
                        .add(priority(taskIds.get(0), "p0"))
                        .add(priority(elsewhere, "p0"))
                        .add(priority(taskIds.get(1), "p0"))
                        .build()));
    var own = scoped.taskIds().get(0);
    var last = scoped.taskIds().get(1);
    var agent = scoped.agentId();

    var run = wakeAndAwait(agent);

    assertEquals("p0", api.get("/api/tasks/" + own).json().getString("priority"));
    assertEquals(
        "p2",
        api.get("/api/tasks/" + elsewhere).json().getString("priority"),
        "a task outside the agent's categories is not changed");
    assertEquals(
        "p2",
        api.get("/api/tasks/" + last).json().getString("priority"),
        "the call after the failed one is not made");
    assertEquals(2, run.getJsonArray("steps").size(), run::toString);
    var report = api.get("/api/agents/" + agent + "/report").json().getString("content");
    assertTrue(report.contains("2. `update_task_priority` failed: "), report);
    assertTrue(report.contains("Stopped at step 2 of 3."), report);
  }

  @Test
  void aPlanBeyondItsBoundsIsRefusedNamingTheField() {
    var calls = new ArrayList<String>();
    for (var i = 0; i < 21; i++) {
      calls.add("{\"tool\":\"list_tasks_in_scope\"}");
    }
    var tooLong =
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"too long\",\"config\":{\"plan\":["
                + String.join(",", calls)
                + "]}}");
    assertEquals(400, tooLong.status(), tooLong::toString);
    assertTrue(tooLong.body().contains("config.plan"), tooLong.body());

    var noTool =
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"no tool\",\"config\":{\"plan\":[{\"arguments\":{}}]}}");
    assertEquals(400, noTool.status(), noTool::toString);
    assertTrue(noTool.body().contains("config.plan[0].tool"), noTool.body());
  }

  private JsonObject wakeAndAwait(String agent) {
    var woken = api.post("/api/agents/" + agent + "/wakes", "");
    assertEquals(202, woken.status(), woken::toString);
    var runKey = woken.json().getString("runKey");
    return await()
        .atMost(Duration.ofMinutes(2))
        .until(
            () -> api.get("/api/runs/" + runKey).json(),
            run -> "completed".equals(run.getJsonObject("run").getString("status")));
  }

  private static JsonObject priority(String task, String priority) {
    return Json.createObjectBuilder()
        .add("tool", "update_task_priority")
        .add("arguments", Json.createObjectBuilder().add("taskId", task).add("priority", priority))
        .build();
  }

  private static String config(JsonArray plan) {
    return Json.createObjectBuilder().add("plan", plan).build().toString();
  }
}
