package io.reveille.workflow.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolResult;
import io.reveille.wake.entity.WakeReason;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Observations with a priority, through the real tool and database: record_observations keeps the
 * priority (routine by default) with each, a wake reads critical, notable and recent routine ones,
 * and a routine observation older than the retention (180 days by default) leaves the context while
 * staying in the log; critical and notable ones stay in it.
 */
@ExtendWith(ArquillianExtension.class)
class ObservationPriorityIT {

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject ToolExecutor tools;
  @Inject WakeMemory wakeMemory;

  @Test
  void routineObservationsLeaveTheContextAfterTheRetentionAndTheOthersStay() {
    var agentId = agents.create(NewAgent.custom("Rememberer")).agent().getId();
    var result =
        record(
            agentId,
            "observe-1",
            Json.createObjectBuilder()
                .add(
                    "observations",
                    Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("text", "first, routine"))
                        .add(
                            Json.createObjectBuilder()
                                .add("text", "the client prefers mornings")
                                .add("priority", "notable")
                                .add("category", "preference")
                                .add("target", "client-7"))
                        .add(
                            Json.createObjectBuilder()
                                .add("text", "never book Fridays")
                                .add("priority", "critical"))
                        .add(
                            Json.createObjectBuilder()
                                .add("text", "last, routine")
                                .add("priority", "routine")))
                .build());
    assertTrue(result.isSuccess(), result::toString);

    var stored =
        memory
            .messages(
                agentId,
                Optional.of(AgentMessageKind.OBSERVATION),
                Optional.empty(),
                10,
                Optional.empty())
            .messages();
    assertEquals(
        List.of(
            ObservationPriority.ROUTINE,
            ObservationPriority.CRITICAL,
            ObservationPriority.NOTABLE,
            ObservationPriority.ROUTINE),
        stored.stream().map(m -> m.getObservationPriority().orElseThrow()).toList(),
        "newest first, each with its priority");
    var notable = stored.get(2).getMetadata().getExtension().getJsonObject("reveille.observation");
    assertEquals("preference", notable.getString("category"));
    assertEquals("client-7", notable.getString("target"));

    var now = Instant.now();
    assertEquals(
        List.of(
            "first, routine", "the client prefers mornings", "never book Fridays", "last, routine"),
        wakeMemory.observations(agentId, now),
        "today every observation is in the context, oldest first");
    assertEquals(
        List.of("the client prefers mornings", "never book Fridays"),
        wakeMemory.observations(agentId, now.plus(Duration.ofDays(181))),
        "after the retention only the notable and critical ones");
    assertEquals(
        4,
        memory
            .messages(
                agentId,
                Optional.of(AgentMessageKind.OBSERVATION),
                Optional.empty(),
                10,
                Optional.empty())
            .messages()
            .size(),
        "nothing was deleted");

    var refused =
        record(
            agentId,
            "observe-2",
            Json.createObjectBuilder()
                .add(
                    "observations",
                    Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("text", "x").add("priority", "urgent")))
                .build());
    assertFalse(refused.isSuccess(), "an unknown priority is refused");
    assertEquals("invalid_arguments", refused.errorCode().orElseThrow().wire(), refused::toString);
  }

  private ToolResult record(String agentId, String operationId, JsonObject arguments) {
    return tools.execute(
        new ToolRequest(
            agentId,
            "record_observations",
            Optional.of(operationId),
            arguments,
            false,
            WakeReason.MANUAL,
            Optional.empty(),
            OptionalInt.empty(),
            Optional.empty()));
  }
}
