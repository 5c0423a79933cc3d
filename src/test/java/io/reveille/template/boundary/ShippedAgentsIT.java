package io.reveille.template.boundary;

import static io.reveille.testing.JournalWorld.category;
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
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The agents the seeds name, made from their shipped templates and run with a scripted model on the
 * real server, each to the end its seed asks of it: the gym coach logs a done workout as a
 * retrospective time entry of that task, woken by its subscription; the planner with rollover
 * carries a task's open checklist items to a follow-up task and closes the task; the pomodoro runs
 * a session the user starts, a work block timed by the task's timer from the first turn to the
 * second, and notes what was done in the block.
 */
@ExtendWith(ArquillianExtension.class)
class ShippedAgentsIT {

  @Inject AgentService agents;
  @Inject InferenceGateway gateway;

  private final List<String> made = new ArrayList<>();
  private final List<String> markers = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    markers.forEach(OpenAiProtocolServer.shared()::forget);
    made.forEach(id -> agents.destroy(id, OptionalLong.empty()));
  }

  @Test
  void theGymCoachLogsADoneWorkoutAsARetrospectiveEntryOfItsTask() {
    var operator = Api.inServer().as(Role.OPERATOR);
    var category = category(operator, "Gym");
    var workout = task(operator, "Leg day " + UUID.randomUUID(), category);
    var endedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);
    var startedAt = endedAt.minus(Duration.ofMinutes(60));
    // The coach's instructions name its session length: a length of its own marks its requests.
    script(
        "(137 minutes unless",
        calling(
            "create_retrospective_time_entry",
            Json.createObjectBuilder()
                .add("taskId", workout)
                .add("startedAt", startedAt.toString())
                .add("endedAt", endedAt.toString())
                .add("description", "Squats and lunges")
                .build()),
        answering("## This week\nLeg day logged."));
    var coach =
        create(
            operator,
            "gymCoach",
            Json.createObjectBuilder().add("categoryId", category).add("sessionMinutes", 137));

    var done = operator.patch("/api/tasks/" + workout, "{\"status\":\"done\"}", null);
    assertEquals(200, done.status(), done::toString);
    Poll.until(
        Duration.ofSeconds(60),
        () -> !entries(operator, workout).isEmpty(),
        () -> "runs " + operator.get("/api/runs?agentId=" + coach).body());
    var entry = entries(operator, workout).getJsonObject(0);
    assertEquals(workout, entry.getString("taskId"));
    assertEquals(startedAt, Instant.parse(entry.getString("startedAt")));
    assertEquals(endedAt, Instant.parse(entry.getString("endedAt")));
    assertEquals("Squats and lunges", entry.getString("description"));
    Poll.until(
        Duration.ofSeconds(60),
        () -> operator.get("/api/agents/" + coach + "/report").body().contains("Leg day logged."));
  }

  @Test
  void thePlannerRollsATasksOpenItemsOverToAFollowUpAndClosesIt() {
    var admin = Api.inServer();
    var category = category(admin, "Evening");
    var task = task(admin, "Paint the door " + UUID.randomUUID(), category);
    assertEquals(
        200, admin.patch("/api/tasks/" + task, "{\"status\":\"inProgress\"}", null).status());
    var checklist =
        admin
            .post(
                "/api/tasks/" + task + "/checklists",
                "{\"title\":\"Steps\",\"items\":[\"Sand it\",\"Prime it\",\"Paint it\"]}")
            .json();
    var sanded = checklist.getJsonArray("items").getJsonObject(0).getString("id");
    assertEquals(
        200,
        admin
            .patch("/api/tasks/" + task + "/checklist-items/" + sanded, "{\"checked\":true}", null)
            .status());
    script(
        "close the user's day",
        calling(
            "conclude_task_with_rollover",
            Json.createObjectBuilder()
                .add("sourceTaskId", task)
                .add("newTaskTitle", "Paint the door, tomorrow")
                .add("carryOverOpenChecklistItems", true)
                .add("closeSourceTaskAs", "done")
                .build()),
        answering("## Rolled over\nPaint the door."));
    var planner =
        create(
            admin,
            "plannerWithRollover",
            Json.createObjectBuilder().add("categoryIds", Json.createArrayBuilder().add(category)));

    var woken = admin.post("/api/agents/" + planner + "/wakes", "");
    assertEquals(202, woken.status(), woken::toString);
    awaitStatus(woken.json().getString("runKey"), "completed");

    assertEquals("done", admin.get("/api/tasks/" + task).json().getString("status"));
    var followUps =
        admin.get("/api/tasks?categoryId=" + category).structure().asJsonArray().stream()
            .map(JsonObject.class::cast)
            .filter(t -> t.getString("title").equals("Paint the door, tomorrow"))
            .toList();
    assertEquals(1, followUps.size(), followUps::toString);
    var carried =
        admin
            .get("/api/tasks/" + followUps.get(0).getString("id") + "/checklist-items")
            .structure()
            .asJsonArray()
            .stream()
            .map(item -> item.asJsonObject().getString("title"))
            .toList();
    assertEquals(List.of("Prime it", "Paint it"), carried, "the open items, not the checked one");
  }

  @Test
  void thePomodoroTimesAWorkBlockInASessionTheUserStarts() {
    var operator = Api.inServer().as(Role.OPERATOR);
    var category = category(operator, "Focus");
    var task = task(operator, "Draft the chapter " + UUID.randomUUID(), category);
    var pomodoro =
        create(
            operator,
            "pomodoro",
            Json.createObjectBuilder()
                .add("categoryIds", Json.createArrayBuilder().add(category))
                .add("workMinutes", 30));
    var opened = operator.post("/api/agents/" + pomodoro + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    var turns = "/api/agents/" + pomodoro + "/sessions/" + opened.json().getString("id") + "/turns";

    var start = "Start a block on " + task;
    script(
        start,
        calling("start_task_timer", Json.createObjectBuilder().add("taskId", task).build()),
        answering("Block started: 30 minutes on the chapter."));
    assertEquals(
        202, operator.post(turns, "{\"text\":\"" + start + "\",\"turnId\":\"t1\"}").status());
    Poll.until(Duration.ofSeconds(60), () -> turnsDone(operator, pomodoro) == 1);
    var running = entries(operator, task);
    assertEquals(1, running.size(), running::toString);
    assertTrue(running.getJsonObject(0).getBoolean("running"), running::toString);
    var entryId = running.getJsonObject(0).getString("id");
    // The first turn's script is done: the second turn's request repeats the first's text.
    OpenAiProtocolServer.shared().forget(start);

    var over = "The block is over " + UUID.randomUUID();
    // By step: the second turn's first request already holds the first turn's answer.
    script(
        over,
        answering("(the first turn's answer)"),
        calling("stop_task_timer", Json.createObjectBuilder().add("taskId", task).build()),
        calling(
            "annotate_time_entry",
            Json.createObjectBuilder()
                .add("entryId", entryId)
                .add("text", "Drafted two sections")
                .add("mode", "append")
                .build()),
        answering("Well done. Take a 5-minute break."));
    assertEquals(
        202, operator.post(turns, "{\"text\":\"" + over + "\",\"turnId\":\"t2\"}").status());
    Poll.until(Duration.ofSeconds(60), () -> turnsDone(operator, pomodoro) == 2);

    var block = entries(operator, task).getJsonObject(0);
    assertTrue(!block.getBoolean("running"), block::toString);
    assertTrue(
        Instant.parse(block.getString("endedAt"))
            .isAfter(Instant.parse(block.getString("startedAt"))),
        block::toString);
    assertTrue(block.getString("description").contains("Drafted two sections"), block::toString);
  }

  /** The scripted model's answers, by step, to the requests that mention {@code marker}. */
  private void script(String marker, String... bodies) {
    ClosedCircuit.await(gateway);
    OpenAiProtocolServer.shared().alwaysAnswerByStep(marker, List.of(bodies));
    markers.add(marker);
  }

  private String create(Api api, String template, jakarta.json.JsonObjectBuilder parameters) {
    var created =
        api.post(
            "/api/templates/" + template + "/agents",
            Json.createObjectBuilder().add("parameters", parameters).build().toString());
    assertEquals(201, created.status(), created::toString);
    var id = created.json().getString("id");
    made.add(id);
    return id;
  }

  private static long turnsDone(Api api, String agentId) {
    return api.get("/api/runs?agentId=" + agentId + "&reason=userInitiated&status=completed")
        .structure()
        .asJsonArray()
        .size();
  }

  private static JsonArray entries(Api api, String taskId) {
    return api.get("/api/time-entries?taskId=" + taskId).structure().asJsonArray();
  }
}
