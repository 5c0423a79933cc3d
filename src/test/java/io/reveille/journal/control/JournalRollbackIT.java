package io.reveille.journal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.testing.NotificationSentinel;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A journal change and its notification batch share one JTA transaction (the batch is an outbox row
 * written in it): when the transaction rolls back, no batch is recorded and nobody wakes; the same
 * change committed wakes its watcher, and the intake has taken its row out of the outbox.
 */
@ExtendWith(ArquillianExtension.class)
class JournalRollbackIT {

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject JournalService journal;
  @Inject JournalFixture fixture;
  @Inject UserTransaction transaction;
  @Inject NotificationSentinel sentinel;

  @Test
  void aRolledBackChangeRecordsNoBatchAndWakesNobody() throws Exception {
    var title = "rollback-" + UUID.randomUUID();
    var watcher = watcher("title == \"" + title + "\"");

    transaction.begin();
    String rolledBack;
    try {
      rolledBack = journal.createTask(JournalFixture.newTask(title), ChangeOrigin.NONE).getId();
    } finally {
      transaction.rollback();
    }

    // A committed change after it, through the same queue, then a sentinel batch: once both
    // have been recorded, the rolled-back one would have been consumed too, had it been sent.
    var committed = journal.createTask(JournalFixture.newTask(title), ChangeOrigin.NONE).getId();
    Poll.until(Duration.ofSeconds(30), () -> completedRuns(watcher) == 1);
    sentinel.passThroughTheQueue();

    assertEquals(0, fixture.batchesMentioning(rolledBack), "no batch for the rolled-back task");
    assertEquals(1, fixture.batchesMentioning(committed));
    assertEquals(
        0, fixture.outboxRowsMentioning(committed), "taken out of the outbox when taken in");
    assertEquals(0, fixture.outboxRowsMentioning(rolledBack), "never written: rolled back");
    var runs = fixture.runs(watcher);
    assertEquals(1, runs.size(), "one wake, for the committed change only");
    assertEquals(List.of("TASK"), runs.get(0).getTokens(), "woken by the key it subscribed to");
  }

  @Test
  void aRolledBackUpdateOfACommittedTaskWakesNobody() throws Exception {
    var title = "rollback-update-" + UUID.randomUUID();
    var task = journal.createTask(JournalFixture.newTask(title), ChangeOrigin.NONE).getId();
    var watcher = watcher("title == \"" + title + "\" && status == \"done\"");
    // The creation's batch, if any subscription wanted it, has been taken in.
    sentinel.passThroughTheQueue();
    var recorded = fixture.batchesMentioning(task);

    transaction.begin();
    try {
      journal.updateTask(
          task,
          OptionalLong.empty(),
          JournalFixture.statusChange(TaskStatus.DONE),
          ChangeOrigin.NONE);
    } finally {
      transaction.rollback();
    }
    // The update would wake the watcher, so it was published: inside the transaction, which took
    // it back.
    sentinel.passThroughTheQueue();
    assertEquals(recorded, fixture.batchesMentioning(task), "no batch for the rolled-back update");
    assertEquals(0, fixture.runs(watcher).size());
    assertEquals(TaskStatus.OPEN, journal.task(task).getStatus());

    journal.updateTask(
        task,
        OptionalLong.empty(),
        JournalFixture.statusChange(TaskStatus.DONE),
        ChangeOrigin.NONE);
    Poll.until(Duration.ofSeconds(30), () -> completedRuns(watcher) == 1);
  }

  private String watcher(String predicate) {
    var agentId = agents.create(NewAgent.custom("Journal watcher")).agent().getId();
    subscriptions.create(
        agentId, new NewSubscription(List.of("TASK"), List.of(), List.of(), predicate));
    return agentId;
  }

  private long completedRuns(String agentId) {
    return fixture.runs(agentId).stream()
        .filter(run -> run.getStatus() == WakeStatus.COMPLETED)
        .count();
  }
}
