package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.AgentChanges;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent's own list of tools ({@code config.tools}, what a template's capability profile becomes)
 * through the real executor: within its kind's capabilities it may call only the tools it names,
 * and a call of another is refused before anything changes, naming the list.
 */
@ExtendWith(ArquillianExtension.class)
class AgentOwnToolsIT {

  @Inject ToolExecutor executor;
  @Inject ToolWorld worlds;
  @Inject AgentService agents;
  @Inject io.reveille.inference.control.InferenceGateway gateway;

  @Test
  void anAgentCallsOnlyTheToolsItsConfigNames() {
    var world = worlds.create();
    var config = agents.get(world.agentId).getConfig().withTools(List.of("record_observations"));
    agents.update(
        world.agentId,
        OptionalLong.empty(),
        new AgentChanges(
            Optional.empty(), Optional.empty(), Optional.of(config), Optional.empty()));

    var refused =
        call(
            world,
            "update_task_priority",
            Json.createObjectBuilder().add("taskId", world.taskA).add("priority", "p0").build());
    assertEquals(
        Optional.of(ToolErrorCode.CAPABILITY_DENIED), refused.errorCode(), refused::toString);
    assertTrue(refused.errorMessage().orElse("").contains("config.tools"), refused::toString);
    assertEquals(
        "p2",
        world.services.journal.task(world.taskA).getPriority().wire(),
        "the refused call changed nothing");

    var allowed =
        call(
            world,
            "record_observations",
            Json.createObjectBuilder()
                .add(
                    "observations",
                    Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", "noted")))
                .build());
    assertTrue(allowed.isSuccess(), allowed::toString);
  }

  @Test
  void toolsTheAgentsConfigWantsHeldAreProposedInItsRunsOrRefusedWhenTheyCannotPreview() {
    var world = worlds.create();
    var marker = "held-" + UUID.randomUUID();
    var config =
        agents
            .get(world.agentId)
            .getConfig()
            .withModelId("default")
            .withInstructions("You are the held agent of " + marker + ".")
            .withApprovalTools(List.of("set_task_status", "create_follow_up_task"));
    agents.update(
        world.agentId,
        OptionalLong.empty(),
        new AgentChanges(
            Optional.empty(), Optional.empty(), Optional.of(config), Optional.empty()));
    var model = io.reveille.inference.control.OpenAiProtocolServer.shared();
    model.alwaysAnswerByStep(
        marker,
        List.of(
            io.reveille.testing.Runs.calling(
                "set_task_status",
                Json.createObjectBuilder()
                    .add("taskId", world.taskA)
                    .add("status", "onHold")
                    .add("reason", "waiting for the budget")
                    .build()),
            io.reveille.testing.Runs.calling(
                "create_follow_up_task",
                Json.createObjectBuilder()
                    .add("sourceTaskId", world.taskA)
                    .add("newTaskTitle", "Follow up " + marker)
                    .build()),
            io.reveille.testing.Runs.answering("Asked to hold it.")));
    try {
      io.reveille.inference.control.ClosedCircuit.await(gateway);
      var api = io.reveille.testing.Api.inServer();
      var woken = api.post("/api/agents/" + world.agentId + "/wakes", "");
      assertEquals(202, woken.status(), woken::toString);
      io.reveille.testing.Runs.awaitStatus(woken.json().getString("runKey"), "completed");

      assertEquals(
          "open",
          world.services.journal.task(world.taskA).getStatus().wire(),
          "a held tool that cannot preview is refused, not run");
      var detail = io.reveille.testing.Runs.run(woken.json().getString("runKey")).toString();
      assertTrue(
          detail.contains("config.approvalTools names set_task_status"), "the refusal says why");
      var proposals =
          api.get("/api/agents/" + world.agentId + "/proposals?status=pending")
              .structure()
              .asJsonArray();
      assertEquals(1, proposals.size(), proposals::toString);
      assertEquals("create_follow_up_task", proposals.getJsonObject(0).getString("toolName"));
      var approved =
          api.as(io.reveille.security.control.Role.OPERATOR)
              .post(
                  "/api/proposals/" + proposals.getJsonObject(0).getString("id") + "/approve", "");
      assertEquals(200, approved.status(), approved::toString);
      var made =
          api.get("/api/tasks?categoryId=" + world.categoryA)
              .body()
              .contains("Follow up " + marker);
      assertTrue(made, "approved, the follow-up is made");
    } finally {
      model.forget(marker);
    }
  }

  private ToolResult call(ToolWorld.World world, String tool, jakarta.json.JsonObject arguments) {
    return executor.execute(
        ToolRequest.manual(
            world.agentId, tool, Optional.of("op-" + UUID.randomUUID()), arguments, false));
  }
}
