package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.control.JournalFixture;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import io.reveille.testing.PublicQueue;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An agent sets its own next wake ({@code set_next_wake}): it wakes then, with what its
 * subscriptions heard meanwhile merged into that one run; a second call replaces the first; a wake
 * outside its kind's bounds, or asked for in two ways at once, is refused naming the argument.
 */
@ExtendWith(ArquillianExtension.class)
class OwnNextWakeIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject JournalFixture fixture;

  @Inject PublicQueue queue;

  @Test
  void theAgentWakesWhenItChoseWithWhatItHeardMeanwhile() {
    var heard = "heard-" + UUID.randomUUID();
    var agentId = agents.create(NewAgent.custom("Sleeper " + heard)).agent().getId();
    subscriptions.create(agentId, new NewSubscription(List.of(), List.of(), List.of(heard), null));

    var set = setNextWake(agentId, "{\"in\":\"PT4S\",\"reason\":\"look again later\"}");
    var wakeAt = Instant.parse(set.getString("wakeAt"));
    var runKey = set.getString("runKey");
    assertTrue(set.getJsonArray("replaced").isEmpty(), set::toString);
    var asleep = state(agentId);
    assertEquals(wakeAt, Instant.parse(asleep.getString("sleepUntil")), asleep::toString);

    // Heard while asleep: it waits for the wake the agent chose, in that one run.
    queue.send(
        "{\"schemaVersion\":1,\"batchId\":\"%s\",\"tokens\":[\"%s\"]}"
            .formatted("sleeper-" + UUID.randomUUID(), heard));
    Poll.until(
        WAKE,
        () -> run(agentId, runKey).getStatus() == WakeStatus.COMPLETED,
        () -> "runs " + fixture.runs(agentId));

    var woke = run(agentId, runKey);
    assertEquals(WakeReason.SCHEDULED, woke.getReason());
    assertFalse(woke.getStartedAt().isBefore(wakeAt), () -> woke.getStartedAt() + " < " + wakeAt);
    assertTrue(woke.getTokens().contains(heard), () -> "what it heard came along: " + woke);
    assertEquals(
        List.of(runKey),
        fixture.runs(agentId).stream().map(WakeRunLogEntry::getRunKey).toList(),
        "one run: the wake it chose");
    var awake = state(agentId);
    assertTrue(!awake.containsKey("sleepUntil") || awake.isNull("sleepUntil"), awake::toString);
    agents.destroy(agentId, OptionalLong.empty());
  }

  @Test
  void aSecondNextWakeReplacesTheFirst() {
    var agentId = agents.create(NewAgent.custom("Sleeper " + UUID.randomUUID())).agent().getId();

    var first = setNextWake(agentId, "{\"in\":\"PT10M\",\"reason\":\"much later\"}");
    var second = setNextWake(agentId, "{\"in\":\"PT2S\",\"reason\":\"sooner after all\"}");

    assertEquals(
        List.of(first.getString("runKey")),
        second.getJsonArray("replaced").getValuesAs(jakarta.json.JsonString.class).stream()
            .map(jakarta.json.JsonString::getString)
            .toList());
    var replaced = run(agentId, first.getString("runKey"));
    assertEquals(WakeStatus.SKIPPED, replaced.getStatus());
    assertTrue(replaced.getErrorMessage().startsWith("replaced by the agent's next wake"));
    Poll.until(
        WAKE,
        () -> run(agentId, second.getString("runKey")).getStatus() == WakeStatus.COMPLETED,
        () -> "runs " + fixture.runs(agentId));
    agents.destroy(agentId, OptionalLong.empty());
  }

  @Test
  void aNextWakeOutsideTheBoundsOrAskedTwoWaysIsRefusedNamingTheArgument() {
    var agentId = agents.create(NewAgent.custom("Sleeper " + UUID.randomUUID())).agent().getId();

    assertRefused(agentId, "{\"in\":\"PT0.5S\",\"reason\":\"too soon\"}", "in");
    assertRefused(agentId, "{\"in\":\"P400D\",\"reason\":\"too late\"}", "in");
    assertRefused(
        agentId, "{\"in\":\"PT1H\",\"at\":\"2030-01-01T07:00\",\"reason\":\"both\"}", "at");
    assertRefused(agentId, "{\"at\":\"tomorrow\",\"reason\":\"vague\"}", "at");
    assertRefused(
        agentId,
        "{\"at\":\"2030-01-01T07:00\",\"zone\":\"Mars/Olympus\",\"reason\":\"far\"}",
        "zone");
    assertRefused(agentId, "{\"in\":\"PT1H\",\"reason\":\" \"}", "reason");

    assertEquals(List.of(), fixture.runs(agentId), "nothing scheduled");
    agents.destroy(agentId, OptionalLong.empty());
  }

  private void assertRefused(String agentId, String arguments, String field) {
    var response = call(agentId, arguments);
    assertEquals(400, response.status(), response::toString);
    var body = response.json();
    assertEquals("invalid_arguments", body.getString("errorCode"), body::toString);
    assertTrue(body.toString().contains(field), () -> field + " named in " + body);
  }

  private static JsonObject setNextWake(String agentId, String arguments) {
    var response = call(agentId, arguments);
    assertEquals(200, response.status(), response::toString);
    return response.json().getJsonObject("payload");
  }

  private static Api.Response call(String agentId, String arguments) {
    return Api.inServer()
        .post(
            "/api/agents/" + agentId + "/tools/set_next_wake",
            "{\"operationId\":\"op-" + UUID.randomUUID() + "\",\"arguments\":" + arguments + "}");
  }

  private static JsonObject state(String agentId) {
    return Api.inServer().get("/api/agents/" + agentId + "/state").json();
  }

  private WakeRunLogEntry run(String agentId, String runKey) {
    return fixture.runs(agentId).stream()
        .filter(r -> r.getRunKey().equals(runKey))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no run " + runKey + " in " + fixture.runs(agentId)));
  }
}
