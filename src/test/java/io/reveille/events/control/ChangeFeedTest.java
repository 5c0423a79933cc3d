package io.reveille.events.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.MovableClock;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The feed's reading rules on rows a test commits: what is newer comes on the next poll, a change
 * that commits late within the settle time is still seen, once, and a resume finds what it missed
 * or is told it cannot.
 */
class ChangeFeedTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  private final MovableClock clock = new MovableClock(T0);
  private final Committed committed = new Committed();
  private ChangeFeed feed;

  /** The rows the database holds: only what was committed. Not a bean of the test deployment. */
  @jakarta.enterprise.inject.Vetoed
  static class Committed extends ChangeReads {
    final List<Change> rows = new ArrayList<>();

    @Override
    public List<Change> of(String type, Instant after, int limit) {
      return rows.stream()
          .filter(row -> row.type().equals(type) && row.at().isAfter(after))
          .sorted(Comparator.comparing(Change::at).thenComparing(Change::key))
          .limit(limit)
          .toList();
    }

    void commit(String type, String id, Instant stampedAt) {
      rows.add(
          new Change(
              0,
              stampedAt,
              type,
              id + "@" + stampedAt.toEpochMilli(),
              Optional.of("agent-" + id),
              JsonValue.EMPTY_JSON_OBJECT));
    }
  }

  @BeforeEach
  void setUp() {
    feed = new ChangeFeed();
    feed.reads = committed;
    feed.clock = clock;
    feed.config = config(Duration.ofSeconds(30), Duration.ofMinutes(10));
    feed.depths =
        new io.reveille.messaging.control.QueueDepths() {
          @Override
          public List<QueueDepth> depths() {
            return List.of(new QueueDepth("reveille.wakes", 3));
          }
        };
    feed.begin();
  }

  @Test
  void aChangeComesOnceOnTheNextPoll() {
    committed.commit(Change.RUN, "r1", T0.plusSeconds(1));
    clock.set(T0.plusSeconds(2));
    feed.poll();
    feed.poll();

    var seen = feed.after(0, change -> true);
    assertEquals(1, seen.size(), seen::toString);
    assertEquals("run", seen.get(0).type());
    assertTrue(feed.isCaughtUp());
    assertEquals(3, feed.queues().orElseThrow().depths().getInt("reveille.wakes"));
  }

  @Test
  void aChangeThatCommitsLateWithinTheSettleTimeIsSeenOnce() {
    committed.commit(Change.RUN, "later", T0.plusSeconds(10));
    clock.set(T0.plusSeconds(11));
    feed.poll();
    var before = feed.lastSeq();
    // Stamped before the change already read, committed after that read.
    committed.commit(Change.RUN, "early", T0.plusSeconds(5));
    clock.set(T0.plusSeconds(12));
    feed.poll();
    feed.poll();

    var late = feed.after(before, change -> true);
    assertEquals(1, late.size(), late::toString);
    assertTrue(late.get(0).key().startsWith("early@"));
  }

  @Test
  void aResumeGetsWhatChangedSinceItsLastEventOrIsToldItCannot() {
    committed.commit(Change.AGENT, "a", T0.plusSeconds(100));
    committed.commit(Change.PROPOSAL, "p", T0.plusSeconds(200));
    clock.set(T0.plusSeconds(201));
    feed.poll();

    var since = feed.since(T0.plusSeconds(150), change -> true);
    assertTrue(since.stream().anyMatch(change -> change.key().startsWith("p@")), since::toString);
    assertTrue(feed.covers(T0.plusSeconds(150)));
    assertFalse(feed.covers(T0.minus(Duration.ofHours(1))), "older than the window");
    var oneAgent = feed.after(0, change -> change.agentId().equals(Optional.of("agent-a")));
    assertEquals(1, oneAgent.size(), oneAgent::toString);
  }

  @Test
  void anEventIdNamesItsTime() {
    assertEquals(Instant.ofEpochMilli(1764583200000L), Change.timeOf("1764583200000-17"));
    assertEquals(Instant.ofEpochMilli(42), Change.timeOf(" 42 "));
    assertThrows(IllegalArgumentException.class, () -> Change.timeOf("abc-1"));
    assertThrows(IllegalArgumentException.class, () -> Change.timeOf("9".repeat(20)));
  }

  private static EventsConfig config(Duration settle, Duration window) {
    return new EventsConfig(
        1000, settle.toSeconds(), window.toMinutes(), 20_000, 5, 3600, 200, 4, 15);
  }
}
