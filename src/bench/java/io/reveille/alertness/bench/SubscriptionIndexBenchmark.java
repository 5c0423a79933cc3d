package io.reveille.alertness.bench;

import io.reveille.alertness.control.ClassifiedTokens;
import io.reveille.alertness.control.IndexedSubscription;
import io.reveille.alertness.control.SubscriptionIndex;
import io.reveille.alertness.control.SubscriptionMatch;
import io.reveille.alertness.control.SubscriptionMatcher;
import io.reveille.alertness.control.SubscriptionPredicate;
import io.reveille.alertness.control.WakeCandidate;
import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What matching one notification batch costs as the number of subscriptions grows (the bound: at
 * 100k subscriptions at most twice the cost at 1k). Run with {@code ./mvnw -Pbench test-compile
 * exec:exec} (docs/performance.md).
 *
 * <p>The index holds {@code subscriptions} task-agent style subscriptions, each on one random
 * entity id out of as many ids (one in ten with a predicate), plus a fixed sixteen on semantic
 * keys. Each batch has 20 tokens: two semantic keys, one subtype token, ten entity ids that some
 * subscription watches and seven that none does, with a snapshot per entity id. The number of
 * subscriptions a batch hits is therefore the same at every size, so the figures show the cost of
 * finding them, which is what must not grow. Batches rotate over 256 precomputed ones drawn from
 * the whole id space, so lookups do not stay in a warm cache corner.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SubscriptionIndexBenchmark {

  private static final List<String> KEYS =
      List.of("TASK", "CHECKLIST_ITEM", "TIME_ENTRY", "DAY_PLAN", "LABEL", "RATING", "AGENT");
  private static final List<String> STATUSES = List.of("open", "inProgress", "blocked", "done");
  private static final int BATCHES = 256;

  @Param({"1000", "10000", "100000"})
  int subscriptions;

  private SubscriptionIndex index;
  private ClassifiedTokens[] batches;
  private List<EntitySnapshot>[] snapshots;
  private int next;

  @Setup
  @SuppressWarnings("unchecked")
  public void setUp() {
    var random = new Random(42);
    var predicate = SubscriptionPredicate.parse("status in [\"open\", \"inProgress\"]");
    var entries = new ArrayList<IndexedSubscription>(subscriptions + 16);
    var watched = new String[subscriptions];
    for (var i = 0; i < subscriptions; i++) {
      watched[i] = "entity-" + random.nextInt(subscriptions);
      entries.add(
          new IndexedSubscription(
              "sub-" + i,
              "agent-" + i,
              Set.of(SubscriptionToken.of(TokenClass.ENTITY_ID, watched[i])),
              i % 10 == 0 ? Optional.of(predicate) : Optional.empty()));
    }
    for (var i = 0; i < 16; i++) {
      entries.add(
          new IndexedSubscription(
              "key-sub-" + i,
              "key-agent-" + i,
              Set.of(SubscriptionToken.of(TokenClass.SEMANTIC_KEY, KEYS.get(i % KEYS.size()))),
              i % 4 == 0 ? Optional.of(predicate) : Optional.empty()));
    }
    index = new SubscriptionIndex();
    entries.forEach(index::put);

    batches = new ClassifiedTokens[BATCHES];
    snapshots = new List[BATCHES];
    for (var b = 0; b < BATCHES; b++) {
      var ids = new LinkedHashSet<String>();
      while (ids.size() < 10) {
        // A copy, as a parsed batch would hold: equal to the indexed token, not the same object.
        ids.add(new String(watched[random.nextInt(subscriptions)]));
      }
      while (ids.size() < 17) {
        ids.add("unwatched-" + random.nextInt(1_000_000));
      }
      var keys = new LinkedHashSet<String>();
      while (keys.size() < 2) {
        keys.add(KEYS.get(random.nextInt(KEYS.size())));
      }
      batches[b] = new ClassifiedTokens(keys, Set.of("task.status:done"), ids);
      var entities = new ArrayList<EntitySnapshot>();
      for (var id : ids) {
        entities.add(
            new EntitySnapshot(
                id,
                Optional.of("task"),
                Optional.of("gym"),
                Map.of("status", STATUSES.get(random.nextInt(STATUSES.size())))));
      }
      snapshots[b] = List.copyOf(entities);
    }
  }

  /** The index lookup alone: the tokens of one batch to the subscriptions that watch them. */
  @Benchmark
  public List<SubscriptionMatch> match() {
    return index.match(batches[next++ & (BATCHES - 1)]);
  }

  /** Index lookup, predicates on the batch's snapshots and grouping per agent. */
  @Benchmark
  public List<WakeCandidate> candidates() {
    var b = next++ & (BATCHES - 1);
    return SubscriptionMatcher.candidates(index, batches[b], snapshots[b]);
  }
}
