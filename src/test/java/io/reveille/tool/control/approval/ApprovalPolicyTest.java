package io.reveille.tool.control.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.RiskLevel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The approval settings: what they hold, and every mistake refused with its key. */
class ApprovalPolicyTest {

  private static final ToolDefinition MOVE =
      ToolDefinition.writing("move_items")
          .requires(Capability.CHECKLIST_WRITE)
          .scope(io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE)
          .risk(RiskLevel.HIGH)
          .previewable()
          .handledBy(call -> null);
  private static final ToolDefinition RENAME =
      ToolDefinition.writing("rename_task")
          .requires(Capability.TASK_WRITE)
          .scope(io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE)
          .handledBy(call -> null);
  private static final ToolDefinition PIN =
      ToolDefinition.writing("pin_tasks")
          .requires(Capability.TASK_WRITE)
          .scope(io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE)
          .risk(RiskLevel.MEDIUM)
          .handledBy(call -> null);
  private static final ToolDefinition LIST =
      ToolDefinition.reading("list_tasks")
          .requires(Capability.TASK_READ)
          .scope(io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE)
          .handledBy(call -> null);
  static final ToolDefinition SEND =
      new ToolDefinition(
          "send_note",
          Set.of(Capability.EXTERNAL_CALL),
          java.util.EnumSet.allOf(io.reveille.wake.entity.WakeReason.class),
          io.reveille.tool.entity.ToolSideEffect.EXTERNAL,
          RiskLevel.MEDIUM,
          Set.of(io.reveille.tool.entity.ScopeRule.OUTSIDE_REVEILLE),
          false,
          call -> null);
  static final ToolDefinition FETCH =
      new ToolDefinition(
          "fetch_note",
          Set.of(Capability.EXTERNAL_CALL),
          java.util.EnumSet.allOf(io.reveille.wake.entity.WakeReason.class),
          io.reveille.tool.entity.ToolSideEffect.READ_ONLY,
          RiskLevel.LOW,
          Set.of(io.reveille.tool.entity.ScopeRule.OUTSIDE_REVEILLE),
          false,
          call -> null);
  private static final List<ToolDefinition> TOOLS = List.of(MOVE, RENAME, PIN, LIST, SEND, FETCH);

  private static ApprovalPolicy parse(Map<String, String> settings) {
    return ApprovalPolicy.parse(
        key -> Optional.ofNullable(settings.get(key)), settings.keySet(), TOOLS);
  }

  @Test
  void withoutSettingsNothingIsHeld() {
    var policy = parse(Map.of());
    for (var kind : AgentKind.values()) {
      TOOLS.forEach(tool -> assertFalse(policy.of(kind).holds(tool), tool.name()));
    }
  }

