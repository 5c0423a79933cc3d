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

  private ToolResult call(ToolWorld.World world, String tool, jakarta.json.JsonObject arguments) {
    return executor.execute(
        ToolRequest.manual(
            world.agentId, tool, Optional.of("op-" + UUID.randomUUID()), arguments, false));
  }
}
