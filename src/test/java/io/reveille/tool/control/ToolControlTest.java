package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.tool.entity.Capability;
import jakarta.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The executor's building blocks that need no container. */
class ToolControlTest {

  @Test
  void operationIdsAreDeterministicAndDistinguishEveryPart() {
    var id = OperationIds.derive("wk-1", 2, "update_task_priority");
    assertEquals(id, OperationIds.derive("wk-1", 2, "update_task_priority"));
    assertNotEquals(id, OperationIds.derive("wk-1", 3, "update_task_priority"));
    assertNotEquals(id, OperationIds.derive("wk-2", 2, "update_task_priority"));
    assertNotEquals(id, OperationIds.derive("wk-1", 2, "set_task_title"));
    assertNotEquals(OperationIds.ledgerKey("a", "op"), OperationIds.ledgerKey("b", "op"));
    assertTrue(OperationIds.ledgerKey("a", "x".repeat(200)).length() <= 200);
  }

  @Test
  void theArgumentsHashIgnoresKeyOrderButNotValues() {
    var one =
        Json.createObjectBuilder()
            .add("a", 1)
            .add("b", Json.createObjectBuilder().add("y", "1").add("x", true))
            .build();
    var same =
        Json.createObjectBuilder()
            .add("b", Json.createObjectBuilder().add("x", true).add("y", "1"))
            .add("a", 1)
            .build();
    var other =
        Json.createObjectBuilder()
            .add("a", 1)
            .add("b", Json.createObjectBuilder().add("y", "2").add("x", true))
            .build();
    assertEquals(OperationIds.argumentsHash(one), OperationIds.argumentsHash(same));
    assertNotEquals(OperationIds.argumentsHash(one), OperationIds.argumentsHash(other));
  }

  @Test
  void theScopeDeniesByDefaultAndDoesNotNameTheForeignCategory() {
    var scope = CategoryScope.of(Set.of("work"));
    assertTrue(scope.allows("work"));
    assertFalse(scope.allows("gym"));
    assertFalse(scope.allows(null), "an entity without category is out of every scope");
    var refusal = assertThrows(ToolFailure.class, () -> scope.require("gym", "task", "t-1"));
    assertEquals(ToolErrorCode.OUT_OF_SCOPE, refusal.getCode());
    assertFalse(refusal.getMessage().contains("gym"), refusal.getMessage());
    assertFalse(CategoryScope.of(Set.of()).allows("work"));
  }

  @Test
  void argumentsFallBackToTheActiveTaskAndRefuseMalformedTimes() {
    var args =
        new ToolArguments(
            Json.createObjectBuilder().add("startedAt", "yesterday").build(), Optional.of("t-9"));
    assertEquals("t-9", args.taskId());
    var refusal = assertThrows(ToolFailure.class, () -> args.instant("startedAt"));
    assertEquals(ToolErrorCode.INVALID_ARGUMENTS, refusal.getCode());
    assertTrue(refusal.getMessage().startsWith("startedAt"));
    var withoutSlot = new ToolArguments(Json.createObjectBuilder().build(), Optional.empty());
    assertThrows(ToolFailure.class, withoutSlot::taskId);
    assertEquals(
        Instant.parse("2026-02-17T21:00:00Z"),
        new ToolArguments(
                Json.createObjectBuilder().add("t", "2026-02-17T16:00:00-05:00").build(),
                Optional.empty())
            .instant("t"));
  }

  @Test
  void capabilityProfilesRefuseUnknownNamesWithTheProperty() {
    assertEquals(
        Set.of(Capability.TASK_READ, Capability.MEMORY_WRITE),
        CapabilityProfiles.parse("p", " taskRead , memoryWrite,"));
    var error =
        assertThrows(
            IllegalStateException.class,
            () -> CapabilityProfiles.parse("reveille.tools.capabilities.custom", "taskRead,fly"));
    assertTrue(error.getMessage().contains("reveille.tools.capabilities.custom"));
    assertTrue(error.getMessage().contains("'fly'"));
  }

  @Test
  void aHighRiskToolWithoutPreviewCannotBeDefined() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ToolDefinition.writing("bulk")
                .requires(Capability.TASK_WRITE)
                .scope(io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE)
                .risk(io.reveille.tool.entity.RiskLevel.HIGH)
                .handledBy(call -> ToolOutcome.read(Json.createObjectBuilder().build())));
    assertThrows(
        IllegalStateException.class,
        () -> ToolRegistry.index(List.of(definition("x"), definition("x"))));
  }

  private static ToolDefinition definition(String name) {
    return ToolDefinition.reading(name)
        .requires(Capability.TASK_READ)
        .scope(io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE)
        .handledBy(call -> ToolOutcome.read(Json.createObjectBuilder().build()));
  }
}
