package io.reveille.session.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentMode;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalFixture;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.memory.control.MemoryService;
import io.reveille.security.control.Role;
import io.reveille.session.boundary.SessionsIT.EventStream;
import io.reveille.session.boundary.SessionsIT.SseEvent;
import io.reveille.taskagent.control.TaskAgents;
import io.reveille.taskagent.control.TaskAgents.Options;
import io.reveille.testing.Api;
import io.reveille.testing.ClassOrder;
import io.reveille.testing.Poll;
import io.reveille.testing.TestIdentities;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An interactive session with a task agent that thinks with a model (a local OpenAI-protocol
 * server, scripted inside the server JVM): the user's turn, the model's tool call, the executor's
 * refusal of a task outside the agent's category, and the model's reply all arrive on the session's
 * event stream over real HTTP, and the foreign task is untouched.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Order(ClassOrder.MOSTLY_WAITING)
class SessionModelIT {

  static final String NAME = "SessionModelIT foreign=";
  static final String REPLY = "I cannot change that task: it is outside my scope.";

  @Inject JournalService journal;
  @Inject TaskAgents taskAgents;
  @Inject MemoryService memory;
  @Inject InferenceGateway gateway;

  private String task(String category, String title) {
    return journal
        .createTask(JournalFixture.newTask(title, category, TaskPriority.P2), ChangeOrigin.NONE)
        .getId();
  }

  /** In the server: the agent, the foreign task, and the model's script for the session turn. */
  @Test
  @Order(1)
  void aHybridTaskAgentThinkingWithTheModel() {
    var own = journal.createCategory("Own " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var other = journal.createCategory("Other " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var taskId = task(own, "Write the press release");
    var foreignId = task(other, "Someone else's task");
    var server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
    var toolCall =
        OpenAiProtocolServer.toolCallsBody(
            0,
            0,
            new OpenAiProtocolServer.ToolCall(
                "call_1",
                "update_task_priority",
                "{\"taskId\":\"" + foreignId + "\",\"priority\":\"p0\"}"));
    server.thenAnswer("initial report").then(200, toolCall).thenAnswer(REPLY);

    var agentId =
        taskAgents
            .create(
                taskId,
                new Options(
                    Optional.of(NAME + foreignId),
                    AgentMode.HYBRID,
                    AgentConfig.empty().withModelId("default")))
            .agent()
            .getId();
    Poll.until(
        Duration.ofSeconds(45),
        () ->
            memory
                .currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE)
                .map(r -> r.getContent().equals("initial report"))
                .orElse(false));
  }

  /** Over HTTP: a session turn, streamed. */
  @Test
  @Order(2)
  @RunAsClient
  void aTurnsReplyAndItsScopedToolCallStreamOverSse() throws Exception {
    var base = URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
    var api = new Api(base);
    var agent =
        api.getAll("/api/agents?kind=taskAgent").stream()
            .filter(a -> a.getString("displayName").startsWith(NAME))
            .findFirst()
            .orElseThrow();
    var agentId = agent.getString("id");
    var foreignId = agent.getString("displayName").substring(NAME.length());
    var opened = api.post("/api/agents/" + agentId + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    var sessionId = opened.json().getString("id");

    var http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    var response =
        http.send(
            HttpRequest.newBuilder(
                    base.resolve("/api/agents/" + agentId + "/sessions/" + sessionId + "/events"))
                .header("Accept", "text/event-stream")
                .header("Authorization", TestIdentities.basic(Role.VIEWER))
                .GET()
                .build(),
            BodyHandlers.ofInputStream());
    assertEquals(200, response.statusCode());
    try (var stream = new EventStream(response.body())) {
      var turn =
          api.post(
              "/api/agents/" + agentId + "/sessions/" + sessionId + "/turns",
              "{\"text\":\"Make the other task P0\",\"turnId\":\"t1\"}");
      assertEquals(202, turn.status(), turn::toString);

      var events = stream.awaitEvents(5);
      assertEquals(
          java.util.List.of("user", "assistant", "action", "toolResult", "assistant"),
          events.stream().map(SseEvent::event).toList(),
          events::toString);
      var result = events.get(3).data();
      assertTrue(result.contains("out_of_scope"), result);
      assertTrue(!result.contains("Other "), "a refusal never names the foreign category");
      assertEquals(REPLY, events.get(4).json().getString("content"));
      // The turn's end-of-run summary changed the session thread's working state: the stream
      // says so, with the state as it now stands (on a loaded two-core machine the summary has
      // taken more than 30 s to come after the reply).
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(90))
          .until(() -> !stream.stateEvents().isEmpty());
      var update = stream.stateEvents().get(0).json();
      assertEquals(agentId, update.getString("agentId"), update::toString);
      assertTrue(update.getString("threadId").contains(sessionId), update::toString);
      assertTrue(update.getJsonNumber("version").longValue() >= 0, update::toString);
      assertTrue(update.containsKey("state"), update::toString);
      assertEquals(null, stream.stateEvents().get(0).id(), "a state event moves no cursor");
    }
    var foreign = api.get("/api/tasks/" + foreignId).json();
    assertEquals("p2", foreign.getString("priority"), "the out-of-scope task is untouched");
  }
}
