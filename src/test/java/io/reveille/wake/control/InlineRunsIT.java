package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationIntake;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A batch's first delivery that wakes exactly one agent whose run is self-contained (a custom agent
 * on the deterministic engine) runs that run inside the intake's own transaction; a redelivered
 * batch, and a batch that wakes several agents, leave their jobs queued for the wake queue. Seen
 * from inside the intake's transaction, before it commits: there the queue cannot have run anything
 * yet.
 */
@ExtendWith(ArquillianExtension.class)
class InlineRunsIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject NotificationIntake intake;
  @Inject NotificationBatchParser parser;
  @Inject JournalFixture fixture;
  @Inject UserTransaction transaction;

  @Test
  void aFirstDeliveryWakingOneAgentRunsItWithinTheIntake() throws Exception {
    var entity = "inline-" + UUID.randomUUID();
    var agent = watcherOf(entity);

    var statuses = acceptInOneTransaction(entity, true, agent);

    assertEquals(List.of(WakeStatus.COMPLETED), statuses, "completed before the intake commits");
    assertEquals(WakeStatus.COMPLETED, fixture.runs(agent).get(0).getStatus());
  }

  @Test
  void aRedeliveredBatchLeavesItsWakeToTheQueue() throws Exception {
    var entity = "inline-redelivered-" + UUID.randomUUID();
    var agent = watcherOf(entity);

    var statuses = acceptInOneTransaction(entity, false, agent);

    assertEquals(List.of(WakeStatus.QUEUED), statuses, "queued inside the intake's transaction");
    Poll.until(WAKE, () -> completed(agent) == 1);
  }

  @Test
  void aBatchWakingSeveralAgentsQueuesEachOfThem() throws Exception {
    var entity = "inline-fan-out-" + UUID.randomUUID();
    var first = watcherOf(entity);
    var second = watcherOf(entity);

    var statuses = acceptInOneTransaction(entity, true, first, second);

    assertEquals(List.of(WakeStatus.QUEUED, WakeStatus.QUEUED), statuses);
    Poll.until(WAKE, () -> completed(first) == 1 && completed(second) == 1);
  }

  /**
   * Takes in a batch naming {@code entity} inside a transaction of the test's own and returns the
   * status of each agent's run as that transaction sees it just before it commits.
   */
  private List<WakeStatus> acceptInOneTransaction(
      String entity, boolean firstDelivery, String... watchers) throws Exception {
    var batch =
        parser.parse(
            "{\"schemaVersion\":1,\"batchId\":\"%s\",\"tokens\":[\"%s\"]}"
                .formatted("inline-batch-" + UUID.randomUUID(), entity));
    transaction.begin();
    try {
      intake.accept(batch, firstDelivery);
      var statuses =
          java.util.Arrays.stream(watchers)
              .map(agent -> fixture.runs(agent))
              .map(runs -> runs.isEmpty() ? null : runs.get(0))
              .map(run -> run == null ? null : run.getStatus())
              .toList();
      transaction.commit();
      return statuses;
    } catch (Exception | Error e) {
      transaction.rollback();
      throw e;
    }
  }

  private String watcherOf(String entity) {
    var agentId = agents.create(NewAgent.custom("Inline watcher")).agent().getId();
    subscriptions.create(agentId, new NewSubscription(List.of(), List.of(), List.of(entity), null));
    return agentId;
  }

  private long completed(String agentId) {
    return fixture.runs(agentId).stream()
        .map(WakeRunLogEntry::getStatus)
        .filter(status -> status == WakeStatus.COMPLETED)
        .count();
  }
}
