package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalFixture;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.testing.ClassOrder;
import io.reveille.testing.NotificationSentinel;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The second self-notification suppression layer, through the real broker: a batch that does not
 * say who caused it does not wake an agent whose own run changed the entity moments before; the
 * same change after the window does; and a queued job whose every token the agent has since changed
 * itself is dropped when its turn comes.
 *
 * <p>The agent's changes are recorded as the tool executor records them, in a transaction of their
 * own; the journal changes come from a user (untagged batches).
 */
@ExtendWith(ArquillianExtension.class)
@Order(ClassOrder.MOSTLY_WAITING)
class SelfSuppressionIT {

  /** The server's {@code reveille.wake.self-mutation-ttl-seconds} (the default). */
  private static final Duration TTL = Duration.ofSeconds(5);

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject JournalService journal;
  @Inject JournalFixture fixture;
  @Inject SelfMutations selfMutations;
  @Inject WakeScheduler scheduler;
  @Inject UserTransaction transaction;
  @Inject NotificationSentinel sentinel;

  @Test
  void anUntaggedEchoOfTheAgentsOwnChangeDoesNotWakeItButTheSameChangeLaterDoes() throws Exception {
    var task = settledTask("echo-");
    var agentId = watcherOf(task);

    var recordedAt = Instant.now();
    var recorded = fixture.batchesMentioning(task);
    recordOwnChange(agentId, task);
    journal.updateTask(
        task,
        OptionalLong.empty(),
        JournalFixture.priorityChange(TaskPriority.P0),
        ChangeOrigin.NONE);
    // The consumer records a batch and schedules its wakes in one transaction: once the batch is
    // recorded, a wake it caused would be in the run log.
    Poll.until(Duration.ofSeconds(30), () -> fixture.batchesMentioning(task) == recorded + 1);
    assertEquals(List.of(), fixture.runs(agentId), "the agent's own change woke it");

    // The same change counts as the agent's own until the suppression window has passed.
    Poll.until(
        TTL.plusSeconds(30), () -> selfMutations.recent(List.of(agentId), List.of(task)).isEmpty());
    journal.updateTask(
        task,
        OptionalLong.empty(),
        JournalFixture.priorityChange(TaskPriority.P3),
        ChangeOrigin.NONE);
    Poll.until(Duration.ofSeconds(30), () -> completed(agentId) == 1);
    var run = fixture.runs(agentId).get(0);
    assertEquals(WakeReason.SUBSCRIPTION, run.getReason());
    assertTrue(run.getTokens().contains(task), "woken by the task: " + run.getTokens());
  }

  @Test
  void aQueuedJobWhoseEveryTokenTheAgentChangedMeanwhileIsDroppedWhenItsTurnComes()
      throws Exception {
    var task = settledTask("deferred-");
    var agentId = watcherOf(task);
    // A wake now opens the throttle window: the next subscription job waits for its end.
    scheduler.scheduleManual(agentId, Optional.empty());
    Poll.until(Duration.ofSeconds(30), () -> completed(agentId) == 1);

    journal.updateTask(
        task,
        OptionalLong.empty(),
        JournalFixture.priorityChange(TaskPriority.P0),
        ChangeOrigin.NONE);
    Poll.until(Duration.ofSeconds(30), () -> subscriptionRun(agentId).isPresent());
    assertEquals(WakeStatus.QUEUED, subscriptionRun(agentId).get().getStatus(), "deferred");

    recordOwnChange(agentId, task);
    Poll.until(
        Duration.ofSeconds(60),
        () -> subscriptionRun(agentId).get().getStatus() == WakeStatus.SKIPPED);
    var skipped = subscriptionRun(agentId).get();
    assertTrue(
        skipped.getErrorMessage().contains("changed itself"),
        "the run log says why: " + skipped.getErrorMessage());
    assertEquals(1, completed(agentId), "only the manual wake ran");
  }

  /**
   * A new task whose creation batch, if any subscription wanted it, has been taken in already: a
   * watcher subscribed afterwards is woken only by what the test does next.
   */
  private String settledTask(String prefix) {
    var task =
        journal
            .createTask(JournalFixture.newTask(prefix + UUID.randomUUID()), ChangeOrigin.NONE)
            .getId();
    sentinel.passThroughTheQueue();
    return task;
  }

  private void recordOwnChange(String agentId, String entityId) throws Exception {
    transaction.begin();
    try {
      selfMutations.record(agentId, "run-of-" + agentId, List.of(entityId));
      transaction.commit();
    } catch (Exception | Error e) {
      transaction.rollback();
      throw e;
    }
  }

  private String watcherOf(String entityId) {
    var agentId = agents.create(NewAgent.custom("Self watcher")).agent().getId();
    subscriptions.create(
        agentId, new NewSubscription(List.of(), List.of(), List.of(entityId), null));
    return agentId;
  }

  private long completed(String agentId) {
    return fixture.runs(agentId).stream()
        .filter(run -> run.getStatus() == WakeStatus.COMPLETED)
        .count();
  }

  private Optional<io.reveille.wake.entity.WakeRunLogEntry> subscriptionRun(String agentId) {
    return fixture.runs(agentId).stream()
        .filter(run -> run.getReason() == WakeReason.SUBSCRIPTION)
        .findFirst();
  }
}
