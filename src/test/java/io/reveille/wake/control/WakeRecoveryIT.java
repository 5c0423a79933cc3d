package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.NodeIdentity;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A run a crash left {@code started} is re-run under the same run key by recovery and completes
 * once; a completed run delivered again is not run again.
 */
@ExtendWith(ArquillianExtension.class)
class WakeRecoveryIT {

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject WakeScheduler scheduler;
  @Inject WakeQueue queue;
  @Inject RunLogFixture runLog;
  @Inject NodeIdentity node;

  @Test
  void aRunStrandedAsStartedIsRunAgainWithTheSameKeyAndCompletesOnce() {
    var agentId = agents.create(NewAgent.custom("Crashed")).agent().getId();
    var runKey = runLog.insertStartedRun(agentId, "wk-crash-" + UUID.randomUUID());

    assertTrue(scheduler.requeueUnfinished() >= 1);
    Poll.until(
        Duration.ofSeconds(30), () -> runLog.find(runKey).getStatus() == WakeStatus.COMPLETED);
    var entry = runLog.find(runKey);
    assertEquals(2, entry.getAttempts(), "begun before the crash, begun again after it");
    assertEquals(1, systemMessages(agentId), "the workflow's effect happened once");

    // The same job delivered again (a broker redelivery, a second recovery): nothing more runs.
    queue.enqueue(agentId, runKey, Duration.ZERO, runKey + ":again");
    scheduler.requeueUnfinished();
    // The sentinel: a manual wake of the same agent, in the same message group, so delivered after
    // the redelivery; once it has completed, the redelivery has been handled.
    var sentinel = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(
        Duration.ofSeconds(30), () -> runLog.find(sentinel).getStatus() == WakeStatus.COMPLETED);
    assertEquals(WakeStatus.COMPLETED, runLog.find(runKey).getStatus());
    assertEquals(2, runLog.find(runKey).getAttempts());
    assertEquals(
        2, systemMessages(agentId), "the crashed run's effect and the sentinel's, no more");
  }

  @Test
  void startUpRecoveryTakesTheBacklogInBatchesAndMissesNoRun() {
    var agentId = agents.create(NewAgent.custom("Backlog")).agent().getId();
    var first = runLog.insertStartedRun(agentId, "wk-backlog-a-" + UUID.randomUUID());
    var second = runLog.insertStartedRun(agentId, "wk-backlog-b-" + UUID.randomUUID());

    var visited = new java.util.HashSet<String>();
    Optional<WakeScheduler.RunCursor> after = Optional.empty();
    for (var batch = scheduler.requeueUnfinished(WakeStatus.STARTED, after, 1);
        !batch.isEmpty();
        batch = scheduler.requeueUnfinished(WakeStatus.STARTED, after, 1)) {
      assertEquals(1, batch.size(), "a batch holds at most its size");
      visited.add(batch.get(0).runKey());
      after = Optional.of(batch.get(0));
    }

    assertTrue(visited.containsAll(java.util.List.of(first, second)), visited::toString);
    for (var runKey : java.util.List.of(first, second)) {
      Poll.until(
          Duration.ofSeconds(30), () -> runLog.find(runKey).getStatus() == WakeStatus.COMPLETED);
    }
  }

  @Test
  void aRunAnotherNodeIsRunningWaitsForItsLeaseWhileOneOfAnEarlierBootRunsAtOnce() {
    var agentId = agents.create(NewAgent.custom("Shared")).agent().getId();
    var live =
        runLog.insertStartedRun(
            agentId, "wk-live-" + UUID.randomUUID(), "other-node/boot-1", Instant.now());
    queue.enqueue(agentId, live, Duration.ZERO, live + ":again");
    // No sentinel can show that this delivery was handled: it leaves the run as it was and only
    // puts a delayed message back on the queue, and every later job of the agent waits behind the
    // live run. So time passes, longer than several delivery retries, before the check.
    Poll.pause(Duration.ofSeconds(4));
    assertEquals(
        WakeStatus.STARTED, runLog.find(live).getStatus(), "not run beside the other node");
    assertEquals(1, runLog.find(live).getAttempts());

    var other = agents.create(NewAgent.custom("Restarted")).agent().getId();
    var stale =
        runLog.insertStartedRun(
            other,
            "wk-stale-" + UUID.randomUUID(),
            node.nodeId() + "/an-earlier-boot",
            Instant.now());
    queue.enqueue(other, stale, Duration.ZERO, stale + ":again");
    Poll.until(
        Duration.ofSeconds(30), () -> runLog.find(stale).getStatus() == WakeStatus.COMPLETED);
    assertEquals(node.owner(), runLog.find(stale).getOwner());
  }

  private int systemMessages(String agentId) {
    return memory
        .messages(
            agentId, Optional.of(AgentMessageKind.SYSTEM), Optional.empty(), 10, Optional.empty())
        .messages()
        .size();
  }
}
