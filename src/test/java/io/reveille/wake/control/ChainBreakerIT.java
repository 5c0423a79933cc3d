package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentChains;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Api;
import io.reveille.testing.NotificationSentinel;
import io.reveille.testing.Poll;
import io.reveille.testing.ThinkingAgents;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.Stream;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two agents that each listen to the other's messages wake each other in a loop, each run's
 * messages one hop deeper than the batch that woke it. The chain breaker stops them: by default
 * when the chain comes back to an agent it already went through, and, for agents that allow cycles,
 * once it is deeper than their hop limit. What did not run is in the run log, skipped, with the
 * chain and why.
 */
@ExtendWith(ArquillianExtension.class)
class ChainBreakerIT {

  private static final Duration SETTLED = Duration.ofSeconds(90);

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject WakeScheduler scheduler;
  @Inject JournalFixture fixture;
  @Inject NotificationSentinel sentinel;
  @Inject InferenceGateway gateway;

  @Test
  void aChainThatComesBackToAnAgentStopsThere() {
    var first = agents.create(NewAgent.custom("Chain first " + UUID.randomUUID())).agent().getId();
    var second =
        agents.create(NewAgent.custom("Chain second " + UUID.randomUUID())).agent().getId();
    listen(first, second);
    listen(second, first);

    scheduler.scheduleManual(first, Optional.empty());

    var cameBack = settledRuns(first, second);
    destroy(first, second);
    var firstRuns = runsOf(cameBack, first);
    var secondRuns = runsOf(cameBack, second);
    assertEquals(2, firstRuns.size(), () -> "the manual run and the wake refused: " + cameBack);
    var refused = firstRuns.get(0);
    assertEquals(WakeStatus.SKIPPED, refused.getStatus(), refused::toString);
    assertEquals(WakeReason.SUBSCRIPTION, refused.getReason());
    assertTrue(refused.getErrorMessage().startsWith("chain came back"), refused::getErrorMessage);
    assertEquals(Optional.of("chain_broken"), refused.getErrorCode());
    assertEquals(2, refused.getCauseHops());
    assertEquals(List.of(first, second), refused.getCauseChain());
    var manual = firstRuns.get(1);
    assertEquals(WakeReason.MANUAL, manual.getReason());
    assertEquals(0, manual.getCauseHops(), "a person's wake has nothing behind it");
    assertEquals(1, secondRuns.size(), () -> "woken once: " + cameBack);
    assertEquals(WakeStatus.COMPLETED, secondRuns.get(0).getStatus());
    assertEquals(1, secondRuns.get(0).getCauseHops());
    assertEquals(List.of(first), secondRuns.get(0).getCauseChain());
    var activity = Api.inServer().get("/api/agents/" + first).json().getJsonObject("activity");
    assertEquals(2, activity.getInt("runCount"), activity::toString);
    assertEquals(1, activity.getInt("chainBreakCount"), "the agent shows its chain broken");
  }

  @Test
  void modelDrivenAgentsThatAllowCyclesStopAtTheirHopLimit() {
    var marker = "chain-" + UUID.randomUUID();
    var model = OpenAiProtocolServer.shared().alwaysAnswer(marker, "Noted.");
    ClosedCircuit.await(gateway);
    try {
      var first = talker(marker, "first");
      var second = talker(marker, "second");
      listen(first, second);
      listen(second, first);

      scheduler.scheduleManual(first, Optional.empty());

      var loop = settledRuns(first, second);
      destroy(first, second);
      var shown =
          shown(loop, first, second)
              + ", model requests naming the agents: "
              + model.requestsMentioning(marker);
      var ran = loop.stream().filter(r -> r.getStatus() != WakeStatus.SKIPPED).toList();
      var refused = loop.stream().filter(r -> r.getStatus() == WakeStatus.SKIPPED).toList();
      assertTrue(
          ran.stream().allMatch(r -> r.getStatus() == WakeStatus.COMPLETED),
          () -> "every run that ran completed: " + shown);
      assertEquals(
          2,
          ran.stream().mapToInt(WakeRunLogEntry::getCauseHops).max().orElse(-1),
          () -> "runs two hops deep ran, and none deeper: " + shown);
      assertTrue(
          ran.stream().anyMatch(r -> r.getAgentId().equals(first) && r.getCauseHops() == 2),
          () -> "the chain came back to the first agent, which allows it: " + shown);
      assertFalse(refused.isEmpty(), () -> "the third hop was refused: " + shown);
      for (var skipped : refused) {
        assertEquals(second, skipped.getAgentId(), shown);
        assertEquals(3, skipped.getCauseHops(), shown);
        assertEquals(List.of(first, second, first), skipped.getCauseChain());
        assertTrue(
            skipped.getErrorMessage().startsWith("chain too deep: 3 agent runs"),
            skipped::getErrorMessage);
      }
    } finally {
      model.forget(marker);
    }
  }

