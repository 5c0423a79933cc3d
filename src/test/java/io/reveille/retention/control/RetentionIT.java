package io.reveille.retention.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.platform.persistence.Window;
import io.reveille.retention.control.RetentionSteps.Kind;
import io.reveille.security.control.AuditTrail;
import io.reveille.security.entity.AuditEvent;
import io.reveille.testing.Poll;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Retention purges finished runs older than its cutoff in small batches, keeps unfinished ones, and
 * wakes go on meanwhile. The cutoff is "now": every finished run of the suite so far is old enough,
 * which harms no other test (each reads only what it made, and test classes run one after another).
 * Audit rows are purged by a cutoff in the year 2000, which only the rows this test plants are
 * older than: the audit rows of other tests stay.
 */
@ExtendWith(ArquillianExtension.class)
class RetentionIT {

  private static final Duration WAKE = Duration.ofSeconds(30);

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject Retention retention;
  @Inject AuditTrail trail;

  @Inject io.reveille.mcp.control.McpSessionFixture sessions;

  @Test
  void oldFinishedRunsArePurgedInBatchesWhileUnfinishedOnesStayAndWakesGoOn() {
    var agentId = agents.create(NewAgent.custom("Forgetful")).agent().getId();
    var finished = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(finished).getStatus() == WakeStatus.COMPLETED);
    var busy = agents.create(NewAgent.custom("Still at it")).agent().getId();
    var unfinished =
        runLog.insertStartedRun(
            busy, "wk-live-" + UUID.randomUUID(), "other-node/boot-1", Instant.now());

    var cutoff = Instant.now().plusMillis(1);
    // Batches of 2, a round at most MAX_BATCHES_PER_ROUND of them: rounds until nothing is left
    // (the suite's other finished runs are old enough too).
    var purged = 0;
    for (var round = retention.purge(Kind.RUN_LOG, cutoff, 2);
        round > 0;
        round = retention.purge(Kind.RUN_LOG, cutoff, 2)) {
      purged += round;
    }

    assertTrue(purged >= 1, "purged " + purged);
    assertNull(runLog.find(finished), "the finished run is gone");
    assertEquals(WakeStatus.STARTED, runLog.find(unfinished).getStatus(), "a started run stays");
    var next = scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
    Poll.until(WAKE, () -> runLog.find(next).getStatus() == WakeStatus.COMPLETED);
  }

  @Test
  void mcpSessionsLastUsedBeforeTheCutoffArePurgedAndYoungerOnesStay() throws Exception {
    var agent =
        agents
            .create(
                io.reveille.testing.ThinkingAgents.thinking("Retained", "mcp-" + UUID.randomUUID()))
            .agent()
            .getId();
    var cutoff = Instant.parse("2000-01-02T00:00:00Z");
    try {
      var old = sessions.plant(agent, "retention-it", Instant.parse("2000-01-01T00:00:00Z"));
      var young = sessions.plant(agent, "retention-it", Instant.now());

      var purged = retention.purge(Kind.MCP_SESSIONS, cutoff, 10);

      assertTrue(purged >= 1, "the old session went");
      assertFalse(sessions.exists(old), "the old session went");
      assertTrue(sessions.exists(young), "the young one stays");
    } finally {
      agents.destroy(agent, java.util.OptionalLong.empty());
    }
  }

  @Test
  void auditRowsOlderThanTheCutoffArePurgedInBatchesAndYoungerOnesStay() {
    var principal = "retention-it-" + UUID.randomUUID();
    var cutoff = Instant.parse("2000-01-02T00:00:00Z");
    var old = Instant.parse("2000-01-01T00:00:00Z");
    for (var i = 0; i < 7; i++) {
      trail.record(row(principal, old.plusSeconds(i)));
    }
    trail.record(
        List.of(
            new AuditEvent.RefusalSummary(
                "192.0.2.1",
                old,
                old.plusSeconds(30),
                12,
                new TreeMap<>(Map.of(401, 12L)),
                "POST",
                "/api/agents",
                "retention-it-summary",
                Optional.empty())));
    trail.record(row(principal, cutoff));
    trail.record(row(principal, Instant.now().minus(Duration.ofHours(1))));

    var purged = retention.purge(Kind.AUDIT_EVENTS, cutoff, 3);

    assertEquals(8, purged, "seven rows and a summary, older than the cutoff, three a batch");
    var left =
        trail
            .events(
                new AuditTrail.Query(
                    Optional.of(principal),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()),
                Window.first())
            .items();
    assertEquals(2, left.size(), "the row at the cutoff and the young one stay: " + left);
    assertTrue(left.stream().noneMatch(e -> e.getOccurredAt().isBefore(cutoff)));
    assertEquals(0, retention.purge(Kind.AUDIT_EVENTS, cutoff, 3), "nothing older is left");
  }

  private static AuditEvent.Details row(String principal, Instant at) {
    return new AuditEvent.Details(
        at,
        UUID.randomUUID().toString(),
        Optional.empty(),
        Optional.of("192.0.2.1"),
        principal,
        "admin",
        "basic",
        "POST",
        "/api/agents",
        Optional.empty(),
        Optional.empty(),
        201);
  }
}
