package io.reveille.sync.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SyncOriginTest {

  private static final Instant NOW = Instant.parse("2026-12-01T08:00:00Z");

  @Test
  void thisSitesCountersFollowEachOtherAndAreSentOnlyOnceGiven() {
    var own = new SyncOrigin("site-a", NOW);
    assertEquals(1, own.numberNext(NOW));
    assertEquals(2, own.numberNext(NOW));
    assertThrows(IllegalArgumentException.class, () -> own.sentThrough(3, NOW));
    own.sentThrough(2, NOW);
    own.sentThrough(1, NOW);
    assertEquals(2, own.getAppliedThrough(), "sent through never goes back");
    assertEquals(3, own.next());
  }

  @Test
  void aPeersRecordsApplyOnlyUpToTheHighestSeenAndAReasonLastsUntilTheNextApplies() {
    var peer = new SyncOrigin("site-b", NOW);
    assertThrows(IllegalStateException.class, () -> peer.appliedNext(NOW));
    peer.seen(3, NOW);
    peer.seen(2, NOW);
    assertEquals(3, peer.getHighestSeen());
    assertEquals(3, peer.behind());
    peer.blocked("x".repeat(SyncOrigin.MAX_REASON_LENGTH + 10), NOW);
    assertEquals(SyncOrigin.MAX_REASON_LENGTH, peer.getBlockedReason().orElseThrow().length());
    peer.blocked("x".repeat(SyncOrigin.MAX_REASON_LENGTH + 10), NOW.plusSeconds(1));
    assertEquals(NOW, peer.getUpdatedAt(), "the same reason again changes nothing");
    assertEquals(1, peer.appliedNext(NOW));
    assertTrue(peer.getBlockedReason().isEmpty());
    assertEquals(2, peer.behind());
    assertThrows(IllegalArgumentException.class, () -> peer.seen(0, NOW));
  }

  @Test
  void aRecordIsNumberedOnceSentOnlyWhenNumberedAndAppliedOnce() {
    var own = SyncRecord.own("r1", "site-a", "message", "m1", 1, "{}", NOW);
    assertThrows(IllegalStateException.class, () -> own.sent(NOW));
    own.number(7);
    assertThrows(IllegalStateException.class, () -> own.number(8));
    own.sent(NOW);
    own.sent(NOW.plusSeconds(1));
    assertEquals(NOW, own.getSentAt().orElseThrow(), "the first send is kept");
    var received = SyncRecord.received("r2", "site-b", 1, "agent", "a1", 1, "{}", NOW);
    received.applied(NOW);
    assertThrows(IllegalStateException.class, () -> received.applied(NOW));
    assertThrows(
        IllegalArgumentException.class,
        () -> SyncRecord.received("r3", "site-b", 0, "agent", "a1", 1, "{}", NOW));
  }
}
