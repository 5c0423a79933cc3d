package io.reveille.schedule.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.suite.BesideTheChain;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Timers over HTTP on the real server: a timer fires once, on time (its alarm woke the clock), as a
 * {@code timer} wake naming its scheduled instant; it is not throttled by a subscription wake just
 * before it; a deleted timer never fires; invalid definitions are refused with 400 and nothing is
 * stored.
 */
@ExtendWith(BesideTheChain.class)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ)
class TimersIT {

  private static final Duration THROTTLE =
      Duration.ofSeconds(Long.getLong("reveille.it.wakeThrottleSeconds", 6));

  /**
   * How late a firing may start: a round's work on a busy machine, far less than the test server's
   * longest sleep of the clock (a minute).
   */
  private static final Duration ON_TIME = Duration.ofSeconds(5);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  /**
   * A daily timer of the agent due about {@code seconds} from now, today. When the request took
   * longer than that (a loaded machine), the time of day had passed when the server read it and the
   * timer is tomorrow's: it is deleted and made again with twice the lead, so that no test waits a
   * day for it.
   */
  private JsonObject dailyTimerIn(String agentId, int seconds) {
    for (var lead = seconds; ; lead *= 2) {
      var at = LocalTime.now(ZoneOffset.UTC).plusSeconds(lead).truncatedTo(ChronoUnit.SECONDS);
      var created =
          api.post(
              "/api/agents/" + agentId + "/timers",
              "{\"schedule\":{\"kind\":\"daily\",\"time\":\"" + at + "\",\"zone\":\"UTC\"}}");
      assertEquals(201, created.status(), created::toString);
      var timer = created.json();
      var due = Instant.parse(timer.getString("nextFireAt"));
      if (due.isBefore(Instant.now().plusSeconds(lead).plus(Duration.ofHours(1)))) {
        return timer;
      }
      var deleted = api.delete("/api/agents/" + agentId + "/timers/" + timer.getString("id"));
      assertEquals(204, deleted.status(), deleted::toString);
      assertTrue(lead < 600, "a timer due in " + lead + " s was still made tomorrow's: " + timer);
    }
  }

  @Test
  void aPreviewShowsTheNextFiringsInTheZoneAndSavesNothing() {
    var agentId = agents.createCustom("Previewed alarms");
    var body =
        "{\"schedule\":{\"kind\":\"weekly\",\"dayOfWeek\":\"MONDAY\",\"time\":\"07:00\","
            + "\"zone\":\"Europe/Berlin\"}}";

    var previewed = api.post("/api/agents/" + agentId + "/timers/preview?count=3", body);

    assertEquals(200, previewed.status(), previewed::toString);
    var firings =
        previewed.json().getJsonArray("firings").getValuesAs(JsonString.class).stream()
            .map(text -> Instant.parse(text.getString()).atZone(ZoneId.of("Europe/Berlin")))
            .toList();
    assertEquals(3, firings.size(), previewed::toString);
    for (var firing : firings) {
      assertEquals(java.time.DayOfWeek.MONDAY, firing.getDayOfWeek(), firings::toString);
      assertEquals(LocalTime.of(7, 0), firing.toLocalTime(), firings::toString);
      assertTrue(firing.toInstant().isAfter(Instant.now().minusSeconds(5)), firings::toString);
    }
    assertEquals(
        java.time.Duration.ofDays(7).toHours(),
        java.time.Duration.between(
                firings.get(1).toLocalDateTime(), firings.get(2).toLocalDateTime())
            .toHours());
    assertEquals(
        0,
        api.get("/api/agents/" + agentId + "/timers").structure().asJsonArray().size(),
        "nothing saved");

    var bad =
        api.post(
            "/api/agents/" + agentId + "/timers/preview",
            "{\"schedule\":{\"kind\":\"daily\",\"time\":\"25:00\",\"zone\":\"UTC\"}}");
    assertEquals(400, bad.status(), bad::toString);
    assertTrue(bad.body().contains("schedule.time"), bad::toString);
    var tooMany = api.post("/api/agents/" + agentId + "/timers/preview?count=51", body);
    assertEquals(400, tooMany.status(), tooMany::toString);
    var byViewer =
        api.as(io.reveille.security.control.Role.VIEWER)
            .post("/api/agents/" + agentId + "/timers/preview", body);
    assertEquals(403, byViewer.status(), byViewer::toString);
  }

  @Test
  void anAgentHasAtMostItsCapOfTimers() {
    var agentId = agents.createCustom("Many alarms");
    var cap = Integer.getInteger("reveille.it.capPerAgent", 8);
    for (var i = 0; i < cap; i++) {
      dailyTimerIn(agentId, 3_600 + i);
    }

    var refused =
        api.post(
            "/api/agents/" + agentId + "/timers",
            "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"UTC\"}}");

    assertEquals(409, refused.status(), refused::toString);
    assertTrue(
        refused.json().getString("detail").contains("reveille.timer.max-per-agent"),
        refused::toString);
  }

