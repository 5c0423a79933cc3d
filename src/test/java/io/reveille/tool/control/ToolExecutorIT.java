package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.testing.NotificationSentinel;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ScopeRule;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.WakeReason;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The executor's duties beyond any one tool: refusals before a tool runs, a failing handler that
 * leaves nothing behind but its record, the action/toolResult pair with its tool_effect links, and
 * operation ids derived inside runs.
 */
@ExtendWith(ArquillianExtension.class)
class ToolExecutorIT {

  @Inject ToolExecutor executor;
  @Inject ToolRegistry registry;
  @Inject ToolWorld worlds;
  @Inject JournalService journal;
  @Inject AgentService agents;
  @Inject NotificationSentinel sentinel;

  @Test
  void aHandlerThatThrowsLeavesNoChangeAFailedLedgerRowAndAnErrorResult() {
    var world = worlds.listened(worlds.create());
    var title = "made-then-thrown-" + UUID.randomUUID();
    var throwing =
        new ToolDefinition(
            "update_task_priority",
            Set.of(Capability.TASK_WRITE),
            EnumSet.allOf(WakeReason.class),
            ToolSideEffect.MEMORY,
            RiskLevel.LOW,
            Set.of(ScopeRule.TARGET_IN_SCOPE),
            false,
            call -> {
              journal.createTask(
                  new NewTask(
                      title,
                      Optional.empty(),
                      Optional.of(world.categoryA),
                      Optional.empty(),
                      Optional.of(TaskPriority.P1),
                      Optional.empty(),
                      Optional.empty()),
                  call.origin());
              throw new IllegalStateException("the handler broke after writing");
            });
    var operationId = "op-" + UUID.randomUUID();
    var arguments =
        Json.createObjectBuilder().add("taskId", world.taskA).add("priority", "p0").build();
    var before = worlds.snapshot();

    var result = executor.execute(prepared(world, throwing, arguments, operationId));

    assertEquals(ToolResult.ERROR, result.status());
    assertEquals(Optional.of(ToolErrorCode.INTERNAL_ERROR), result.errorCode());
    assertTrue(result.errorMessage().orElseThrow().contains("nothing was changed"));
    assertEquals(before, worlds.snapshot(), "the task the handler created was rolled back");
    assertEquals(Optional.of("failed"), worlds.ledger(world.agentId, operationId));
    assertEquals(List.of("action", "toolResult"), worlds.messageKinds(world.agentId));
    sentinel.passThroughTheQueue();
    assertEquals(0, worlds.batchesBy(world.agentId), "no batch of the rolled-back change");

    // Made again with the same operation id, the call runs again: its ledger row is taken, failed
    // (on PostgreSQL the first attempt, made without looking the key up, finds it so and rolls
    // back; the second looks it up and retries it).
    var retried =
        executor.execute(
            request(world.agentId, "update_task_priority", arguments, operationId, false));

    assertTrue(retried.isSuccess(), retried.toJson().toString());
    assertFalse(retried.replayed());
    assertEquals("p0", journal.task(world.taskA).getPriority().wire());
    assertEquals(Optional.of("succeeded"), worlds.ledger(world.agentId, operationId));
    assertEquals(
        List.of("action", "toolResult", "action", "toolResult"),
        worlds.messageKinds(world.agentId));
  }

  @Test
  void aSuccessfulCallIsAnActionAndAResultLinkedToWhatChanged() {
    var world = worlds.create();
    var result =
        call(world, "update_task_priority", args(world.taskA, "p0"), "op-" + UUID.randomUUID());

    assertTrue(result.isSuccess(), result.toJson().toString());
    assertEquals(List.of(world.taskA), result.changedEntityIds());
    assertEquals(List.of("action", "toolResult"), worlds.messageKinds(world.agentId));
    var links = worlds.toolEffectLinksTo(world.taskA);
    assertEquals(1, links.size(), "one tool_effect link from the result to the task");
    assertEquals("p0", journal.task(world.taskA).getPriority().wire());
  }

  @Test
  void insideARunTheOperationIdIsDerivedAndAReplayedRunFindsItsReceipt() {
    var world = worlds.create();
    var runKey = "wk-test-" + UUID.randomUUID();
    var first = inRun(world, runKey, 3, args(world.taskA, "p0"));
    var again = inRun(world, runKey, 3, args(world.taskA, "p0"));

    assertEquals(
        Optional.of(OperationIds.derive(runKey, 3, "update_task_priority")), first.operationId());
    assertFalse(first.replayed());
    assertTrue(again.replayed());
    assertEquals(first.toolActionId(), again.toolActionId());
    assertEquals(
        List.of("action", "toolResult"),
        worlds.messageKinds(world.agentId),
        "the replay wrote nothing (on PostgreSQL its first attempt rolled back whole)");
  }

