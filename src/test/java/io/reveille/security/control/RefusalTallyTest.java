package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.RefusalTally.Refusal;
import io.reveille.security.entity.AuditEvent.RefusalSummary;
import io.reveille.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RefusalTallyTest {

  private static final Instant T0 = Instant.parse("2026-11-28T12:00:00Z");
  private static final Duration WINDOW = Duration.ofMinutes(1);

  private final MovableClock clock = new MovableClock(T0);

  @Test
  void refusalsOfOneClientInOneWindowBecomeOneSummaryWhenTheWindowCloses() {
    var tally = new RefusalTally(clock, WINDOW, 100);
    var written = new ArrayList<RefusalSummary>();
    for (var i = 0; i < 1000; i++) {
      clock.set(T0.plusMillis(i * 50L));
      tally
          .count(refusal("198.51.100.1", i % 10 == 0 ? 413 : 401, "POST", "/api/agents"))
          .ifPresent(written::add);
    }
    assertTrue(written.isEmpty(), "50 s of refusals: the window is still open");
    assertTrue(tally.due().isEmpty(), "not due before the window closes");

    clock.set(T0.plus(WINDOW));
    var due = tally.due();

    assertEquals(1, due.size(), due::toString);
    var summary = due.get(0);
    assertEquals("198.51.100.1", summary.clientAddress());
    assertEquals(1000, summary.count());
    assertEquals(new TreeMap<>(Map.of(401, 900L, 413, 100L)), summary.statuses());
    assertEquals(T0, summary.first());
    assertEquals(T0.plusMillis(999 * 50L), summary.last());
    assertEquals("POST", summary.method());
    assertEquals("/api/agents", summary.path());
    assertEquals("id-0", summary.requestId(), "the ids of the first refusal");
    assertEquals(Optional.of("client-0"), summary.clientRequestId());
    assertTrue(tally.due().isEmpty(), "a summary is handed out once");
    assertEquals(0, tally.tracked(), "the client's slot is free again");
  }

  @Test
  void aRefusalAfterTheWindowHandsOutTheClosedSummaryAndOpensTheNextWindow() {
    var tally = new RefusalTally(clock, WINDOW, 100);
    tally.count(refusal("198.51.100.1", 401, "POST", "/api/agents"));
    clock.set(T0.plusSeconds(30));
    tally.count(refusal("198.51.100.1", 401, "DELETE", "/api/agents/a"));

    clock.set(T0.plus(WINDOW));
    var closed = tally.count(refusal("198.51.100.1", 421, "POST", "/api/agents"));

    assertEquals(2, closed.orElseThrow().count());
    assertEquals("*", closed.orElseThrow().method(), "methods differed");
    assertEquals("*", closed.orElseThrow().path(), "paths differed");
    clock.set(T0.plus(WINDOW).plus(WINDOW).minusMillis(1));
    assertTrue(tally.due().isEmpty(), "the next window is open until a window after its start");
    clock.set(T0.plus(WINDOW).plus(WINDOW));
    var next = tally.due();
    assertEquals(1, next.size());
    assertEquals(Map.of(421, 1L), next.get(0).statuses());
    assertEquals(T0.plus(WINDOW), next.get(0).first());
  }

  @Test
  void clientsAreCountedApartUpToTheCapAndTheRestShareOneBucket() {
    var tally = new RefusalTally(clock, WINDOW, 3);
    for (var client = 0; client < 1000; client++) {
      for (var i = 0; i < 5; i++) {
        assertTrue(tally.count(refusal("203.0.113." + client, 401, "POST", "/api")).isEmpty());
      }
    }
    assertEquals(3, tally.tracked(), "no more than the cap is tracked");

    clock.set(T0.plus(WINDOW));
    var due = tally.due();

    assertEquals(4, due.size(), "three clients and the shared bucket: " + due);
    var byClient = new TreeMap<String, Long>();
    due.forEach(s -> byClient.put(s.clientAddress(), s.count()));
    assertEquals(
        Map.of(
            "203.0.113.0", 5L, "203.0.113.1", 5L, "203.0.113.2", 5L, RefusalTally.OTHER, 997L * 5),
        byClient);
    assertEquals(0, tally.tracked());
  }

  @Test
  void stoppingDrainsOpenWindowsOfEveryClient() {
    var tally = new RefusalTally(clock, WINDOW, 1);
    tally.count(refusal("198.51.100.1", 401, "POST", "/api"));
    tally.count(refusal("198.51.100.2", 429, "POST", "/api"));

    List<RefusalSummary> drained = tally.drain();

    assertEquals(2, drained.size(), drained::toString);
    assertTrue(tally.drain().isEmpty());
    assertTrue(tally.due().isEmpty());
  }

  private int sequence;

  private Refusal refusal(String client, int status, String method, String path) {
    var n = sequence++;
    return new Refusal(
        client, clock.instant(), status, method, path, "id-" + n, Optional.of("client-" + n));
  }
}
