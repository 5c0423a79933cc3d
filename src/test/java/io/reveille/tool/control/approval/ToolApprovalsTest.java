package io.reveille.tool.control.approval;

import static io.reveille.tool.control.approval.ApprovalPolicyTest.FETCH;
import static io.reveille.tool.control.approval.ApprovalPolicyTest.SEND;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ScopeRule;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which calls of a run need approval, by the run's causer and the kind's rule. */
class ToolApprovalsTest {

  private static final ApprovalPolicy.Rule UNGUARDED =
      new ApprovalPolicy.Rule(Set.of(), Set.of(), false, false);
  private static final ApprovalPolicy.Rule GUARDED =
      new ApprovalPolicy.Rule(Set.of(), Set.of(), false, true);
  private static final ToolDefinition MOVE =
      ToolDefinition.writing("move_items")
          .requires(Capability.CHECKLIST_WRITE)
          .scope(ScopeRule.TARGET_IN_SCOPE)
          .risk(RiskLevel.HIGH)
          .previewable()
          .handledBy(call -> null);

  @Test
  void aRunAnOperatorCausedMayNotMakeAMutatingExternalCallWithoutApproval() {
    assertTrue(
        ToolApprovals.needsApproval(UNGUARDED, SEND, Optional.of(Role.OPERATOR), false),
        "even when Reveille's own code chose the call");
    assertTrue(ToolApprovals.needsApproval(UNGUARDED, SEND, Optional.of(Role.OPERATOR), true));
  }

  @Test
  void whatTheCauserMayDoThemselvesIsNotHeldForThem() {
    assertFalse(ToolApprovals.needsApproval(UNGUARDED, SEND, Optional.of(Role.ADMIN), true));
    assertFalse(ToolApprovals.needsApproval(UNGUARDED, FETCH, Optional.of(Role.OPERATOR), true));
    assertFalse(ToolApprovals.needsApproval(UNGUARDED, MOVE, Optional.of(Role.OPERATOR), true));
  }

  @Test
  void aRunNoPersonCausedIsHeldByTheKindsRuleAlone() {
    assertFalse(ToolApprovals.needsApproval(UNGUARDED, SEND, Optional.empty(), true));
    assertTrue(ToolApprovals.needsApproval(GUARDED, SEND, Optional.empty(), true));
    assertTrue(ToolApprovals.needsApproval(GUARDED, MOVE, Optional.empty(), true));
    assertFalse(ToolApprovals.needsApproval(GUARDED, SEND, Optional.empty(), false));
  }

  @Test
  void theModelGuardHoldsAnAdminsRunToo() {
    assertTrue(ToolApprovals.needsApproval(GUARDED, SEND, Optional.of(Role.ADMIN), true));
  }

  @Test
  void anAgentsOwnListHoldsItsToolsOnTopOfItsKindsRule() {
    var own = UNGUARDED.andTools(List.of("move_items"));
    assertTrue(ToolApprovals.needsApproval(own, MOVE, Optional.empty(), false));
    assertFalse(ToolApprovals.needsApproval(UNGUARDED, MOVE, Optional.empty(), false));
    assertFalse(
        ToolApprovals.needsApproval(own, FETCH, Optional.empty(), false), "a read is never held");
    assertTrue(UNGUARDED.andTools(List.of()) == UNGUARDED, "nothing named, the kind's rule");
  }
}