  @Test
  void callsAreRefusedBeforeTheyRunAndTheRefusalIsRecorded() {
    var world = worlds.create();
    var before = worlds.snapshot();

    assertEquals(
        Optional.of(ToolErrorCode.INVALID_ARGUMENTS),
        call(world, "update_task_priority", args(world.taskA, "urgent"), "op-1").errorCode());
    assertEquals(
        Optional.of(ToolErrorCode.OPERATION_ID_REQUIRED),
        call(world, "update_task_priority", args(world.taskA, "p1"), null).errorCode());
    assertEquals(
        Optional.of(ToolErrorCode.UNKNOWN_TOOL),
        call(world, "drop_all_tables", Json.createObjectBuilder().build(), "op-2").errorCode());
    assertEquals(
        Optional.of(ToolErrorCode.PREVIEW_NOT_SUPPORTED),
        executor
            .execute(
                request(
                    world.agentId, "update_task_priority", args(world.taskA, "p1"), "op-3", true))
            .errorCode());
    var planner = planner(world.categoryA);
    assertEquals(
        Optional.of(ToolErrorCode.CAPABILITY_DENIED),
        executor
            .execute(
                request(planner, "update_task_priority", args(world.taskA, "p1"), "op-4", false))
            .errorCode());

    assertEquals(before, worlds.snapshot());
    assertEquals(
        8, worlds.messageKinds(world.agentId).size(), "four refusals, each action + result");
  }

  @Test
  void anOperationIdReusedForOtherArgumentsIsRefusedAndTheFirstReceiptStays() {
    var world = worlds.create();
    var operationId = "op-" + UUID.randomUUID();
    assertTrue(
        call(world, "update_task_priority", args(world.taskA, "p0"), operationId).isSuccess());

    var reused = call(world, "update_task_priority", args(world.taskA, "p3"), operationId);

    assertEquals(Optional.of(ToolErrorCode.OPERATION_MISMATCH), reused.errorCode());
    assertEquals("p0", journal.task(world.taskA).getPriority().wire());
    assertEquals(Optional.of("succeeded"), worlds.ledger(world.agentId, operationId));
  }

  @Test
  void aDestroyedAgentCannotAct() {
    var world = worlds.create();
    agents.destroy(world.agentId, java.util.OptionalLong.empty());
    assertThrows(
        io.reveille.platform.error.ConflictException.class,
        () -> call(world, "update_task_priority", args(world.taskA, "p0"), "op-x"));
  }

  private String planner(String categoryId) {
    return agents
        .create(
            new NewAgent(
                AgentKind.DAY_PLANNER,
                "planner-" + UUID.randomUUID(),
                AgentMode.AUTONOMOUS,
                AgentLifecycle.ACTIVE,
                Set.of(categoryId),
                AgentConfig.empty(),
                AgentSlots.empty()))
        .agent()
        .getId();
  }

  private PreparedCall prepared(
      ToolWorld.World world, ToolDefinition definition, JsonObject arguments, String operationId) {
    var invocation =
        new ToolInvocation(
            world.agentId,
            definition.name(),
            Optional.of(operationId),
            WakeReason.MANUAL,
            CategoryScope.of(Set.of(world.categoryA)),
            new ToolArguments(arguments, Optional.empty()),
            false,
            io.reveille.journal.control.ChangeOrigin.agent(world.agentId, "tool-call:test"),
            world.agentId + ":tools");
    return new PreparedCall(
        definition,
        invocation,
        arguments,
        OperationIds.argumentsHash(arguments),
        Optional.of(OperationIds.ledgerKey(world.agentId, operationId)),
        Optional.empty(),
        world.agentId + ":tools",
        Optional.empty());
  }

  private ToolResult inRun(
      ToolWorld.World world, String runKey, int ordinal, JsonObject arguments) {
    return executor.execute(
        new ToolRequest(
            world.agentId,
            "update_task_priority",
            Optional.empty(),
            arguments,
            false,
            WakeReason.SUBSCRIPTION,
            Optional.of(runKey),
            OptionalInt.of(ordinal),
            Optional.empty()));
  }

  private ToolResult call(
      ToolWorld.World world, String tool, JsonObject arguments, String operationId) {
    return executor.execute(request(world.agentId, tool, arguments, operationId, false));
  }

  private static ToolRequest request(
      String agentId, String tool, JsonObject arguments, String operationId, boolean preview) {
    return ToolRequest.manual(agentId, tool, Optional.ofNullable(operationId), arguments, preview);
  }

  private static JsonObject args(String taskId, String priority) {
    return Json.createObjectBuilder().add("taskId", taskId).add("priority", priority).build();
  }
}
