package io.reveille.security.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditEventTest {

  @Test
  void theOutcomeFollowsTheStatusAndRefusalsAreTheirOwn() {
    assertEquals(AuditEvent.Outcome.SUCCEEDED, AuditEvent.Outcome.of(201));
    assertEquals(AuditEvent.Outcome.SUCCEEDED, AuditEvent.Outcome.of(304));
    assertEquals(AuditEvent.Outcome.REFUSED, AuditEvent.Outcome.of(401));
    assertEquals(AuditEvent.Outcome.REFUSED, AuditEvent.Outcome.of(403));
    assertEquals(AuditEvent.Outcome.FAILED, AuditEvent.Outcome.of(409));
    assertEquals(AuditEvent.Outcome.FAILED, AuditEvent.Outcome.of(500));
  }

  @Test
  void overlongValuesAreCutToTheirColumnsAndAnOverlongAgentIdIsDropped() {
    var event =
        AuditEvent.of(
            new AuditEvent.Details(
                Instant.parse("2026-11-25T10:00:00Z"),
                "r-1",
                Optional.of("c".repeat(70)),
                Optional.of("a".repeat(70)),
                "p".repeat(300),
                "admin",
                "basic",
                "DELETE",
                "/api/" + "x".repeat(2000),
                Optional.of("a".repeat(65)),
                Optional.of("id=" + "t".repeat(600)),
                204));
    assertEquals(AuditEvent.MAX_PRINCIPAL, event.getPrincipal().length());
    assertEquals(AuditEvent.MAX_PATH, event.getPath().length());
    assertEquals(AuditEvent.MAX_TARGETS, event.getTargetIds().orElseThrow().length());
    assertTrue(event.getAgentId().isEmpty());
    assertEquals(
        AuditEvent.MAX_CLIENT_REQUEST_ID, event.getClientRequestId().orElseThrow().length());
    assertEquals(AuditEvent.MAX_CLIENT_ADDRESS, event.getClientAddress().orElseThrow().length());
    assertEquals(1, event.getCount());
    assertTrue(event.getLastAt().isEmpty() && event.getRefusals().isEmpty());
    assertEquals("succeeded", event.getOutcome());
  }

  @Test
  void aSummaryIsOneRefusedAnonymousRowWithItsCountsTimesAndTheStatusMostRefused() {
    var statuses =
        new java.util.TreeMap<Integer, Long>(java.util.Map.of(401, 7L, 413, 7L, 421, 2L));
    var event =
        AuditEvent.of(
            new AuditEvent.RefusalSummary(
                "192.0.2.7",
                Instant.parse("2026-11-25T10:00:00Z"),
                Instant.parse("2026-11-25T10:00:59Z"),
                16,
                statuses,
                "POST",
                "*",
                "server-id",
                Optional.of("client-id")));
    assertEquals("anonymous", event.getPrincipal());
    assertEquals("refused", event.getOutcome());
    assertEquals(401, event.getStatus(), "the most refused, the lower of equals");
    assertEquals(16, event.getCount());
    assertEquals("401:7,413:7,421:2", event.getRefusals().orElseThrow());
    assertEquals(Instant.parse("2026-11-25T10:00:00Z"), event.getOccurredAt());
    assertEquals(Optional.of(Instant.parse("2026-11-25T10:00:59Z")), event.getLastAt());
    assertEquals(Optional.of("192.0.2.7"), event.getClientAddress());
    assertEquals("server-id", event.getRequestId());
    assertEquals(Optional.of("client-id"), event.getClientRequestId());
    assertEquals("*", event.getPath());
  }
}
