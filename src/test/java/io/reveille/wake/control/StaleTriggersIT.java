package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Poll;
import io.reveille.testing.PublicQueue;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A batch that names its host and counter moves the woken agent's watermark for that host once the
 * run completes ({@code processedCounterByHost}); a later batch whose counter is not past it (a
 * replay, a late copy from another site) is a stale trigger: skipped, with why.
 */
@ExtendWith(ArquillianExtension.class)
class StaleTriggersIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject JournalFixture fixture;

  @Inject PublicQueue queue;

  @Test
  void theWatermarkAdvancesPerRunAndAStaleTriggerIsSkipped() {
    var token = "counted-" + UUID.randomUUID();
    var host = "site-" + UUID.randomUUID();
    var agentId = agents.create(NewAgent.custom("Counting " + token)).agent().getId();
    subscriptions.create(agentId, new NewSubscription(List.of(), List.of(), List.of(token), null));

    send(host, 5, token);
    Poll.until(
        WAKE, () -> runs(agentId, WakeStatus.COMPLETED) == 1, () -> "runs " + shown(agentId));
    assertEquals(Map.of(host, 5L), agents.state(agentId).getProcessedCounterByHost());

    send(host, 3, token);
    Poll.until(WAKE, () -> runs(agentId, WakeStatus.SKIPPED) == 1, () -> "runs " + shown(agentId));
    var stale =
        fixture.runs(agentId).stream()
            .filter(r -> r.getStatus() == WakeStatus.SKIPPED)
            .findFirst()
            .orElseThrow();
    assertEquals(Optional.of("stale_trigger"), stale.getErrorCode());
    assertTrue(
        stale.getErrorMessage().startsWith("stale trigger: " + host + "'s batch at counter 3"),
        stale::getErrorMessage);

    send(host, 6, token);
    Poll.until(
        WAKE, () -> runs(agentId, WakeStatus.COMPLETED) == 2, () -> "runs " + shown(agentId));
    assertEquals(Map.of(host, 6L), agents.state(agentId).getProcessedCounterByHost());
    agents.destroy(agentId, OptionalLong.empty());
  }

  private void send(String host, long counter, String token) {
    queue.send(
        "{\"schemaVersion\":1,\"batchId\":\"%s\",\"hostId\":\"%s\",\"counter\":%d,\"tokens\":[\"%s\"]}"
            .formatted("counted-" + UUID.randomUUID(), host, counter, token));
  }

  private long runs(String agentId, WakeStatus status) {
    return fixture.runs(agentId).stream().filter(r -> r.getStatus() == status).count();
  }

  private List<String> shown(String agentId) {
    return fixture.runs(agentId).stream()
        .map(WakeRunLogEntry::getStatus)
        .map(WakeStatus::wire)
        .toList();
  }
}