  @Test
  void aTimerDueInAFewSecondsFiresOnceAsATimerWakeWithItsScheduledInstant() {
    var agentId = agents.createCustom("Morning");
    var timer = dailyTimerIn(agentId, 4);
    var scheduled = Instant.parse(timer.getString("nextFireAt"));
    // The agent's next timer wake is the timer's; on a loaded machine the timer may have fired
    // already when the state is read, and then it is the next day's (the run's checks below prove
    // the firing itself).
    var wakeAt =
        Instant.parse(
            api.get("/api/agents/" + agentId + "/state").json().getString("scheduledWakeAt"));
    assertTrue(
        wakeAt.equals(scheduled) || wakeAt.equals(scheduled.plus(Duration.ofDays(1))),
        "the timer's next firing, " + scheduled + " or the day after, not " + wakeAt);

    // The test server's clock sleeps a minute between rounds (reveille.timer.poll-millis) unless
    // an alarm wakes it: a clock that polled would mostly miss these bounds.
    await()
        .atMost(Duration.between(Instant.now(), scheduled.plus(ON_TIME).plusSeconds(2)))
        .until(() -> !agents.completedRuns(agentId, "timer").isEmpty());
    var run = agents.runs(agentId, "timer").get(0);
    assertEquals(scheduled, Instant.parse(run.getString("scheduledAt")));
    assertEquals(1, run.getJsonNumber("firings").longValue());
    var started = Instant.parse(run.getString("startedAt"));
    assertTrue(!started.isBefore(scheduled), "not before its time: " + started);
    assertTrue(
        started.isBefore(scheduled.plus(ON_TIME)),
        "on time: the new alarm woke the clock, which did not wait out its sleep: " + started);

    var after = api.get("/api/agents/" + agentId + "/timers/" + timer.getString("id")).json();
    assertEquals(scheduled.toString(), after.getString("lastFiredAt"));
    assertEquals(scheduled.plus(Duration.ofDays(1)).toString(), after.getString("nextFireAt"));
    var messages =
        api.get("/api/agents/" + agentId + "/messages?kind=system").json().getJsonArray("items");
    assertEquals(1, messages.size());
    assertEquals(run.getString("runKey"), messages.getJsonObject(0).getString("triggerSourceId"));

    // A second run of the firing would have been enqueued before this manual wake.
    var sentinel = agents.awaitManualWake(agentId);
    assertEquals(1, agents.runs(agentId, "timer").size(), "one firing, one run");
    assertEquals(2, agents.runs(agentId).size(), "the timer's run and the sentinel " + sentinel);
  }

