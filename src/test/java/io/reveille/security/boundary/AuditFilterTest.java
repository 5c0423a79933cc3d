package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditFilterTest {

  @Test
  void aClientsRequestIdIsKeptOnlyWhenShortAndPlain() {
    assertEquals(Optional.of("req-1:a.b_C"), AuditFilter.clientRequestId("req-1:a.b_C"));
    assertEquals(Optional.of("x".repeat(64)), AuditFilter.clientRequestId("x".repeat(64)));
    assertEquals(Optional.empty(), AuditFilter.clientRequestId("x".repeat(65)));
    assertEquals(Optional.empty(), AuditFilter.clientRequestId("a b"));
    assertEquals(Optional.empty(), AuditFilter.clientRequestId("id\r\nX-Evil: 1"));
    assertEquals(Optional.empty(), AuditFilter.clientRequestId(""));
    assertEquals(Optional.empty(), AuditFilter.clientRequestId(null));
  }

  @Test
  void everyClientErrorWithoutACallerIsARefusalToCountButNotASuccessOrAServerError() {
    for (var status : new int[] {400, 401, 403, 404, 413, 421, 429}) {
      assertTrue(AuditFilter.isRefusal(status), String.valueOf(status));
    }
    for (var status : new int[] {200, 201, 204, 302, 500, 503}) {
      assertFalse(AuditFilter.isRefusal(status), String.valueOf(status));
    }
  }

  @Test
  void summariesAreLookedForAQuarterWindowApartWithinOneToFifteenSeconds() {
    assertEquals(Duration.ofSeconds(15), RefusalSummaryTimer.period(Duration.ofMinutes(1)));
    assertEquals(Duration.ofMillis(2500), RefusalSummaryTimer.period(Duration.ofSeconds(10)));
    assertEquals(Duration.ofSeconds(1), RefusalSummaryTimer.period(Duration.ofSeconds(1)));
    assertEquals(Duration.ofSeconds(15), RefusalSummaryTimer.period(Duration.ofHours(1)));
  }
}