  /** The test's agents leave the world: no other test's batch wakes them. */
  private void destroy(String... agentIds) {
    for (var agentId : agentIds) {
      agents.destroy(agentId, OptionalLong.empty());
    }
  }

  /** A custom agent that thinks with the scripted model, allows cycles and at most two hops. */
  private String talker(String marker, String name) {
    return agents
        .create(
            ThinkingAgents.thinking(
                name + " talker",
                marker,
                config -> config.withChains(AgentChains.of(OptionalInt.of(2), true))))
        .agent()
        .getId();
  }

  /**
   * {@code listener} wakes on every message in {@code speaker}'s log, and on no other agent's (a
   * subscription matches any of its tokens: the predicate narrows the key to the speaker).
   */
  private void listen(String listener, String speaker) {
    subscriptions.create(
        listener,
        new NewSubscription(
            List.of("AGENT_MESSAGE"), List.of(), List.of(), "agentId == \"" + speaker + "\""));
  }

  /**
   * The two agents' runs once nothing of theirs is queued or running and every batch their runs
   * made has been taken in (a wake one of them caused would be in the run log then), newest first.
   */
  private List<WakeRunLogEntry> settledRuns(String first, String second) {
    Poll.until(
        SETTLED,
        () -> {
          sentinel.passThroughTheQueue();
          var runs = runs(first, second);
          return !runs.isEmpty()
              && runs.stream()
                  .noneMatch(
                      r ->
                          r.getStatus() == WakeStatus.QUEUED || r.getStatus() == WakeStatus.STARTED)
              && settled(first, second, runs.size());
        },
        () -> "runs " + runs(first, second));
    return runs(first, second);
  }

  /** Whether, after one more pass through the queue, no run was added to {@code count}. */
  private boolean settled(String first, String second, int count) {
    sentinel.passThroughTheQueue();
    return runs(first, second).size() == count;
  }

  private List<WakeRunLogEntry> runs(String first, String second) {
    return Stream.concat(fixture.runs(first).stream(), fixture.runs(second).stream()).toList();
  }

  /** The runs as a failure shows them: whose, why, how it ended, and the chain behind it. */
  private static String shown(List<WakeRunLogEntry> runs, String first, String second) {
    return runs.stream()
        .map(
            r ->
                (r.getAgentId().equals(first) ? "first" : "second")
                    + " "
                    + r.getReason().wire()
                    + " "
                    + r.getStatus().wire()
                    + " hops "
                    + r.getCauseHops()
                    + " "
                    + r.getCauseChain().stream()
                        .map(id -> id.equals(first) ? "first" : id.equals(second) ? "second" : id)
                        .toList()
                    + (r.getErrorMessage() == null ? "" : " (" + r.getErrorMessage() + ")"))
        .toList()
        .toString();
  }

  private static List<WakeRunLogEntry> runsOf(List<WakeRunLogEntry> runs, String agentId) {
    return runs.stream().filter(r -> r.getAgentId().equals(agentId)).toList();
  }
}
