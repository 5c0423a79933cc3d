package io.reveille.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What every client relies on across the API, against the running server: lists come a page at a
 * time with a next link, bad paging parameters are a 400 naming the parameter, and the published
 * OpenAPI document gives every journal operation a request and a response schema.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ApiContractIT {

  private static final List<String> JOURNAL_PATHS =
      List.of(
          "/api/categories",
          "/api/tasks",
          "/api/labels",
          "/api/checklists",
          "/api/time-entries",
          "/api/day-plans",
          "/api/ratings");

  private final Api api = new Api();

  @Test
  void aListComesAPageAtATimeWithANextLinkUntilTheLastPage() {
    var category =
        api.post("/api/categories", "{\"name\":\"paging-" + UUID.randomUUID() + "\"}")
            .json()
            .getString("id");
    var created = new ArrayList<String>();
    for (int i = 0; i < 5; i++) {
      var task =
          api.post("/api/tasks", "{\"title\":\"t" + i + "\",\"categoryId\":\"" + category + "\"}");
      assertEquals(201, task.status(), task::toString);
      created.add(task.json().getString("id"));
    }

    var first = api.get("/api/tasks?categoryId=" + category + "&limit=2");
    assertEquals(200, first.status(), first::toString);
    assertEquals(2, first.structure().asJsonArray().size());
    var next = first.nextLink().orElseThrow(() -> new AssertionError("no next link: " + first));
    assertTrue(next.contains("offset=2") && next.contains("limit=2"), next);
    assertTrue(next.contains("categoryId=" + category), "the filter is kept: " + next);

    var seen = new ArrayList<String>();
    api.getAll("/api/tasks?categoryId=" + category + "&limit=2")
        .forEach(task -> seen.add(task.getString("id")));
    assertEquals(created.size(), seen.size(), "each task exactly once: " + seen);
    assertEquals(Set.copyOf(created), Set.copyOf(seen));

    var last = api.get("/api/tasks?categoryId=" + category + "&limit=2&offset=4");
    assertEquals(1, last.structure().asJsonArray().size());
    assertTrue(last.nextLink().isEmpty(), "the last page has no next link: " + last);
    var beyond = api.get("/api/tasks?categoryId=" + category + "&offset=50");
    assertEquals(0, beyond.structure().asJsonArray().size());
    assertTrue(beyond.nextLink().isEmpty());
  }

  @Test
  void badPagingParametersAreA400NamingTheParameter() {
    for (var query : List.of("limit=0", "limit=501", "limit=abc", "offset=-1", "offset=1000001")) {
      var response = api.get("/api/categories?" + query);
      assertEquals(400, response.status(), query + ": " + response);
      var field = query.substring(0, query.indexOf('='));
      assertEquals(
          field,
          response.json().getJsonArray("errors").getJsonObject(0).getString("field"),
          response::toString);
    }
    assertEquals(200, api.get("/api/categories?limit=500&offset=0").status());
  }

  @Test
  void aJournalBodyWithSeveralBadFieldsIsRefusedNamingEveryOne() {
    var response =
        api.post(
            "/api/tasks",
            "{\"title\":\"x\",\"priority\":\"P9\",\"dueDate\":\"soon\",\"colour\":\"red\"}");
    assertEquals(400, response.status(), response::toString);
    var fields =
        response.json().getJsonArray("errors").getValuesAs(JsonObject.class).stream()
            .map(error -> error.getString("field"))
            .toList();
    assertEquals(List.of("colour", "priority", "dueDate"), fields, response::toString);
  }

  @Test
  void everyJournalOperationHasARequestAndResponseSchema() {
    var response = api.get("/openapi", "application/json");
    assertEquals(200, response.status(), response::toString);
    var document = jakarta.json.Json.createReader(new StringReader(response.body())).readObject();
    var paths = document.getJsonObject("paths");
    var operations = 0;
    var bodies = 0;
    var problems = new ArrayList<String>();
    for (var path : paths.keySet()) {
      if (JOURNAL_PATHS.stream().noneMatch(path::startsWith)) {
        continue;
      }
      var item = paths.getJsonObject(path);
      for (var method : Set.of("get", "post", "put", "patch", "delete")) {
        if (!item.containsKey(method)) {
          continue;
        }
        operations++;
        var operation = item.getJsonObject(method);
        var where = method.toUpperCase() + " " + path;
        var takesBody =
            Set.of("post", "patch").contains(method)
                || (method.equals("put") && !path.equals("/api/day-plans/{date}"));
        if (takesBody) {
          bodies++;
          if (!hasSchema(operation.getJsonObject("requestBody"))) {
            problems.add(where + ": no request body schema");
          }
        }
        var responses = operation.getJsonObject("responses");
        for (var status : responses.keySet()) {
          if (status.startsWith("2")
              && !status.equals("204")
              && !hasSchema(responses.getJsonObject(status))) {
            problems.add(where + " " + status + ": no response schema");
          }
        }
        if (responses.keySet().stream().noneMatch(s -> s.startsWith("2"))) {
          problems.add(where + ": no success response");
        }
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(operations >= 30, "journal operations found: " + operations);
    assertTrue(bodies >= 18, "journal operations with a body: " + bodies);
  }

  @Test
  void everyListOperationTakesLimitAndOffset() {
    var document =
        jakarta.json.Json.createReader(
                new StringReader(api.get("/openapi", "application/json").body()))
            .readObject();
    var paths = document.getJsonObject("paths");
    var lists = 0;
    var unpaged = new ArrayList<String>();
    for (var path : paths.keySet()) {
      var get = paths.getJsonObject(path).getJsonObject("get");
      if (get == null || !returnsArray(get)) {
        continue;
      }
      lists++;
      var names =
          get.containsKey("parameters")
              ? get.getJsonArray("parameters").getValuesAs(JsonObject.class).stream()
                  .map(p -> p.getString("name", ""))
                  .toList()
              : List.<String>of();
      if (!names.contains("limit") || !names.contains("offset")) {
        unpaged.add(path);
      }
    }
    // Fixed lists: the tools this build ships, Reveille's four queues, its two dead-letter queues.
    unpaged.removeAll(List.of("/api/tools", "/api/broker/queues", "/api/dead-letters"));
    assertEquals(List.of(), unpaged, "lists without limit and offset");
    assertFalse(lists < 10, "list operations found: " + lists);
  }

  private static boolean returnsArray(JsonObject operation) {
    var ok = operation.getJsonObject("responses").getJsonObject("200");
    if (ok == null || !ok.containsKey("content")) {
      return false;
    }
    return ok.getJsonObject("content").values().stream()
        .map(media -> media.asJsonObject().getJsonObject("schema"))
        .anyMatch(schema -> schema != null && "array".equals(schema.getString("type", "")));
  }

  private static boolean hasSchema(JsonObject withContent) {
    if (withContent == null || !withContent.containsKey("content")) {
      return false;
    }
    var content = withContent.getJsonObject("content");
    return !content.isEmpty()
        && content.values().stream()
            .allMatch(
                media -> {
                  var schema = media.asJsonObject().getJsonObject("schema");
                  return schema != null && !schema.isEmpty();
                });
  }
}
