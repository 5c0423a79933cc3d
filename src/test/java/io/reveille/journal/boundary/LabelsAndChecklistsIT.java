package io.reveille.journal.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Labels and named checklists over REST against the real server and database: labels stay within
 * their category, a task's language is a checked BCP 47 tag, checklists are created with their
 * items in one request, items move across tasks, and a stale If-Match changes nothing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LabelsAndChecklistsIT {

  private final Api api = new Api();

  @Test
  void labelsBelongToACategoryAndOnlyItsTasksCarryThem() {
    var gym = created(api.post("/api/categories", name("gym"))).getString("id");
    var work = created(api.post("/api/categories", name("work"))).getString("id");
    var cardio =
        created(
            api.post(
                "/api/labels",
                "{\"categoryId\":\"" + gym + "\",\"name\":\"cardio\",\"color\":\"#FF0000\"}"));
    assertEquals("#ff0000", cardio.getString("color"));
    assertEquals(gym, cardio.getString("categoryId"));
    var cardioId = cardio.getString("id");
    var meetings =
        created(api.post("/api/labels", "{\"categoryId\":\"" + work + "\",\"name\":\"meetings\"}"))
            .getString("id");
    assertEquals(
        409,
        api.post("/api/labels", "{\"categoryId\":\"" + gym + "\",\"name\":\"cardio\"}").status());
    assertProblem(
        api.post(
            "/api/labels", "{\"categoryId\":\"" + gym + "\",\"name\":\"x\",\"color\":\"red\"}"),
        "color");
    assertProblem(
        api.post("/api/labels", "{\"categoryId\":\"nope\",\"name\":\"x\"}"), "categoryId");
    var listed = api.get("/api/labels?categoryId=" + gym).structure().asJsonArray();
    assertEquals(1, listed.size());

    var task =
        created(
            api.post(
                "/api/tasks",
                "{\"title\":\"Run\",\"categoryId\":\"" + gym + "\",\"language\":\"de-de\"}"));
    var path = "/api/tasks/" + task.getString("id");
    assertEquals("de-DE", task.getString("language"));
    assertEquals(0, task.getJsonArray("labelIds").size());

    assertProblem(put(path + "/labels", "{\"labelIds\":[\"" + meetings + "\"]}"), "labelIds");
    assertProblem(put(path + "/labels", "{\"labelIds\":[\"no-such-label\"]}"), "labelIds");
    var labelled = put(path + "/labels", "{\"labelIds\":[\"" + cardioId + "\"]}");
    assertEquals(200, labelled.status(), labelled::toString);
    assertEquals(List.of(cardioId), strings(labelled.json().getJsonArray("labelIds")));
    assertEquals(
        List.of(cardioId), strings(api.get(path).json().getJsonArray("labelIds")), "it sticks");

    assertProblem(api.patch(path, "{\"language\":\"en_US\"}", null), "language");
    var english = api.patch(path, "{\"language\":\"en\"}", labelled.header("ETag"));
    assertEquals(200, english.status(), english::toString);
    assertEquals("en", english.json().getString("language"));

    // Another category drops the labels of the old one.
    var moved = api.patch(path, "{\"categoryId\":\"" + work + "\"}", null);
    assertEquals(200, moved.status(), moved::toString);
    assertEquals(0, moved.json().getJsonArray("labelIds").size());

    var renamed =
        api.patch("/api/labels/" + cardioId, "{\"name\":\"running\",\"color\":null}", null);
    assertEquals(200, renamed.status(), renamed::toString);
    assertEquals("running", renamed.json().getString("name"));
    assertTrue(renamed.json().isNull("color"));
    assertEquals(204, api.delete("/api/labels/" + cardioId).status());
    assertEquals(404, api.get("/api/labels/" + cardioId).status());
  }

  @Test
  void checklistsAreCreatedWithTheirItemsAndItemsMoveAcrossTasks() {
    var first = created(api.post("/api/tasks", "{\"title\":\"Pack\"}")).getString("id");
    var second = created(api.post("/api/tasks", "{\"title\":\"Shop\"}")).getString("id");
    var legacy =
        created(api.post("/api/tasks/" + second + "/checklist-items", "{\"title\":\"Bread\"}"));
    assertNotNull(legacy.getString("checklistId"), "a default checklist was made for it");

    var response =
        api.post(
            "/api/tasks/" + first + "/checklists",
            "{\"title\":\"Clothes\",\"items\":[\"Socks\",\"Shirts\",\"Hat\"]}");
    var clothes = created(response);
    assertNotNull(response.header("Location"));
    var clothesId = clothes.getString("id");
    var items = clothes.getJsonArray("items");
    assertEquals(3, items.size());
    assertEquals("Socks", items.getJsonObject(0).getString("title"));
    assertEquals(clothesId, items.getJsonObject(0).getString("checklistId"));
    assertProblem(
        api.post(
            "/api/tasks/" + first + "/checklists", "{\"title\":\"X\",\"items\":[\"ok\",\" \"]}"),
        "items[1]");
    assertEquals(
        1, api.get("/api/tasks/" + first + "/checklists").structure().asJsonArray().size());

    var socks = items.getJsonObject(0);
    var hat = items.getJsonObject(2);
    var checked =
        api.patch(
            "/api/tasks/" + first + "/checklist-items/" + hat.getString("id"),
            "{\"checked\":true}",
            null);
    assertEquals(200, checked.status(), checked::toString);

    var target = legacy.getString("checklistId");
    var move = "/api/checklists/" + clothesId + "/items/move";
    assertProblem(
        api.post(
            move,
            "{\"itemIds\":[\""
                + legacy.getString("id")
                + "\"],\"toChecklistId\":\""
                + target
                + "\"}"),
        "itemIds");
    assertProblem(
        api.post(
            move, "{\"itemIds\":[\"" + socks.getString("id") + "\"],\"toChecklistId\":\"nope\"}"),
        "toChecklistId");
    var moved =
        api.post(
            move,
            "{\"itemIds\":[\""
                + hat.getString("id")
                + "\",\""
                + socks.getString("id")
                + "\"],\"toChecklistId\":\""
                + target
                + "\",\"preserveCheckedState\":false}");
    assertEquals(200, moved.status(), moved::toString);
    var movedItems = moved.structure().asJsonArray();
    assertEquals("Socks", movedItems.getJsonObject(0).getString("title"), "their order is kept");
    for (var item : movedItems) {
      assertEquals(second, item.asJsonObject().getString("taskId"));
      assertEquals(target, item.asJsonObject().getString("checklistId"));
      assertFalse(item.asJsonObject().getBoolean("checked"), "unchecked as asked");
    }
    var targetItems = api.get("/api/checklists/" + target + "/items").structure().asJsonArray();
    assertEquals(
        List.of("Bread", "Socks", "Hat"),
        targetItems.stream().map(i -> i.asJsonObject().getString("title")).toList());
    assertEquals(
        1, api.get("/api/checklists/" + clothesId + "/items").structure().asJsonArray().size());
  }

  @Test
  void aStaleIfMatchIsRefusedAndChangesNothing() {
    var task = created(api.post("/api/tasks", "{\"title\":\"Travel\"}")).getString("id");
    var created = api.post("/api/tasks/" + task + "/checklists", "{\"title\":\"Docs\"}");
    var checklist = created(created).getString("id");
    var etag = created.header("ETag");
    var renamed = api.patch("/api/checklists/" + checklist, "{\"title\":\"Papers\"}", etag);
    assertEquals(200, renamed.status(), renamed::toString);
    var stale = api.patch("/api/checklists/" + checklist, "{\"title\":\"Documents\"}", etag);
    assertEquals(412, stale.status(), stale::toString);
    assertEquals("Papers", api.get("/api/checklists/" + checklist).json().getString("title"));

    var taskEtag = api.get("/api/tasks/" + task).header("ETag");
    assertEquals(200, api.patch("/api/tasks/" + task, "{\"language\":\"fr\"}", taskEtag).status());
    assertEquals(
        412, put("/api/tasks/" + task + "/labels", "{\"labelIds\":[]}", taskEtag).status());
  }

  // ------------------------------------------------------------------------------------------

  private static String name(String prefix) {
    return "{\"name\":\"" + prefix + "-" + UUID.randomUUID() + "\"}";
  }

  private Api.Response put(String path, String body) {
    return put(path, body, "*");
  }

  private Api.Response put(String path, String body, String ifMatch) {
    return api.send("PUT", path, body, "If-Match", ifMatch);
  }

  private static JsonObject created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json();
  }

  private static List<String> strings(jakarta.json.JsonArray array) {
    return array.stream().map(v -> ((jakarta.json.JsonString) v).getString()).toList();
  }

  private static void assertProblem(Api.Response response, String field) {
    assertEquals(400, response.status(), response::toString);
    assertTrue(response.contentType().startsWith("application/problem+json"), response::toString);
    var fields =
        response.json().getJsonArray("errors").stream()
            .map(JsonValue::asJsonObject)
            .map(e -> e.getString("field"))
            .toList();
    assertTrue(fields.contains(field), () -> "expected " + field + " in " + response);
  }
}