  @Test
  void aTimerIsNotThrottledByASubscriptionWakeJustBeforeIt() {
    var agentId = agents.createCustom("Busy");
    var entity = "e-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    sendBatch(entity);
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
    var subscriptionStarted =
        Instant.parse(agents.runs(agentId, "subscription").get(0).getString("startedAt"));

    var timer = dailyTimerIn(agentId, 2);
    var scheduled = Instant.parse(timer.getString("nextFireAt"));
    assertTrue(
        scheduled.isBefore(subscriptionStarted.plus(THROTTLE)),
        "the timer is due inside the throttle window");
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> !agents.completedRuns(agentId, "timer").isEmpty());
    var timerRun = agents.runs(agentId, "timer").get(0);
    assertTrue(
        Instant.parse(timerRun.getString("startedAt")).isBefore(scheduled.plusSeconds(3)),
        "ran at its time, not deferred to the end of the window: " + timerRun);
    assertEquals(2, agents.runs(agentId).size());
  }

  @Test
  void aFiringWhileTheAgentIsPausedIsLoggedAsSkippedWhenItResumes() {
    String agentId;
    JsonObject timer;
    Instant scheduled;
    var lead = 5;
    while (true) {
      agentId = agents.createCustom("Napping");
      timer = dailyTimerIn(agentId, lead);
      scheduled = Instant.parse(timer.getString("nextFireAt"));
      assertEquals(200, api.post("/api/agents/" + agentId + "/pause", "").status());
      // Only a pause answered a second before the timer was due proves anything: on a loaded
      // machine the timer may have fired (rightly) first. Then again, with twice the lead.
      if (Instant.now().isBefore(scheduled.minusSeconds(1))) {
        break;
      }
      assertTrue(lead < 160, "no pause came a second before its timer was due: " + timer);
      lead *= 2;
    }
    // No sentinel can exist here: pausing cancels the timer's alarm, so nothing at all happens at
    // the scheduled instant. The test needs that instant to pass while the agent sleeps.
    var asleep = Duration.between(Instant.now(), scheduled.plusSeconds(2));
    await().atMost(asleep.plusSeconds(30)).pollDelay(asleep).until(() -> true);
    assertEquals(0, agents.runs(agentId).size(), "a paused agent's timer does not fire");

    assertEquals(200, api.post("/api/agents/" + agentId + "/resume", "").status());
    var runs = agents.runs(agentId);
    assertEquals(1, runs.size(), runs::toString);
    var skipped = runs.getJsonObject(0);
    assertEquals("skipped", skipped.getString("status"));
    assertEquals("timer", skipped.getString("reason"));
    assertEquals(scheduled.toString(), skipped.getString("scheduledAt"));
    assertEquals(1, skipped.getJsonNumber("firings").longValue());
    assertTrue(skipped.getString("error").contains("not active"), skipped::toString);
    var after = api.get("/api/agents/" + agentId + "/timers/" + timer.getString("id")).json();
    assertEquals(scheduled.plus(Duration.ofDays(1)).toString(), after.getString("nextFireAt"));
  }

  @Test
  void aDeletedTimerNeverFires() {
    String agentId;
    JsonObject timer;
    var lead = 5;
    while (true) {
      agentId = agents.createCustom("Cancelled");
      timer = dailyTimerIn(agentId, lead);
      var deleted = api.delete("/api/agents/" + agentId + "/timers/" + timer.getString("id"));
      assertEquals(204, deleted.status(), deleted::toString);
      // Only a deletion answered a second before the timer was due proves anything: on a loaded
      // machine the timer may have been due (and fired, rightly) before the deletion was made.
      // Then again, with a new agent and twice the lead.
      if (Instant.now().isBefore(Instant.parse(timer.getString("nextFireAt")).minusSeconds(1))) {
        break;
      }
      assertTrue(lead < 160, "no deletion came a second before its timer was due: " + timer);
      lead *= 2;
    }
    assertEquals(
        404, api.get("/api/agents/" + agentId + "/timers/" + timer.getString("id")).status());
    var state = api.get("/api/agents/" + agentId + "/state").json();
    assertTrue(
        !state.containsKey("scheduledWakeAt") || state.isNull("scheduledWakeAt"),
        "no next timer wake: " + state);

    // The sentinel: another timer of the agent, due after the deleted one would have fired. Its
    // lead is counted from the deleted timer's due time, which may lie further out than the lead
    // asked for (dailyTimerIn asks again with a longer lead when the server made it tomorrow's).
    var deletedDue = Instant.parse(timer.getString("nextFireAt"));
    var sentinel =
        dailyTimerIn(agentId, (int) Duration.between(Instant.now(), deletedDue).toSeconds() + 3);
    var sentinelAt = Instant.parse(sentinel.getString("nextFireAt"));
    assertTrue(sentinelAt.isAfter(deletedDue), sentinel::toString);
    var cancelled = agentId;
    await()
        .atMost(Duration.between(Instant.now(), sentinelAt).plusSeconds(60))
        .until(() -> !agents.completedRuns(cancelled, "timer").isEmpty());
    var runs = agents.runs(agentId);
    assertEquals(1, runs.size(), "only the sentinel's firing ran: " + runs);
    assertEquals(sentinelAt.toString(), runs.getJsonObject(0).getString("scheduledAt"));
  }

  @Test
  void invalidDefinitionsAreRefusedWithTheFieldAndNothingIsStored() {
    var agentId = agents.createCustom("Strict");
    for (var bad :
        List.of(
            "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Atlantis\"}}",
            "{\"schedule\":{\"kind\":\"calendar\",\"dayOfMonth\":\"31\",\"month\":\"Feb\","
                + "\"zone\":\"UTC\"}}",
            "{\"schedule\":{\"kind\":\"interval\",\"everySeconds\":0}}",
            "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\"}}",
            "{\"schedule\":{\"kind\":\"fortnightly\"}}",
            "not json")) {
      var response = api.post("/api/agents/" + agentId + "/timers", bad);
      assertEquals(400, response.status(), bad + " → " + response);
      assertEquals("application/problem+json", response.contentType(), response::toString);
    }
    var zone =
        api.post(
            "/api/agents/" + agentId + "/timers",
            "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Atlantis\"}}");
    assertTrue(zone.body().contains("schedule.zone"), zone::toString);
    assertEquals(0, api.get("/api/agents/" + agentId + "/timers").structure().asJsonArray().size());
    assertEquals(
        404,
        api.post(
                "/api/agents/no-such-agent/timers",
                "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"UTC\"}}")
            .status());
  }

  private static void sendBatch(String entityId) {
    Broker.sendNotification(
        "{\"schemaVersion\":1,\"batchId\":\"b-"
            + UUID.randomUUID()
            + "\",\"tokens\":[\""
            + entityId
            + "\"]}");
  }
}
