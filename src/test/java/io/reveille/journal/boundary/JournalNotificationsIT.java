package io.reveille.journal.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.suite.BesideTheChain;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Journal changes made over REST reach the agents that watch them through the real broker: each
 * committed change is one notification batch, predicates see the changed task's attributes, and a
 * refused request changes and announces nothing.
 */
@ExtendWith(BesideTheChain.class)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ)
class JournalNotificationsIT {

  private static final Duration THROTTLE =
      Duration.ofSeconds(Long.getLong("reveille.it.wakeThrottleSeconds", 6));

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void creatingATaskWakesAnAgentWatchingForIt() {
    var title = "created-" + UUID.randomUUID();
    var watcher = agents.createCustom("Creation watcher");
    agents.subscribe(
        watcher, "{\"semanticKeys\":[\"TASK\"],\"predicate\":\"title == \\\"" + title + "\\\"\"}");

    var task =
        createTask("{\"title\":\"" + title + "\",\"priority\":\"p1\",\"dueDate\":\"2026-03-01\"}");
    assertEquals("open", task.getString("status"));
    assertEquals("p1", task.getString("priority"));
    assertEquals("2026-03-01", task.getString("dueDate"));

    // A semantic-key subscription is woken with the key it matched; the predicate on the unique
    // title makes it this task.
    var runs = awaitCompletedRun(watcher, "TASK");
    assertEquals("subscription", runs.getJsonObject(0).getString("reason"));
    assertEquals(1, runs.size());
  }

