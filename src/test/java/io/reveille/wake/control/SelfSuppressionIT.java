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
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import javax.sql.DataSource;
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
  @Inject WakeSweeper sweeper;

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

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
   * The sweep purges a record once no suppression can read it, and only then: the record of a
   * change made now stays, the same record aged by two days (past the window and the throttle)
   * goes, and recording the change again brings it back.
   */
  @Test
  void theSweepPurgesRecordsNoSuppressionCanReadAndKeepsTheRest() throws Exception {
    var agentId = agents.create(NewAgent.custom("Purged watcher")).agent().getId();
    var fresh = "fresh-" + UUID.randomUUID();
    var aged = "aged-" + UUID.randomUUID();
    recordOwnChange(agentId, fresh);
    recordOwnChange(agentId, aged);
    try (var connection = dataSource.getConnection();
        var update =
            connection.prepareStatement(
                "UPDATE agent_mutations SET mutated_at = ? WHERE agent_id = ? AND entity_id = ?")) {
      update.setTimestamp(1, Timestamp.from(Instant.now().minus(Duration.ofDays(2))));
      update.setString(2, agentId);
      update.setString(3, aged);
      assertEquals(1, update.executeUpdate());
    }

    sweeper.sweep();

    assertEquals(List.of(fresh), recorded(agentId), "only the aged record goes");
    recordOwnChange(agentId, aged);
    assertEquals(List.of(aged, fresh), recorded(agentId), "recorded again");
  }

  private List<String> recorded(String agentId) throws Exception {
    try (var connection = dataSource.getConnection();
        var query =
            connection.prepareStatement(
                "SELECT entity_id FROM agent_mutations WHERE agent_id = ? ORDER BY entity_id")) {
      query.setString(1, agentId);
      var entities = new ArrayList<String>();
      try (var rows = query.executeQuery()) {
        while (rows.next()) {
          entities.add(rows.getString(1));
        }
      }
      return entities;
    }
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
