package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.entity.TaskStatus;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code set_task_status} through the real executor and database: an agent moves its task between
 * statuses of open work (groomed, onHold) with a reason the result carries, and is refused closing
 * it (done, rejected), the refusal naming who may, with the task left as it was.
 */
@ExtendWith(ArquillianExtension.class)
class TaskStatusToolIT {

  @Inject ToolExecutor executor;
  @Inject ToolWorld worlds;

  @Test
  void anAgentMovesOpenWorkWithAReasonAndNeverClosesATask() {
    var world = worlds.create();
    var held = set(world, "onHold", "waiting for the client's answer");
    assertTrue(held.isSuccess(), held::toString);
    var payload = held.toJson().getJsonObject("payload");
    assertEquals("open", payload.getString("previousStatus"), payload::toString);
    assertEquals("waiting for the client's answer", payload.getString("reason"));
    assertEquals("onHold", payload.getJsonObject("task").getString("status"));
    assertEquals(TaskStatus.ON_HOLD, world.services.journal.task(world.taskA).getStatus());

    for (var closing : new String[] {"done", "rejected"}) {
      var refused = set(world, closing, "it is finished");
      assertEquals(
          Optional.of(ToolErrorCode.INVALID_ARGUMENTS), refused.errorCode(), refused::toString);
      assertTrue(
          refused.errorMessage().orElse("").contains("a person closes it"), refused::toString);
      assertEquals(TaskStatus.ON_HOLD, world.services.journal.task(world.taskA).getStatus());
    }

    var groomed = set(world, "groomed", "refined, ready to be picked up");
    assertEquals("onHold", groomed.toJson().getJsonObject("payload").getString("previousStatus"));
    assertEquals(TaskStatus.GROOMED, world.services.journal.task(world.taskA).getStatus());
  }

  private ToolResult set(ToolWorld.World world, String status, String reason) {
    return executor.execute(
        ToolRequest.manual(
            world.agentId,
            "set_task_status",
            Optional.of("op-" + UUID.randomUUID()),
            Json.createObjectBuilder()
                .add("taskId", world.taskA)
                .add("status", status)
                .add("reason", reason)
                .build(),
            false));
  }
}
