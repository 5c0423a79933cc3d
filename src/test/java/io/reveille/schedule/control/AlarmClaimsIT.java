package io.reveille.schedule.control;

import static io.reveille.testing.RoundTripBudget.measure;
import static io.reveille.testing.RoundTripBudget.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.platform.DatabaseKind;
import io.reveille.schedule.control.AlarmBatches.Claimed;
import io.reveille.testing.RoundTripBudget;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.transaction.UserTransaction;
import java.io.StringReader;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A claim takes the due alarms with their timers' agents and their nominal firings as stored, and
 * holds them until its transaction ends. On PostgreSQL, where it is one statement that skips the
 * rows other claims hold, two claims at once, neither committed, take disjoint alarms without
 * waiting on each other (on Derby the clock never claims beside itself). A claim costs a fixed
 * number of statements whatever it takes ({@link #CLAIM}). The claims roll back, and the test's
 * timers are deleted, so that nothing of the suite's other tests is held or left behind.
 */
@ExtendWith(ArquillianExtension.class)
class AlarmClaimsIT {

  private static final String DAILY =
      "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Berlin\"}}";

  private static final int OURS = 4;

  /**
   * A claim, whatever it takes: on PostgreSQL one statement; on Derby the due timers' read, their
   * alarms' update and the claimed rows' read.
   */
  static final RoundTripBudget CLAIM =
      new RoundTripBudget(
          "A claim of due timer alarms, whatever it takes",
          of(3, 3, 1),
          of(1, 1, 1),
          "a fixed number of statements, not one an alarm");

  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject AlarmBatches batches;
  @Inject AlarmClaims claims;
  @Inject TimerFixture timerFixture;
  @Inject UserTransaction transaction;

  @Resource(lookup = "java:comp/DefaultManagedExecutorService")
  ManagedExecutorService executor;

  @Test
  void claimsTakeTheDueAlarmsWithTheirAgentsAndTwoAtOnceTakeDisjointOnesWithoutWaiting()
      throws Exception {
    var skipLocked = batches.claimsSkipLocked();
    // Due a minute from now: no clock takes them before the test is done with them.
    var due = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusSeconds(60);
    var agentOf = new HashMap<String, String>();
    transaction.begin();
    try {
      for (var i = 0; i < OURS; i++) {
        var agentId = agents.create(NewAgent.custom("Claimed " + i)).agent().getId();
        var timer = timers.create(agentId, json(DAILY));
        timerFixture.makeDue(timer.getId(), due);
        agentOf.put(timer.getId(), agentId);
      }
      transaction.commit();
    } catch (Exception | Error e) {
      transaction.rollback();
      throw e;
    }

    try {
      transaction.begin();
      List<Claimed> first;
      List<Claimed> second = List.of();
      try {
        var taking = new ArrayList<List<Claimed>>();
        var cost =
            measure(
                () ->
                    taking.add(
                        claims.take(
                            due,
                            due.plus(AlarmBatches.CLAIM),
                            skipLocked ? 2 : 1_000,
                            skipLocked)));
        first = taking.get(0);
        CLAIM.assertHeld(skipLocked ? DatabaseKind.POSTGRESQL : DatabaseKind.DERBY, cost);
        if (skipLocked) {
          // Another transaction, on another thread, while the first still holds its rows.
          second = executor.submit(uncommitted(due)).get(30, TimeUnit.SECONDS);
        }
      } finally {
        transaction.rollback();
      }

      if (skipLocked) {
        assertEquals(2, first.size(), "the first claim takes its limit: " + first);
      }
      var keys = new HashSet<String>();
      for (var alarm : first) {
        keys.add(alarm.timerId() + "@" + alarm.fireAt());
      }
      for (var alarm : second) {
        assertTrue(
            keys.add(alarm.timerId() + "@" + alarm.fireAt()),
            "taken by both claims: " + alarm + " in " + first);
      }
      var taken = new ArrayList<Claimed>(first);
      taken.addAll(second);
      var ours = taken.stream().filter(alarm -> agentOf.containsKey(alarm.timerId())).toList();
      assertEquals(
          OURS, ours.size(), "every alarm of the test, by one claim or the other: " + taken);
      for (var alarm : ours) {
        assertEquals(due, alarm.fireAt(), "the nominal firing as stored");
        assertEquals(agentOf.get(alarm.timerId()), alarm.agentId(), "the timer's agent");
      }
    } finally {
      delete(agentOf);
    }
  }

  /** A claim of everything due at {@code now} in a transaction of its own that rolls back. */
  private Callable<List<Claimed>> uncommitted(Instant now) {
    return () -> {
      var own = (UserTransaction) new InitialContext().lookup("java:comp/UserTransaction");
      own.begin();
      try {
        return claims.take(now, now.plus(AlarmBatches.CLAIM), 1_000, true);
      } finally {
        own.rollback();
      }
    };
  }

  private void delete(Map<String, String> agentOf) throws Exception {
    transaction.begin();
    try {
      agentOf.forEach((timerId, agentId) -> timers.delete(agentId, timerId, OptionalLong.empty()));
      transaction.commit();
    } catch (Exception | Error e) {
      transaction.rollback();
      throw e;
    }
  }

  private static jakarta.json.JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }
}
