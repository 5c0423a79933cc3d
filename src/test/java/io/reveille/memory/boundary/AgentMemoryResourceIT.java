package io.reveille.memory.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.platform.error.ConflictException;
import io.reveille.testing.Api;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The message log and the report, written through the memory service inside the server and read
 * back over HTTP as a client pages through them.
 */
@ExtendWith(ArquillianExtension.class)
class AgentMemoryResourceIT {

  @Inject AgentService agents;
  @Inject MemoryService memory;

  @Test
  void messagesArePagedNewestFirstByCursorChainedAndFilterable() {
    var id = newAgent();
    var appended = new ArrayList<String>();
    for (int i = 0; i < 5; i++) {
      var kind = i % 2 == 0 ? AgentMessageKind.OBSERVATION : AgentMessageKind.SYSTEM;
      var thread = i < 3 ? id + ":run:1" : id + ":run:2";
      appended.add(
          memory
              .append(
                  id,
                  new NewMessage(
                      thread,
                      kind,
                      Optional.of("trigger-" + i),
                      Optional.of("body " + i),
                      3,
                      AgentMessageMetadata.empty()))
              .getId());
    }

    var api = Api.inServer();
    var seen = new ArrayList<JsonObject>();
    String before = null;
    int pages = 0;
    do {
      var response =
          api.get(
              "/api/agents/"
                  + id
                  + "/messages?limit=2"
                  + (before == null ? "" : "&before=" + before));
      assertEquals(200, response.status(), response::toString);
      var page = response.json();
      page.getJsonArray("items").forEach(v -> seen.add(v.asJsonObject()));
      before =
          page.containsKey("nextBefore") && !page.isNull("nextBefore")
              ? page.getString("nextBefore")
              : null;
      pages++;
    } while (before != null && pages < 10);

    assertEquals(3, pages);
    var ids = seen.stream().map(m -> m.getString("id")).toList();
    var newestFirst = new ArrayList<>(appended);
    Collections.reverse(newestFirst);
    assertEquals(newestFirst, ids, "newest first, each message once");
    for (int i = 0; i < seen.size() - 1; i++) {
      assertEquals(
          seen.get(i + 1).getString("id"),
          seen.get(i).getString("prevMessageId"),
          "each message is chained to the one before it");
    }
    assertFalse(seen.get(seen.size() - 1).containsKey("prevMessageId"), "the first has no past");

    var systemOnly =
        api.get("/api/agents/" + id + "/messages?kind=system").json().getJsonArray("items");
    assertEquals(2, systemOnly.size());
    var secondThread =
        api.get("/api/agents/" + id + "/messages?threadId=" + id + ":run:2")
            .json()
            .getJsonArray("items");
    assertEquals(
        List.of(appended.get(4), appended.get(3)),
        secondThread.stream().map(v -> v.asJsonObject().getString("id")).toList());
  }

  @Test
  void badPagingInputIsRejectedNamingTheParameter() {
    var id = newAgent();
    var api = Api.inServer();
    assertProblem(api.get("/api/agents/" + id + "/messages?limit=0"), 400, "limit");
    assertProblem(api.get("/api/agents/" + id + "/messages?limit=501"), 400, "limit");
    assertProblem(api.get("/api/agents/" + id + "/messages?kind=gossip"), 400, "kind");
    assertProblem(api.get("/api/agents/" + id + "/messages?before=nope"), 400, "before");
    assertProblem(api.get("/api/agents/no-such-agent/messages"), 404, "no-such-agent");
  }

  @Test
  void reportIsAbsentUntilWrittenThenTheHeadFollowsTheNewest() {
    var id = newAgent();
    var api = Api.inServer();
    assertProblem(api.get("/api/agents/" + id + "/report"), 404, "report");
    memory.writeReport(id, "current", "first take", 0.4, Json.createObjectBuilder().build());
    memory.writeReport(
        id,
        "current",
        "second take",
        0.9,
        Json.createObjectBuilder().add("runKey", "rk-1").build());
    var report = api.get("/api/agents/" + id + "/report");
    assertEquals(200, report.status(), report::toString);
    assertEquals("second take", report.json().getString("content"));
    assertEquals("rk-1", report.json().getJsonObject("provenance").getString("runKey"));
  }

  @Test
  void aDestroyedAgentsLogIsClosed() {
    var id = newAgent();
    agents.destroy(id, OptionalLong.empty());
    assertThrows(
        ConflictException.class,
        () ->
            memory.append(
                id,
                new NewMessage(
                    "t",
                    AgentMessageKind.SYSTEM,
                    Optional.empty(),
                    Optional.empty(),
                    0,
                    AgentMessageMetadata.empty())));
  }

  private String newAgent() {
    return agents.create(NewAgent.custom("Memory")).agent().getId();
  }

  private static void assertProblem(Api.Response response, int status, String mentioned) {
    assertEquals(status, response.status(), response::toString);
    assertTrue(response.contentType().startsWith("application/problem+json"), response::toString);
    assertTrue(response.body().contains(mentioned), response::toString);
  }
}
