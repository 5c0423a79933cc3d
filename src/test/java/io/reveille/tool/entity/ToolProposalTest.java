package io.reveille.tool.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The proposal's moves: pending to one final state, once, with who and when. */
class ToolProposalTest {

  private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");
  private static final Instant T1 = T0.plusSeconds(60);

  private static ToolProposal pending() {
    return new ToolProposal(
        "tc-1",
        new ToolProposal.Call(
            "agent-1",
            "wk-1",
            "agent-1:run:wk-1",
            "move_checklist_items",
            "op-1",
            "manual",
            JsonValue.EMPTY_JSON_OBJECT),
        "proposed",
        "m-1",
        Json.createObjectBuilder().add("payload", JsonValue.EMPTY_JSON_OBJECT).build(),
        Json.createObjectBuilder().add("targets", JsonValue.EMPTY_JSON_ARRAY).build(),
        T0);
  }

  @Test
  void aNewProposalIsPendingAndUndecided() {
    var proposal = pending();
    assertEquals(ProposalStatus.PENDING, proposal.getStatus());
    assertEquals(Optional.empty(), proposal.getDecidedBy());
    assertEquals(T0, proposal.getCreatedAt());
  }

  @Test
  void approvalKeepsTheReceiptAndWhoDecided() {
    var proposal = pending();
    var receipt = Json.createObjectBuilder().add("status", "success").build();
    proposal.approve("alice", T1, receipt);
    assertEquals(ProposalStatus.APPROVED, proposal.getStatus());
    assertEquals(Optional.of("alice"), proposal.getDecidedBy());
    assertEquals(Optional.of(T1), proposal.getDecidedAt());
    assertEquals(Optional.of(receipt), proposal.getAppliedResult());
  }

  @Test
  void rejectionKeepsAnOptionalReasonAndRefusalNeedsOne() {
    var rejected = pending();
    rejected.reject("bob", T1, "not today");
    assertEquals(ProposalStatus.REJECTED, rejected.getStatus());
    assertEquals(Optional.of("not today"), rejected.getReason());
    var silent = pending();
    silent.reject("bob", T1, " ");
    assertEquals(Optional.empty(), silent.getReason());
    assertThrows(InvalidInputException.class, () -> pending().refuse("bob", T1, ""));
    var refused = pending();
    refused.refuse("bob", T1, "Task t-1 changed");
    assertEquals(ProposalStatus.REFUSED, refused.getStatus());
  }

  @Test
  void everyDecisionIsFinal() {
    var receipt = Json.createObjectBuilder().build();
    var approved = pending();
    approved.approve("a", T1, receipt);
    var error =
        assertThrows(IllegalTransitionException.class, () -> approved.reject("b", T1, null));
    assertEquals("approved", error.getFrom());
    var rejected = pending();
    rejected.reject("a", T1, null);
    assertThrows(IllegalTransitionException.class, () -> rejected.approve("b", T1, receipt));
    var refused = pending();
    refused.refuse("a", T1, "changed");
    assertThrows(IllegalTransitionException.class, () -> refused.refuse("b", T1, "again"));
    assertTrue(ProposalStatus.REFUSED.isFinal());
  }

  @Test
  void aDecisionNeedsSomeoneToHaveMadeIt() {
    assertThrows(
        InvalidInputException.class,
        () -> pending().approve(" ", T1, Json.createObjectBuilder().build()));
    assertEquals(ProposalStatus.PENDING, pending().getStatus());
  }
}
