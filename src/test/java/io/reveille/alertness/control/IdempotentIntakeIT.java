package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Poll;
import io.reveille.wake.control.WakeQueue;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Queue;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The intake as an idempotent inbox: the batch and its wake runs commit in a transaction of the
 * database alone, the wake jobs are held until then, and a delivery of the batch that comes back
 * after that commit (the JVM died before the jobs were sent and the delivery acknowledged) finds it
 * recorded and puts its still-queued runs on the wake queue, each running once.
 */
@ExtendWith(ArquillianExtension.class)
class IdempotentIntakeIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject NotificationIntake intake;
  @Inject NotificationBatchParser parser;
  @Inject WakeQueue queue;
  @Inject JournalFixture fixture;

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notifications")
  Queue notifications;

  @Test
  void wakeJobsLostAfterTheIntakeCommittedComeBackWithTheBatchsRedeliveryAndRunOnce()
      throws InvalidBatchException {
    var entity = "inbox-" + UUID.randomUUID();
    // Two agents: a batch waking several keeps one job per agent on the queue, none run inline.
    var first = watcherOf(entity);
    var second = watcherOf(entity);
    var body =
        "{\"schemaVersion\":1,\"batchId\":\"%s\",\"tokens\":[\"%s\"]}"
            .formatted("inbox-batch-" + UUID.randomUUID(), entity);

    // The first delivery: its transaction commits, and the JVM dies before the jobs are sent.
    var taken = intake.takeIn(parser.parse(body), true);

    assertTrue(taken.recorded());
    var runKeys = taken.jobs().jobs().stream().map(WakeQueue.Job::runKey).toList();
    assertEquals(2, runKeys.size(), "a job per agent, held: " + taken.jobs().jobs());
    assertEquals(Set.of(), queue.waiting(runKeys), "nothing sent inside the intake");
    assertEquals(List.of(WakeStatus.QUEUED), statuses(first));
    assertEquals(List.of(WakeStatus.QUEUED), statuses(second));

    // The broker delivers the unacknowledged batch again.
    try (var context = connectionFactory.createContext()) {
      context.createProducer().send(notifications, body);
    }

    Poll.until(
        WAKE,
        () ->
            statuses(first).equals(List.of(WakeStatus.COMPLETED))
                && statuses(second).equals(List.of(WakeStatus.COMPLETED)));
  }

  private List<WakeStatus> statuses(String agentId) {
    return fixture.runs(agentId).stream().map(WakeRunLogEntry::getStatus).toList();
  }

  private String watcherOf(String entity) {
    var agentId = agents.create(NewAgent.custom("Inbox watcher")).agent().getId();
    subscriptions.create(agentId, new NewSubscription(List.of(), List.of(), List.of(entity), null));
    return agentId;
  }
}