  @Test
  void aModelsExternalAndHighRiskCallsAreHeldByDefaultUnlessTheKindOptsOut() {
    var policy = parse(Map.of("reveille.approval.dayPlanner.model-guard", "false"));
    var custom = policy.of(AgentKind.CUSTOM);
    assertTrue(custom.modelGuard());
    assertTrue(custom.holds(SEND, true), "an external call a model chose");
    assertTrue(custom.holds(MOVE, true), "a high-risk call a model chose");
    assertFalse(custom.holds(PIN, true), "a medium-risk built-in tool");
    assertFalse(custom.holds(FETCH, true), "an external read");
    assertFalse(custom.holds(SEND, false), "a call Reveille's own code chose");
    assertFalse(policy.of(AgentKind.DAY_PLANNER).holds(SEND, true), "opted out");
    assertFalse(policy.of(AgentKind.DAY_PLANNER).holds(MOVE, true), "opted out");

    var error =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(Map.of("reveille.approval.custom.model-guard", "maybe")));
    assertTrue(
        error.getMessage().contains("reveille.approval.custom.model-guard"), error::getMessage);
  }

  @Test
  void onlyAnAdminMayApproveAMutatingExternalCall() {
    assertEquals(io.reveille.security.control.Role.ADMIN, ApprovalPolicy.approverOf(SEND));
    assertEquals(io.reveille.security.control.Role.OPERATOR, ApprovalPolicy.approverOf(FETCH));
    assertEquals(io.reveille.security.control.Role.OPERATOR, ApprovalPolicy.approverOf(MOVE));
  }

  @Test
  void aNamedToolIsHeldForItsKindOnlyAndTheRunGoesOnUnlessItWaits() {
    var policy = parse(Map.of("reveille.approval.custom.tools", " move_items , "));
    assertTrue(policy.of(AgentKind.CUSTOM).holds(MOVE));
    assertFalse(policy.of(AgentKind.TASK_AGENT).holds(MOVE));
    assertEquals(ToolErrorCode.PROPOSED, policy.of(AgentKind.CUSTOM).heldAs());

    var waiting =
        parse(
            Map.of(
                "reveille.approval.taskAgent.tools", "move_items",
                "reveille.approval.taskAgent.wait", "true"));
    assertEquals(ToolErrorCode.AWAITING_APPROVAL, waiting.of(AgentKind.TASK_AGENT).heldAs());
  }

  @Test
  void aRiskLevelHoldsEveryMutatingToolOfThatLevel() {
    var policy = parse(Map.of("reveille.approval.dayPlanner.risk-levels", "high"));
    assertTrue(policy.of(AgentKind.DAY_PLANNER).holds(MOVE));
    assertFalse(policy.of(AgentKind.DAY_PLANNER).holds(RENAME));
  }

  @Test
  void aToolThatCannotPreviewOrOnlyReadsCannotNeedApproval() {
    var cannot =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(Map.of("reveille.approval.custom.tools", "rename_task")));
    assertTrue(cannot.getMessage().startsWith("reveille.approval.custom.tools: rename_task"));
    assertThrows(
        IllegalArgumentException.class,
        () -> parse(Map.of("reveille.approval.custom.tools", "list_tasks")));
    var level =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(Map.of("reveille.approval.custom.risk-levels", "medium")));
    assertTrue(level.getMessage().contains("pin_tasks"), level.getMessage());
  }

  @Test
  void unknownToolsLevelsKindsSettingsAndValuesStopTheStartWithTheKey() {
    var cases =
        Map.of(
            "reveille.approval.custom.tools", "no_such_tool",
            "reveille.approval.custom.risk-levels", "extreme",
            "reveille.approval.robot.tools", "move_items",
            "reveille.approval.custom.tool", "move_items",
            "reveille.approval.custom.wait", "yes");
    cases.forEach(
        (key, value) -> {
          var settings = new java.util.HashMap<>(Map.of(key, value));
          if (key.endsWith(".wait")) {
            settings.put("reveille.approval.custom.tools", "move_items");
          }
          var error = assertThrows(IllegalArgumentException.class, () -> parse(settings), key);
          assertTrue(error.getMessage().startsWith(key), error.getMessage());
        });
  }

  @Test
  void environmentVariablesAreCheckedByTheirMappedNames() {
    var names =
        Set.of(
            "REVEILLE_APPROVAL_CUSTOM_TOOLS",
            "REVEILLE_APPROVAL_TASKAGENT_WAIT",
            "REVEILLE_APPROVAL_CUSTOM_MODEL_GUARD");
    var known =
        ApprovalPolicy.parse(
            key ->
                key.equals("reveille.approval.custom.tools")
                    ? Optional.of("move_items")
                    : Optional.empty(),
            names,
            TOOLS);
    assertTrue(known.of(AgentKind.CUSTOM).holds(MOVE));
    var error =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ApprovalPolicy.parse(
                    key -> Optional.empty(), Set.of("REVEILLE_APPROVAL_ROBOT_TOOLS"), TOOLS));
    assertTrue(error.getMessage().startsWith("REVEILLE_APPROVAL_ROBOT_TOOLS"));
  }

  @Test
  void aSettingThatReachesTheConfigInLowerCaseFromTheEnvironmentIsKnown() {
    var settings =
        Map.of(
            "reveille.approval.taskAgent.tools", "move_items",
            "reveille.approval.taskagent.tools", "move_items",
            "reveille.approval.dayplanner.risk.levels", "high");
    var names = settings.keySet();

    var policy = ApprovalPolicy.parse(key -> Optional.ofNullable(settings.get(key)), names, TOOLS);

    assertTrue(policy.of(AgentKind.TASK_AGENT).holds(MOVE));
  }
}
