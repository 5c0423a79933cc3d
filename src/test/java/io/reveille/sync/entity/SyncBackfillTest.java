package io.reveille.sync.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SyncBackfillTest {

  private static final Instant NOW = Instant.parse("2026-12-01T08:00:00Z");
  private static final Duration PATIENCE = Duration.ofSeconds(10);
  private static final Duration RETRY = Duration.ofSeconds(30);

  @Test
  void aRangeIsAskedForAfterThePatienceThenAgainAfterTheRetryAndConfirmedOnlyOnceApplied() {
    var range = new SyncBackfill("b1", "site-b", 5, 9, NOW);
    assertEquals(SyncBackfill.NOTICED, range.getStatus());
    assertFalse(range.due(NOW.plusSeconds(9), PATIENCE, RETRY), "it may only be late");
    assertTrue(range.due(NOW.plusSeconds(10), PATIENCE, RETRY));
    range.requested(NOW.plusSeconds(10));
    assertEquals(SyncBackfill.REQUESTED, range.getStatus());
    assertFalse(range.due(NOW.plusSeconds(39), PATIENCE, RETRY));
    assertTrue(range.due(NOW.plusSeconds(40), PATIENCE, RETRY));
    range.requested(NOW.plusSeconds(40));
    assertEquals(2, range.getRequests());

    assertThrows(IllegalStateException.class, () -> range.confirm(8, NOW), "9 is not applied");
    range.confirm(12, NOW.plusSeconds(41));
    assertEquals(SyncBackfill.CONFIRMED, range.getStatus());
    assertFalse(range.due(NOW.plusSeconds(1000), PATIENCE, RETRY));
    assertThrows(IllegalStateException.class, () -> range.requested(NOW));
    assertThrows(IllegalStateException.class, () -> range.confirm(12, NOW));
  }

  @Test
  void aRangeIsOneToAThousandCountersFromOne() {
    assertThrows(IllegalArgumentException.class, () -> new SyncBackfill("b", "h", 0, 1, NOW));
    assertThrows(IllegalArgumentException.class, () -> new SyncBackfill("b", "h", 5, 4, NOW));
    assertThrows(
        IllegalArgumentException.class,
        () -> new SyncBackfill("b", "h", 1, SyncBackfill.MAX_RANGE + 1, NOW));
    assertEquals(
        SyncBackfill.MAX_RANGE,
        new SyncBackfill("b", "h", 1, SyncBackfill.MAX_RANGE, NOW).getToCounter());
  }
}
