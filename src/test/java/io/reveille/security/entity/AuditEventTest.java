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
    assertEquals("succeeded", event.getOutcome());
  }
}
