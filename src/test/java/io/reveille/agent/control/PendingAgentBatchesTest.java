package io.reveille.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.notification.control.Cause;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import jakarta.transaction.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PendingAgentBatchesTest {

  private final List<NotificationBatch> sent = new ArrayList<>();

  @Test
  void theChangesOfOneAgentLeaveAsOneBatchWithEveryTokenOnceAndEachRecordsLatestSnapshot() {
    var pending = new PendingAgentBatches(1000, 1000, sent::add);
    pending.add(part("a1", List.of("AGENT_MESSAGE", "a1", "m1"), snapshot("m1", 1)));
    pending.add(part("a1", List.of("AGENT_STATE", "a1", "s1"), snapshot("s1", 1)));
    pending.add(part("a1", List.of("AGENT_STATE", "a1", "s1"), snapshot("s1", 2)));

    assertTrue(sent.isEmpty(), "nothing leaves before the transaction completes");
    pending.beforeCompletion();

    assertEquals(1, sent.size());
    var batch = sent.get(0);
    assertEquals(List.of("AGENT_MESSAGE", "a1", "m1", "AGENT_STATE", "s1"), batch.tokens());
    assertEquals(List.of("m1", "s1"), batch.entities().stream().map(EntitySnapshot::id).toList());
    assertEquals(Map.of("n", 2), batch.entities().get(1).attributes(), "the latest snapshot");
    assertEquals(Optional.of("a1"), batch.originAgentId());
  }

  @Test
  void eachAgentGetsItsOwnBatchNamingItAsTheOrigin() {
    var pending = new PendingAgentBatches(1000, 1000, sent::add);
    pending.add(part("a1", List.of("AGENT_STATE", "a1"), snapshot("s1", 1)));
    pending.add(part("a2", List.of("AGENT_STATE", "a2"), snapshot("s2", 1)));
    pending.add(part("a1", List.of("AGENT_MESSAGE", "a1"), snapshot("m1", 1)));
    pending.beforeCompletion();

    assertEquals(
        List.of(Optional.of("a1"), Optional.of("a2")),
        sent.stream().map(NotificationBatch::originAgentId).toList());
    assertEquals(List.of("AGENT_STATE", "a1", "AGENT_MESSAGE"), sent.get(0).tokens());
  }

  @Test
  void aPartThatWouldPassABoundStartsTheAgentsNextBatch() {
    var pending = new PendingAgentBatches(4, 2, sent::add);
    pending.add(part("a1", List.of("AGENT_MESSAGE", "a1", "m1"), snapshot("m1", 1)));
    pending.add(part("a1", List.of("AGENT_MESSAGE", "a1", "m2"), snapshot("m2", 1)));
    pending.add(part("a1", List.of("AGENT_MESSAGE", "a1", "m3"), snapshot("m3", 1)));
    pending.beforeCompletion();

    assertEquals(2, sent.size());
    assertEquals(List.of("AGENT_MESSAGE", "a1", "m1", "m2"), sent.get(0).tokens());
    assertEquals(List.of("AGENT_MESSAGE", "a1", "m3"), sent.get(1).tokens());
    sent.forEach(batch -> assertTrue(batch.entities().size() <= 2));
  }

  @Test
  void aRolledBackTransactionSendsNothing() {
    var pending = new PendingAgentBatches(1000, 1000, sent::add);
    pending.add(part("a1", List.of("AGENT_STATE", "a1"), snapshot("s1", 1)));
    // A transaction that rolls back never calls beforeCompletion.
    pending.afterCompletion(Status.STATUS_ROLLEDBACK);

    assertTrue(sent.isEmpty());
    assertTrue(pending.batches().isEmpty());
  }

  @Test
  void aMergedBatchCarriesTheDeepestChainOfItsParts() {
    var pending = new PendingAgentBatches(1000, 1000, sent::add);
    var deep = Cause.NONE.next("x").next("a1");
    pending.add(part("a1", List.of("AGENT_STATE", "a1"), snapshot("s1", 1)));
    pending.add(
        part("a1", List.of("AGENT_MESSAGE", "a1"), snapshot("m1", 1))
            .withCause(Cause.NONE.next("a1")));
    pending.add(part("a1", List.of("AGENT_REPORT", "a1"), snapshot("r1", 1)).withCause(deep));
    pending.add(part("a2", List.of("AGENT_STATE", "a2"), snapshot("s2", 1)));

    pending.beforeCompletion();

    assertEquals(List.of(deep, Cause.NONE), sent.stream().map(NotificationBatch::cause).toList());
  }

  @Test
  void aBatchWithoutItsAgentIsRefused() {
    var pending = new PendingAgentBatches(1000, 1000, sent::add);
    var anonymous =
        NotificationBatch.local(
            "b", List.of("AGENT"), List.of(), Optional.empty(), Optional.empty());

    assertThrows(IllegalArgumentException.class, () -> pending.add(anonymous));
  }

  private static NotificationBatch part(
      String agentId, List<String> tokens, EntitySnapshot snapshot) {
    return NotificationBatch.local(
        "part-" + tokens, tokens, List.of(snapshot), Optional.of(agentId), Optional.empty());
  }

  private static EntitySnapshot snapshot(String id, int n) {
    return new EntitySnapshot(id, Optional.of("agentState"), Optional.empty(), Map.of("n", n));
  }
}
