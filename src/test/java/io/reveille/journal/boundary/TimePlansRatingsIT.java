package io.reveille.journal.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.time.LocalDate;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Time entries, timers, day plans and ratings over REST against the real server and database:
 * instants with offsets, one running timer per task, overlapping blocks refused with nothing
 * applied, one rating per target and dimension, and the summary.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TimePlansRatingsIT {

  private final Api api = new Api();

  @Test
  void aRetrospectiveEntryTakesOffsetsAndItsTasksCategory() {
    var category = category();
    var task = task(category);
    var created =
        api.post(
            "/api/time-entries",
            "{\"taskId\":\""
                + task
                + "\",\"startedAt\":\"2026-02-17T16:00:00-05:00\","
                + "\"endedAt\":\"2026-02-17T17:30:00-05:00\",\"description\":\"Drafted\","
                + "\"sourceEntryId\":\"voice-42\"}");
    assertEquals(201, created.status(), created::toString);
    var entry = created.json();
    assertEquals("2026-02-17T21:00:00Z", entry.getString("startedAt"));
    assertEquals("2026-02-17T22:30:00Z", entry.getString("endedAt"));
    assertEquals(category, entry.getString("categoryId"));
    assertEquals(5400, entry.getInt("durationSeconds"));
    assertEquals("voice-42", entry.getString("sourceEntryId"));
    assertNotNull(created.header("ETag"));

    var listed =
        api.get(
                "/api/time-entries?taskId="
                    + task
                    + "&from=2026-02-17T22:00:00Z&to=2026-02-18T00:00:00%2B01:00")
            .structure()
            .asJsonArray();
    assertEquals(1, listed.size(), listed::toString);

    assertProblem(
        api.post(
            "/api/time-entries",
            "{\"taskId\":\""
                + task
                + "\",\"startedAt\":\"2026-02-17T18:00:00-05:00\",\"endedAt\":\"2026-02-17T17:00:00-05:00\"}"),
        "endedAt");
    assertProblem(
        api.post(
            "/api/time-entries",
            "{\"categoryId\":\"" + category + "\",\"startedAt\":\"2026-02-17T16:00:00\"}"),
        "startedAt");
    assertProblem(
        api.post("/api/time-entries", "{\"startedAt\":\"2026-02-17T16:00:00Z\"}"), "categoryId");
    var uncategorized =
        api.post("/api/tasks", "{\"title\":\"No category\"}").json().getString("id");
    assertProblem(
        api.post(
            "/api/time-entries",
            "{\"taskId\":\"" + uncategorized + "\",\"startedAt\":\"2026-02-17T16:00:00Z\"}"),
        "taskId");

    var path = "/api/time-entries/" + entry.getString("id");
    var patched =
        api.patch(path, "{\"description\":\"Drafted and reviewed\"}", created.header("ETag"));
    assertEquals(200, patched.status(), patched::toString);
    assertEquals(412, api.patch(path, "{\"description\":\"x\"}", created.header("ETag")).status());
    assertEquals(204, api.delete(path).status());
    assertEquals(404, api.get(path).status());
  }

  @Test
  void aTaskRunsOneTimerAtATime() {
    var task = task(category());
    var body = "{\"taskId\":\"" + task + "\"}";
    var started = api.post("/api/time-entries/timer/start", body);
    assertEquals(201, started.status(), started::toString);
    assertTrue(started.json().getBoolean("running"));
    var second = api.post("/api/time-entries/timer/start", body);
    assertEquals(409, second.status(), second::toString);

    var stopped = api.post("/api/time-entries/timer/stop", body);
    assertEquals(200, stopped.status(), stopped::toString);
    assertEquals(started.json().getString("id"), stopped.json().getString("id"));
    assertEquals(false, stopped.json().getBoolean("running"));
    assertEquals(409, api.post("/api/time-entries/timer/stop", body).status());
    assertEquals(201, api.post("/api/time-entries/timer/start", body).status());
  }

  @Test
  void overlappingBlocksAreRefusedAndNothingIsApplied() {
    var category = category();
    var date = uniqueDate();
    var path = "/api/day-plans/" + date;
    assertEquals(404, api.get(path).status());
    var created = api.send("PUT", path, "{}", "Accept", "application/json");
    assertEquals(201, created.status(), created::toString);
    assertEquals(200, api.send("PUT", path, "{}", "Accept", "application/json").status());

    var first =
        api.post(
            path + "/blocks",
            "{\"upserts\":["
                + block(category, date + "T09:00:00Z", date + "T10:00:00Z", "Deep work")
                + ","
                + block(category, date + "T10:00:00Z", date + "T11:00:00Z", null)
                + "]}");
    assertEquals(200, first.status(), first::toString);
    var plan = first.json();
    assertEquals(2, plan.getJsonArray("blocks").size());
    var firstId = plan.getJsonArray("createdBlockIds").getString(0);

    // Moving the first block onto the second and adding a third: refused as a whole.
    var refused =
        api.post(
            path + "/blocks",
            "{\"upserts\":[{\"id\":\""
                + firstId
                + "\",\"categoryId\":\""
                + category
                + "\",\"startTime\":\""
                + date
                + "T10:30:00Z\",\"endTime\":\""
                + date
                + "T11:30:00Z\"},"
                + block(category, date + "T13:00:00Z", date + "T14:00:00Z", null)
                + "]}");
    assertEquals(409, refused.status(), refused::toString);
    assertTrue(refused.body().contains(firstId), refused::toString);
    var after = api.get(path).json();
    assertEquals(plan.getInt("version"), after.getInt("version"), "nothing applied");
    assertEquals(2, after.getJsonArray("blocks").size());
    assertEquals(
        date + "T09:00:00Z", after.getJsonArray("blocks").getJsonObject(0).getString("startTime"));

    assertProblem(
        api.post(
            path + "/blocks",
            "{\"upserts\":["
                + block("no-such-category", date + "T15:00:00Z", date + "T16:00:00Z", null)
                + "]}"),
        "upserts[0].categoryId");
    assertProblem(api.post(path + "/blocks", "{\"deletes\":[\"nope\"]}"), "deletes[0]");

    var task = task(category);
    var pinned =
        api.send(
            "PUT",
            path + "/pins",
            "{\"taskIds\":[\"" + task + "\"],\"mode\":\"add\"}",
            "Accept",
            "application/json");
    assertEquals(200, pinned.status(), pinned::toString);
    assertEquals(task, pinned.json().getJsonArray("pinnedTaskIds").getString(0));
    assertEquals(204, api.delete(path + "/blocks/" + firstId).status());
    assertEquals(1, api.get(path).json().getJsonArray("blocks").size());
  }

  @Test
  void ratingAgainUpdatesInPlaceAndTheSummaryAggregatesPerDimension() {
    var category = category();
    var task = task(category);
    var rating =
        "{\"targetType\":\"task\",\"targetId\":\"" + task + "\",\"dimension\":\"focus\",\"value\":";
    var created = api.post("/api/ratings", rating + "2}");
    assertEquals(201, created.status(), created::toString);
    assertEquals(category, created.json().getString("categoryId"));
    var again = api.post("/api/ratings", rating + "4,\"note\":\"better\"}");
    assertEquals(200, again.status(), again::toString);
    assertEquals(created.json().getString("id"), again.json().getString("id"));
    assertEquals(4, again.json().getInt("value"));
    var ofTask = api.get("/api/ratings?targetType=task&targetId=" + task).structure().asJsonArray();
    assertEquals(1, ofTask.size(), "no duplicate");

    var other = task(category);
    assertEquals(
        201,
        api.post(
                "/api/ratings",
                "{\"targetType\":\"task\",\"targetId\":\""
                    + other
                    + "\",\"dimension\":\"focus\",\"value\":5}")
            .status());
    assertEquals(
        201,
        api.post(
                "/api/ratings",
                "{\"targetType\":\"task\",\"targetId\":\""
                    + other
                    + "\",\"dimension\":\"energy\",\"value\":3}")
            .status());
    var plan =
        api.send("PUT", "/api/day-plans/" + uniqueDate(), "{}", "Accept", "application/json")
            .json();
    assertProblem(
        api.post(
            "/api/ratings",
            "{\"targetType\":\"dayPlan\",\"targetId\":\""
                + plan.getString("id")
                + "\",\"dimension\":\"satisfaction\",\"value\":4}"),
        "categoryId");
    assertProblem(api.post("/api/ratings", rating + "6}"), "value");
    assertProblem(
        api.post(
            "/api/ratings",
            "{\"targetType\":\"task\",\"targetId\":\""
                + task
                + "\",\"dimension\":\"Bad Dim\",\"value\":3}"),
        "dimension");

    var summary =
        api.get("/api/ratings/summary?categoryId=" + category).json().getJsonArray("dimensions");
    assertEquals(2, summary.size(), summary::toString);
    JsonObject energy = summary.getJsonObject(0);
    JsonObject focus = summary.getJsonObject(1);
    assertEquals("energy", energy.getString("dimension"));
    assertEquals(1, energy.getInt("count"));
    assertEquals("focus", focus.getString("dimension"));
    assertEquals(2, focus.getInt("count"));
    assertEquals(4.5, focus.getJsonNumber("average").doubleValue());
    assertEquals(4, focus.getInt("min"));
    assertEquals(5, focus.getInt("max"));
  }

  private static String block(String category, String start, String end, String note) {
    return "{\"categoryId\":\""
        + category
        + "\",\"startTime\":\""
        + start
        + "\",\"endTime\":\""
        + end
        + "\""
        + (note == null ? "" : ",\"note\":\"" + note + "\"")
        + "}";
  }

  private static LocalDate uniqueDate() {
    return LocalDate.of(2030, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(0, 20_000));
  }

  private String category() {
    var created = api.post("/api/categories", "{\"name\":\"cat-" + UUID.randomUUID() + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  private String task(String category) {
    var created =
        api.post(
            "/api/tasks",
            "{\"title\":\"Task " + UUID.randomUUID() + "\",\"categoryId\":\"" + category + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  private static void assertProblem(Api.Response response, String field) {
    assertEquals(400, response.status(), response::toString);
    assertTrue(response.contentType().startsWith("application/problem+json"), response::toString);
    var fields =
        response.json().getJsonArray("errors").stream()
            .map(e -> e.asJsonObject().getString("field"))
            .toList();
    assertEquals(java.util.List.of(field), fields, response::toString);
  }
}
