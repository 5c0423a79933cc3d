package io.reveille.meta.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Api;
import jakarta.json.JsonString;
import java.util.List;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The one wire convention over REST against the real server: an old spelling still works for one
 * release and is answered with a {@code Deprecation} header, the response speaks the new spelling,
 * and {@code GET /api/meta/enums} lists the values clients may use.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class WireValuesIT {

  private static final String DEPRECATED_SINCE = "@1795824000";

  private final Api api = new Api();

  @Test
  void aTaskPostedWithTheOldSpellingsIsCreatedAndTheAnswerSaysTheyAreDeprecated() {
    var response =
        api.post("/api/tasks", "{\"title\":\"Old words\",\"status\":\"OPEN\",\"priority\":\"P1\"}");
    assertEquals(201, response.status(), response::toString);
    assertEquals(DEPRECATED_SINCE, response.header("Deprecation"));
    assertEquals("open", response.json().getString("status"));
    assertEquals("p1", response.json().getString("priority"));

    var path = "/api/tasks/" + response.json().getString("id");
    var moved = api.patch(path, "{\"status\":\"IN_PROGRESS\"}", null);
    assertEquals(200, moved.status(), moved::toString);
    assertEquals(DEPRECATED_SINCE, moved.header("Deprecation"));
    assertEquals("inProgress", moved.json().getString("status"));

    var read = api.get(path);
    assertEquals("inProgress", read.json().getString("status"), "stored in the new spelling");
    assertNull(read.header("Deprecation"), "reading used no old spelling");
  }

  @Test
  void theNewSpellingsGetNoDeprecationHeader() {
    var response =
        api.post(
            "/api/tasks", "{\"title\":\"New words\",\"status\":\"blocked\",\"priority\":\"p3\"}");
    assertEquals(201, response.status(), response::toString);
    assertNull(response.header("Deprecation"));
    assertEquals("blocked", response.json().getString("status"));
    assertEquals("p3", response.json().getString("priority"));
  }

  @Test
  void anOldSpellingInAQueryParameterIsDeprecatedToo() {
    var old = api.get("/api/runs?reason=timer_catchup");
    assertEquals(200, old.status(), old::toString);
    assertEquals(DEPRECATED_SINCE, old.header("Deprecation"));
    var current = api.get("/api/runs?reason=timerCatchup");
    assertEquals(200, current.status(), current::toString);
    assertNull(current.header("Deprecation"));
  }

  @Test
  void anUnknownSpellingIsRefusedNamingTheAllowedValues() {
    var response = api.post("/api/tasks", "{\"title\":\"x\",\"status\":\"finished\"}");
    assertEquals(400, response.status(), response::toString);
    assertTrue(
        response.body().contains("open, inProgress, blocked, groomed, onHold, done, rejected"),
        response::toString);
  }

  @Test
  void theEnumListsAreServedWithTheirWireValuesAndMayBeCached() {
    var response = api.get("/api/meta/enums");
    assertEquals(200, response.status(), response::toString);
    assertTrue(response.header("Cache-Control").contains("max-age=3600"), response::toString);
    var enums = response.json();
    assertEquals(
        List.of("open", "inProgress", "blocked", "groomed", "onHold", "done", "rejected"),
        strings(enums, "taskStatus"));
    assertEquals(List.of("p0", "p1", "p2", "p3"), strings(enums, "taskPriority"));
    assertEquals(
        List.of(
            "subscription",
            "timer",
            "timerCatchup",
            "manual",
            "userInitiated",
            "recovery",
            "scheduled"),
        strings(enums, "wakeReason"));
    assertEquals(
        List.of("created", "active", "dormant", "destroyed"), strings(enums, "agentLifecycle"));
    assertTrue(strings(enums, "toolSideEffect").contains("readOnly"));
    assertTrue(strings(enums, "agentLinkType").contains("agentState"));
  }

  private static List<String> strings(jakarta.json.JsonObject enums, String name) {
    return enums.getJsonArray(name).getValuesAs(JsonString.class).stream()
        .map(JsonString::getString)
        .toList();
  }
}