  @Test
  void aSubscriptionOnAChecklistWakesOnARestEditAndOnAToolEditOfItsItems() {
    var category = api.post("/api/categories", "{\"name\":\"trip-" + UUID.randomUUID() + "\"}");
    assertEquals(201, category.status(), category::toString);
    var categoryId = category.json().getString("id");
    var task = createTask("{\"title\":\"Pack\",\"categoryId\":\"" + categoryId + "\"}");
    var list =
        api.post(
            "/api/tasks/" + task.getString("id") + "/checklists",
            "{\"title\":\"Bag\",\"items\":[\"Socks\",\"Map\"]}");
    assertEquals(201, list.status(), list::toString);
    var checklistId = list.json().getString("id");
    var items = list.json().getJsonArray("items");
    var watcher = agents.createCustom("Checklist watcher");
    agents.subscribe(watcher, "{\"entityIds\":[\"" + checklistId + "\"]}");

    // A REST edit of an item announces its checklist.
    var checked =
        api.patch(
            "/api/tasks/"
                + task.getString("id")
                + "/checklist-items/"
                + items.getJsonObject(0).getString("id"),
            "{\"checked\":true}",
            null);
    assertEquals(200, checked.status(), checked::toString);
    awaitCompletedRun(watcher, checklistId);

    // A tool edit of another item announces it the same way.
    var editor =
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"Editor\",\"allowedCategoryIds\":[\""
                + categoryId
                + "\"]}");
    assertEquals(201, editor.status(), editor::toString);
    var call =
        api.post(
            "/api/agents/" + editor.json().getString("id") + "/tools/update_checklist_items",
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"arguments\":{\"updates\":[{\"itemId\":\""
                + items.getJsonObject(1).getString("id")
                + "\",\"checked\":true}]}}");
    assertEquals(200, call.status(), call::toString);
    await()
        .atMost(THROTTLE.plusSeconds(90))
        .until(
            () ->
                agents.completedRuns(watcher, "subscription").stream()
                        .filter(
                            run -> Agents.strings(run.getJsonArray("tokens")).contains(checklistId))
                        .count()
                    == 2);
  }

  @Test
  void updatingATaskWakesAnAgentSubscribedToItsIdAndAStaleVersionChangesNothing() {
    var created = api.post("/api/tasks", "{\"title\":\"Write the report\"}");
    assertEquals(201, created.status(), created::toString);
    var id = created.json().getString("id");
    assertNotNull(created.header("Location"));
    // The creation's batch is taken in before the subscription exists: one taken in later (the
    // outbox's hand-off waits for a thread under load) would match it and wake the watcher too.
    agents.passThroughTheNotificationQueue();
    var watcher = agents.createCustom("Task agent");
    agents.subscribe(watcher, "{\"entityIds\":[\"" + id + "\"]}");

    var etag = api.get("/api/tasks/" + id).header("ETag");
    var updated = api.patch("/api/tasks/" + id, "{\"estimateMinutes\":45}", etag);
    assertEquals(200, updated.status(), updated::toString);
    assertEquals(45, updated.json().getInt("estimateMinutes"));
    var stale = api.patch("/api/tasks/" + id, "{\"estimateMinutes\":90}", etag);
    assertEquals(412, stale.status(), stale::toString);

    var runs = awaitCompletedRun(watcher, id);
    assertEquals(List.of(id), Agents.strings(runs.getJsonObject(0).getJsonArray("tokens")));
    agents.passThroughTheNotificationQueue();
    assertEquals(1, agents.runs(watcher).size(), "the refused update announced nothing");
    assertEquals(45, api.get("/api/tasks/" + id).json().getInt("estimateMinutes"));
  }

  @Test
  void aStatusPredicateWakesOnlyOnTheMatchingChange() {
    var id = createTask("{\"title\":\"Run 5k\"}").getString("id");
    var watcher = agents.createCustom("Done watcher");
    agents.subscribe(
        watcher, "{\"entityIds\":[\"" + id + "\"],\"predicate\":\"status == \\\"done\\\"\"}");

    patch("/api/tasks/" + id, "{\"priority\":\"p0\"}");
    patch("/api/tasks/" + id, "{\"status\":\"inProgress\"}");
    agents.passThroughTheNotificationQueue();
    assertEquals(0, agents.runs(watcher).size(), "changes that miss the predicate wake nobody");

    var done = patch("/api/tasks/" + id, "{\"status\":\"done\"}");
    assertEquals("done", done.getString("status"));
    awaitCompletedRun(watcher, id);
    agents.passThroughTheNotificationQueue();
    assertEquals(1, agents.runs(watcher).size());
  }

  @Test
  void checklistChangesWakeTheTaskWatcher() {
    var id = createTask("{\"title\":\"Pack for the trip\"}").getString("id");
    var watcher = agents.createCustom("Checklist watcher");
    agents.subscribe(watcher, "{\"entityIds\":[\"" + id + "\"]}");

    var added = api.post("/api/tasks/" + id + "/checklist-items", "{\"title\":\"Passport\"}");
    assertEquals(201, added.status(), added::toString);
    var item = added.json();
    assertEquals(false, item.getBoolean("checked"));
    var path = "/api/tasks/" + id + "/checklist-items/" + item.getString("id");
    var checked = api.patch(path, "{\"checked\":true}", added.header("ETag"));
    assertEquals(200, checked.status(), checked::toString);
    assertTrue(checked.json().getBoolean("checked"));

    awaitCompletedRun(watcher, id);
    var items = api.get("/api/tasks/" + id + "/checklist-items").structure().asJsonArray();
    assertEquals(1, items.size());
    assertEquals(
        404,
        api.patch("/api/tasks/" + id + "/checklist-items/nope", "{\"checked\":true}", null)
            .status());
  }

  @Test
  void badInputIsAProblemNamingTheFieldAndAnnouncesNothing() {
    var title = "bad-" + UUID.randomUUID();
    var watcher = agents.createCustom("Bad input watcher");
    agents.subscribe(
        watcher, "{\"semanticKeys\":[\"TASK\"],\"predicate\":\"title == \\\"" + title + "\\\"\"}");

    assertProblem(
        api.post("/api/tasks", "{\"title\":\"" + title + "\",\"priority\":\"P9\"}"), "priority");
    assertProblem(
        api.post("/api/tasks", "{\"title\":\"" + title + "\",\"estimateMinutes\":-5}"),
        "estimateMinutes");
    assertProblem(
        api.post("/api/tasks", "{\"title\":\"" + title + "\",\"categoryId\":\"no-such\"}"),
        "categoryId");
    assertProblem(api.post("/api/tasks", "{\"title\":\"  \"}"), "title");
    assertProblem(
        api.post("/api/tasks", "{\"title\":\"" + title + "\",\"colour\":\"red\"}"), "colour");
    var task = createTask("{\"title\":\"" + title + "\"}");
    var path = "/api/tasks/" + task.getString("id");
    assertProblem(api.patch(path, "{\"status\":\"FINISHED\"}", null), "status");
    assertProblem(api.patch(path, "{\"dueDate\":\"tomorrow\"}", null), "dueDate");
    assertProblem(api.post(path + "/checklist-items", "{\"checked\":true}"), "title");

    awaitCompletedRun(watcher, "TASK");
    agents.passThroughTheNotificationQueue();
    assertEquals(1, agents.runs(watcher).size(), "only the valid creation was announced");
    assertEquals(
        task.getInt("version"),
        api.get(path).json().getInt("version"),
        "refused changes left the task as is");
  }

  @Test
  void categoriesAreCreatedListedAndFileTasks() {
    var name = "gym-" + UUID.randomUUID();
    var created = api.post("/api/categories", "{\"name\":\"" + name + "\"}");
    assertEquals(201, created.status(), created::toString);
    var categoryId = created.json().getString("id");
    assertEquals(409, api.post("/api/categories", "{\"name\":\"" + name + "\"}").status());
    assertProblem(api.post("/api/categories", "{}"), "name");
    assertTrue(
        api.getAll("/api/categories").stream().anyMatch(c -> c.getString("id").equals(categoryId)));

    var watcher = agents.createCustom("Gym watcher");
    agents.subscribe(
        watcher,
        "{\"semanticKeys\":[\"TASK\"],\"predicate\":\"categoryId == \\\"" + categoryId + "\\\"\"}");
    var task = createTask("{\"title\":\"Leg day\",\"categoryId\":\"" + categoryId + "\"}");
    assertEquals(categoryId, task.getString("categoryId"));
    awaitCompletedRun(watcher, "TASK");
    var filtered = api.get("/api/tasks?categoryId=" + categoryId).structure().asJsonArray();
    assertEquals(1, filtered.size());
  }

  // ------------------------------------------------------------------------------------------

  private JsonObject createTask(String body) {
    var created = api.post("/api/tasks", body);
    assertEquals(201, created.status(), created::toString);
    return created.json();
  }

  private JsonObject patch(String path, String body) {
    var response = api.patch(path, body, null);
    assertEquals(200, response.status(), response::toString);
    return response.json();
  }

  private static void assertProblem(Api.Response response, String field) {
    assertEquals(400, response.status(), response::toString);
    assertTrue(response.contentType().startsWith("application/problem+json"), response::toString);
    var fields =
        response.json().getJsonArray("errors").stream()
            .map(e -> e.asJsonObject().getString("field"))
            .toList();
    assertTrue(fields.contains(field), () -> "expected " + field + " in " + response);
  }

  /** Waits for a completed run whose tokens contain {@code token}; returns all runs. */
  private JsonArray awaitCompletedRun(String agentId, String token) {
    return await()
        .atMost(THROTTLE.plusSeconds(90))
        .until(
            () -> agents.runs(agentId),
            runs ->
                runs.stream()
                    .map(JsonValue::asJsonObject)
                    .anyMatch(
                        r ->
                            r.getString("status").equals("completed")
                                && Agents.strings(r.getJsonArray("tokens")).contains(token)));
  }
}
