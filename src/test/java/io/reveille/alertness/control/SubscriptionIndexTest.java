package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.entity.AgentSubscription;
import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SubscriptionIndexTest {

  private final SubscriptionIndex index = new SubscriptionIndex();

  static SubscriptionToken key(String token) {
    return SubscriptionToken.of(TokenClass.SEMANTIC_KEY, token);
  }

  static SubscriptionToken subtype(String token) {
    return SubscriptionToken.of(TokenClass.SUBTYPE_TOKEN, token);
  }

  static SubscriptionToken entity(String token) {
    return SubscriptionToken.of(TokenClass.ENTITY_ID, token);
  }

  static IndexedSubscription subscription(String id, String agentId, SubscriptionToken... tokens) {
    return new IndexedSubscription(id, agentId, Set.of(tokens), Optional.empty());
  }

  static ClassifiedTokens tokens(List<String> keys, List<String> subtypes, List<String> ids) {
    return new ClassifiedTokens(
        new LinkedHashSet<>(keys), new LinkedHashSet<>(subtypes), new LinkedHashSet<>(ids));
  }

  private static Map<String, Set<String>> matched(List<SubscriptionMatch> matches) {
    var result = new java.util.LinkedHashMap<String, Set<String>>();
    matches.forEach(
        match -> result.put(match.subscription().subscriptionId(), match.matchedTokens()));
    return result;
  }

  @Test
  void matchesOnlyWithinTheSameTokenClass() {
    index.put(subscription("s-key", "a-1", key("TASK")));
    index.put(subscription("s-id", "a-2", entity("TASK")));
    index.put(subscription("s-sub", "a-3", subtype("workout.type:run")));

    assertEquals(
        Map.of("s-key", Set.of("TASK")),
        matched(index.match(tokens(List.of("TASK"), List.of(), List.of()))));
    assertEquals(
        Map.of("s-id", Set.of("TASK")),
        matched(index.match(tokens(List.of(), List.of(), List.of("TASK")))));
    assertEquals(
        Map.of("s-sub", Set.of("workout.type:run")),
        matched(index.match(tokens(List.of(), List.of("workout.type:run"), List.of()))));
    assertEquals(
        List.of(), index.match(tokens(List.of(), List.of("TASK"), List.of("workout.type:run"))));
  }

  @Test
  void pureEntityIdSubscriptionMatchesItsEntity() {
    index.put(subscription("s-1", "task-agent", entity("task-42")));

    assertEquals(
        Map.of("s-1", Set.of("task-42")),
        matched(index.match(tokens(List.of("TASK"), List.of(), List.of("task-7", "task-42")))));
    assertEquals(List.of(), index.match(tokens(List.of("TASK"), List.of(), List.of("task-7"))));
  }

  @Test
  void matchCollectsEveryMatchedTokenInBatchOrderAndListsMatchesByFirstMatchingToken() {
    index.put(subscription("s-b", "a-1", key("TASK"), entity("t-1"), entity("t-2")));
    index.put(subscription("s-a", "a-2", entity("t-2")));
    index.put(subscription("s-c", "a-3", entity("t-9")));

    var matches =
        index.match(tokens(List.of("LABEL", "TASK"), List.of(), List.of("t-2", "t-3", "t-1")));

    assertEquals(
        List.of("s-b", "s-a"),
        matches.stream().map(m -> m.subscription().subscriptionId()).toList());
    assertEquals(List.of("TASK", "t-2", "t-1"), List.copyOf(matches.get(0).matchedTokens()));
    assertEquals(List.of("t-2"), List.copyOf(matches.get(1).matchedTokens()));
  }

  @Test
  void emptyIndexAndEmptyBatchMatchNothing() {
    assertEquals(List.of(), index.match(tokens(List.of("TASK"), List.of(), List.of("x"))));
    index.put(subscription("s-1", "a-1", key("TASK")));
    assertEquals(List.of(), index.match(ClassifiedTokens.empty()));
  }

  @Test
  void putReplacesTheEarlierVersionIncludingItsTokens() {
    index.put(subscription("s-1", "a-1", entity("old"), key("TASK")));
    index.put(subscription("s-1", "a-1", entity("new"), key("TASK")));

    assertEquals(1, index.size());
    assertEquals(List.of(), index.match(tokens(List.of(), List.of(), List.of("old"))));
    assertEquals(1, index.match(tokens(List.of(), List.of(), List.of("new"))).size());
    assertEquals(1, index.match(tokens(List.of("TASK"), List.of(), List.of())).size());
    assertEquals(Set.of(entity("new"), key("TASK")), index.get("s-1").orElseThrow().tokens());
    assertEquals(
        Map.of(TokenClass.SEMANTIC_KEY, 1, TokenClass.SUBTYPE_TOKEN, 0, TokenClass.ENTITY_ID, 1),
        index.postingCounts());
  }

  @Test
  void putCanMoveASubscriptionToAnotherAgent() {
    index.put(subscription("s-1", "a-1", key("TASK")));
    index.put(subscription("s-1", "a-2", key("TASK")));

    assertEquals(0, index.removeAgent("a-1"));
    assertEquals(
        "a-2",
        index.match(tokens(List.of("TASK"), List.of(), List.of())).get(0).subscription().agentId());
    assertEquals(1, index.removeAgent("a-2"));
    assertEquals(0, index.size());
  }

  @Test
  void removeForgetsTheSubscriptionAndItsPostings() {
    index.put(subscription("s-1", "a-1", entity("t-1"), key("TASK")));
    index.put(subscription("s-2", "a-1", key("TASK")));

    index.remove("s-1");
    index.remove("unknown");

    assertEquals(1, index.size());
    assertEquals(Optional.empty(), index.get("s-1"));
    assertEquals(List.of(), index.match(tokens(List.of(), List.of(), List.of("t-1"))));
    assertEquals(
        List.of("s-2"),
        index.match(tokens(List.of("TASK"), List.of(), List.of("t-1"))).stream()
            .map(m -> m.subscription().subscriptionId())
            .toList());
    index.remove("s-2");
    assertEquals(
        Map.of(TokenClass.SEMANTIC_KEY, 0, TokenClass.SUBTYPE_TOKEN, 0, TokenClass.ENTITY_ID, 0),
        index.postingCounts());
  }

  @Test
  void removeAgentRemovesAllItsSubscriptions() {
    index.put(subscription("s-1", "a-1", key("TASK")));
    index.put(subscription("s-2", "a-1", entity("t-1")));
    index.put(subscription("s-3", "a-2", key("TASK")));

    assertEquals(2, index.removeAgent("a-1"));

    assertEquals(1, index.size());
    assertEquals(List.of(), index.match(tokens(List.of(), List.of(), List.of("t-1"))));
  }

  @Test
  void replaceAllSwapsTheWholeContent() {
    index.put(subscription("s-old", "a-1", key("TASK")));

    index.replaceAll(
        List.of(subscription("s-1", "a-1", key("LABEL")), subscription("s-2", "a-2", entity("x"))));

    assertEquals(2, index.size());
    assertEquals(List.of(), index.match(tokens(List.of("TASK"), List.of(), List.of())));
    assertEquals(1, index.match(tokens(List.of("LABEL"), List.of(), List.of())).size());
    assertEquals(1, index.removeAgent("a-2"));
  }

  @Test
  void indexedSubscriptionNeedsTokensAndIsBuiltFromTheEntity() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new IndexedSubscription("s", "a", Set.of(), Optional.empty()));

    var entity =
        new AgentSubscription(
            "s-1", "a-1", List.of(key("TASK"), entity("t-1")), "status == \"OPEN\"", Instant.EPOCH);
    var indexed = IndexedSubscription.of(entity);
    assertEquals("s-1", indexed.subscriptionId());
    assertEquals("a-1", indexed.agentId());
    assertEquals(Set.of("t-1"), indexed.tokens(TokenClass.ENTITY_ID));
    assertEquals("status == \"OPEN\"", indexed.predicate().orElseThrow().text());
    assertTrue(
        IndexedSubscription.of(
                new AgentSubscription("s-2", "a-1", List.of(key("TASK")), " ", Instant.EPOCH))
            .predicate()
            .isEmpty());
  }

  /**
   * Readers match continuously while writers replace, remove and re-add subscriptions that share
   * the readers' tokens. A stable subscription must be found by every match; a churning one that
   * keeps the token {@code SHARED} in every version must never be missed while it is indexed; every
   * reported match must be consistent with its subscription's tokens. A plain HashMap-based index
   * fails this with ConcurrentModificationException, lost postings or misses. The writers go on
   * until the readers have matched at least 50 times, so the outcome does not depend on how the
   * threads happen to be scheduled.
   */
  @Test
  void matchingWhileUpdatingIsSafe() throws Exception {
    var subscriptionsPerWriter = 200;
    for (var i = 0; i < 50; i++) {
      index.put(subscription("stable-" + i, "agent-stable", key("STABLE"), entity("e-" + i)));
    }
    var writers = 2;
    for (var w = 0; w < writers; w++) {
      for (var i = 0; i < subscriptionsPerWriter; i++) {
        index.put(
            subscription("mover-" + w + "-" + i, "agent-" + w, key("SHARED"), entity("a-" + i)));
      }
    }
    var readers = 3;
    var pool = Executors.newFixedThreadPool(readers + writers);
    var stop = new AtomicBoolean();
    var failures = new ConcurrentLinkedQueue<String>();
    var matchesDone = new AtomicLong();
    var start = new CountDownLatch(1);
    var writerFutures = new ArrayList<Future<?>>();
    var readerFutures = new ArrayList<Future<?>>();
    try {
      for (var w = 0; w < writers; w++) {
        var writer = w;
        writerFutures.add(
            pool.submit(
                () -> {
                  start.await();
                  // At least 40 rounds, and on until the readers have matched 50 times meanwhile,
                  // so that a busy machine cannot end the writes before the reads began.
                  for (var round = 1;
                      (round <= 40 || matchesDone.get() < 50) && failures.isEmpty();
                      round++) {
                    for (var i = 0; i < subscriptionsPerWriter; i++) {
                      var id = "mover-" + writer + "-" + i;
                      // Toggle between entity a-i and b-i, always keeping SHARED.
                      var entityToken = round % 2 == 0 ? entity("a-" + i) : entity("b-" + i);
                      index.put(subscription(id, "agent-" + writer, key("SHARED"), entityToken));
                      if (i % 10 == 0) {
                        index.put(
                            subscription(
                                "ephemeral-" + writer, "agent-x", key("STABLE"), key("SHARED")));
                        index.remove("ephemeral-" + writer);
                      }
                    }
                  }
                  return null;
                }));
      }
      for (var r = 0; r < readers; r++) {
        readerFutures.add(
            pool.submit(
                () -> {
                  start.await();
                  var batch =
                      tokens(
                          List.of("STABLE", "SHARED"),
                          List.of(),
                          List.of("e-1", "a-1", "b-1", "a-2", "b-2"));
                  while (!stop.get()) {
                    var matches = index.match(batch);
                    var ids = new java.util.HashSet<String>();
                    for (var match : matches) {
                      var subscription = match.subscription();
                      ids.add(subscription.subscriptionId());
                      for (var token : match.matchedTokens()) {
                        var consistent =
                            (batch.semanticKeys().contains(token)
                                    && subscription.tokens().contains(key(token)))
                                || (batch.entityIds().contains(token)
                                    && subscription.tokens().contains(entity(token)));
                        if (!consistent) {
                          failures.add(subscription + " matched " + token);
                        }
                      }
                    }
                    for (var i = 0; i < 50; i++) {
                      if (!ids.contains("stable-" + i)) {
                        failures.add("missed stable-" + i);
                      }
                    }
                    for (var w = 0; w < writers; w++) {
                      for (var i = 0; i < subscriptionsPerWriter; i++) {
                        if (!ids.contains("mover-" + w + "-" + i)) {
                          failures.add("missed mover-" + w + "-" + i);
                        }
                      }
                    }
                    if (ids.size() > 50 + writers * subscriptionsPerWriter + writers) {
                      failures.add("too many matches: " + ids.size());
                    }
                    matchesDone.incrementAndGet();
                    if (failures.size() > 20) {
                      break;
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (var future : writerFutures) {
        future.get(60, TimeUnit.SECONDS);
      }
      stop.set(true);
      for (var future : readerFutures) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      stop.set(true);
      shutdown(pool);
    }

    assertEquals(List.of(), List.copyOf(failures).subList(0, Math.min(failures.size(), 20)));
    assertTrue(matchesDone.get() >= 50, "readers ran " + matchesDone.get() + " matches");
    assertEquals(50 + writers * subscriptionsPerWriter, index.size());
    assertFalse(index.get("ephemeral-0").isPresent());
    var finalMatch = index.match(tokens(List.of("SHARED"), List.of(), List.of()));
    assertEquals(writers * subscriptionsPerWriter, finalMatch.size());
  }

  private static void shutdown(ExecutorService pool) throws InterruptedException {
    pool.shutdownNow();
    assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
  }

  @Test
  void twoIndexesHoldingTheSameSubscriptionsHaveOneFingerprintWhateverTheOrder() {
    var other = new SubscriptionIndex();
    index.put(subscription("s1", "a1", key("TASK"), entity("t-1")));
    index.put(subscription("s2", "a2", subtype("workout.type:run")));
    other.put(subscription("s2", "a2", subtype("workout.type:run")));
    other.put(subscription("s1", "a1", entity("t-1"), key("TASK")));
    assertEquals(index.fingerprint(), other.fingerprint());
    assertEquals(64, index.fingerprint().length());

    // A token, an agent or a subscription more or less changes it.
    other.put(subscription("s1", "a1", key("TASK")));
    assertFalse(index.fingerprint().equals(other.fingerprint()), "a token less");
    other.put(subscription("s1", "a3", key("TASK"), entity("t-1")));
    assertFalse(index.fingerprint().equals(other.fingerprint()), "another agent");
    other.put(subscription("s1", "a1", key("TASK"), entity("t-1")));
    assertEquals(index.fingerprint(), other.fingerprint());
    other.remove("s2");
    assertFalse(index.fingerprint().equals(other.fingerprint()), "a subscription less");
    assertFalse(new SubscriptionIndex().fingerprint().equals(other.fingerprint()));
  }
}
