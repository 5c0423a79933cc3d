package io.reveille.taskagent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.taskagent.control.TaskAgents.Options;
import io.reveille.testing.Api;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A task agent writes its own task's subgraph and nothing else of its category: another task of
 * that category is refused (the task, its checklists, its time, its ratings) though the category
 * scope allows it; a follow-up the agent creates itself is its own to write from then on.
 */
@ExtendWith(ArquillianExtension.class)
class TaskAgentSubgraphIT {

  @Inject JournalService journal;
  @Inject TaskAgents taskAgents;
  @Inject AgentService agents;

  @Test
  void anotherTaskOfItsCategoryIsRefusedAndAFollowUpItCreatedIsItsOwn() {
    var suffix = UUID.randomUUID().toString().substring(0, 8);
    var category = journal.createCategory("Subgraph " + suffix, ChangeOrigin.NONE).getId();
    var own = task("Own task " + suffix, category);
    var other = task("Someone else's task " + suffix, category);
    var agentId = taskAgents.create(own, Options.defaults()).agent().getId();
    try {
      for (var refused :
          new String[][] {
            {"set_task_title", "{\"taskId\":\"" + other + "\",\"title\":\"Taken over\"}"},
            {"create_checklist", "{\"taskId\":\"" + other + "\",\"title\":\"Mine now\"}"},
            {"start_task_timer", "{\"taskId\":\"" + other + "\"}"},
            {
              "create_or_update_rating",
              "{\"targetType\":\"task\",\"targetId\":\""
                  + other
                  + "\",\"dimension\":\"effort\",\"value\":3}"
            },
            {
              "create_follow_up_task",
              "{\"sourceTaskId\":\"" + other + "\",\"newTaskTitle\":\"Its follow-up\"}"
            }
          }) {
        var response = call(agentId, refused[0], refused[1]);
        assertEquals(403, response.status(), () -> refused[0] + ": " + response);
        var body = response.json();
        assertEquals("out_of_scope", body.getString("errorCode"), body::toString);
        assertTrue(
            body.getString("message", body.toString()).contains("belongs to no task"),
            body::toString);
      }
      assertTrue(
          journal.task(other).getTitle().startsWith("Someone else's task"), "nothing changed");

      var renamed =
          call(agentId, "set_task_title", "{\"taskId\":\"" + own + "\",\"title\":\"Mine\"}");
      assertEquals(200, renamed.status(), renamed::toString);
      var followUp =
          call(
              agentId,
              "create_follow_up_task",
              "{\"sourceTaskId\":\"" + own + "\",\"newTaskTitle\":\"Next step " + suffix + "\"}");
      assertEquals(200, followUp.status(), followUp::toString);
      var followUpId = followUp.json().getJsonObject("payload").getString("followUpTaskId");
      var ownFollowUp =
          call(
              agentId,
              "set_task_title",
              "{\"taskId\":\"" + followUpId + "\",\"title\":\"Next step, renamed\"}");
      assertEquals(200, ownFollowUp.status(), ownFollowUp::toString);
      assertEquals("Next step, renamed", journal.task(followUpId).getTitle());
    } finally {
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  private String task(String title, String categoryId) {
    return journal
        .createTask(
            new NewTask(
                title,
                Optional.empty(),
                Optional.of(categoryId),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty()),
            ChangeOrigin.NONE)
        .getId();
  }

  private static Api.Response call(String agentId, String tool, String arguments) {
    return Api.inServer()
        .post(
            "/api/agents/" + agentId + "/tools/" + tool,
            "{\"operationId\":\"op-" + UUID.randomUUID() + "\",\"arguments\":" + arguments + "}");
  }
}
