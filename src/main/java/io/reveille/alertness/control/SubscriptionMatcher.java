package io.reveille.alertness.control;

import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiPredicate;

/**
 * Turns a classified batch into the agents it should wake: index match, then predicates, then one
 * {@link WakeCandidate} per agent.
 *
 * <p>The rules:
 *
 * <ul>
 *   <li>A subscription matches when at least one of its tokens is in the batch in the same class
 *       ({@link SubscriptionIndex#match}); a subscription of entity ids only is as good as any.
 *   <li>A subscription with a predicate also needs an entity snapshot that satisfies it. If it
 *       matched through entity ids, only the snapshots of those ids count: a task agent watching
 *       {@code task-42} with {@code status == "DONE"} must not wake because another task in the
 *       same batch is done. Otherwise (it matched through semantic keys or subtype tokens only)
 *       every snapshot of the batch counts. No qualifying snapshot, no match: a predicate miss.
 *   <li>Each predicate is evaluated at most once per snapshot, however many subscriptions share it
 *       (predicates are equal by text).
 *   <li>The surviving subscriptions are grouped by agent, because an agent wakes once per batch
 *       with everything that concerned it. Candidates come sorted by agent id, their subscription
 *       ids sorted, their tokens in the batch's order ({@link ClassifiedTokens#all()}).
 * </ul>
 */
public final class SubscriptionMatcher {

  private SubscriptionMatcher() {}

  /** The wake candidates for one batch. */
  public static List<WakeCandidate> candidates(
      SubscriptionIndex index, ClassifiedTokens tokens, List<EntitySnapshot> entities) {
    return candidates(index.match(tokens), tokens, entities);
  }

  /**
   * The wake candidates for {@code batch} ({@code tokens} its classified tokens), the agent that
   * caused it ({@code originAgentId}) left out: an agent is never woken by its own change. The
   * intake wakes these, and Reveille publishes its own batches only when there are any.
   */
  public static List<WakeCandidate> candidatesBesidesOrigin(
      SubscriptionIndex index, ClassifiedTokens tokens, NotificationBatch batch) {
    var origin = batch.originAgentId();
    return candidates(index, tokens, batch.entities()).stream()
        .filter(candidate -> origin.isEmpty() || !origin.get().equals(candidate.agentId()))
        .toList();
  }

  /**
   * The wake candidates from matches already found, for a caller that looks at the matches before
   * deciding which entity snapshots to load (only predicates need them).
   */
  public static List<WakeCandidate> candidates(
      List<SubscriptionMatch> matches, ClassifiedTokens tokens, List<EntitySnapshot> entities) {
    return candidates(matches, tokens, entities, SubscriptionPredicate::test);
  }

  /** As above, evaluating predicates through {@code evaluator} (tests count evaluations). */
  static List<WakeCandidate> candidates(
      List<SubscriptionMatch> matches,
      ClassifiedTokens tokens,
      List<EntitySnapshot> entities,
      BiPredicate<SubscriptionPredicate, EntitySnapshot> evaluator) {
    Objects.requireNonNull(tokens, "tokens");
    Objects.requireNonNull(entities, "entities");
    if (matches.isEmpty()) {
      return List.of();
    }
    Predicates predicates = null;
    var byAgent = new TreeMap<String, Group>();
    for (var match : matches) {
      var subscription = match.subscription();
      if (subscription.predicate().isPresent()) {
        if (predicates == null) {
          predicates = new Predicates(entities, evaluator);
        }
        if (!predicates.anySatisfies(
            subscription.predicate().get(), matchedEntityIds(match, tokens))) {
          continue;
        }
      }
      var group = byAgent.computeIfAbsent(subscription.agentId(), agentId -> new Group());
      group.subscriptionIds.add(subscription.subscriptionId());
      group.matchedTokens.addAll(match.matchedTokens());
    }
    if (byAgent.isEmpty()) {
      return List.of();
    }
    Map<String, Integer> order = null;
    var candidates = new ArrayList<WakeCandidate>(byAgent.size());
    for (var entry : byAgent.entrySet()) {
      var group = entry.getValue();
      Set<String> matched = group.matchedTokens;
      if (group.subscriptionIds.size() > 1) {
        // One subscription's tokens are in batch order already; a union needs it restored.
        if (order == null) {
          order = batchOrder(tokens);
        }
        var rank = order;
        var sorted = new ArrayList<>(matched);
        sorted.sort(Comparator.comparingInt(token -> rank.getOrDefault(token, Integer.MAX_VALUE)));
        matched = new LinkedHashSet<>(sorted);
        group.subscriptionIds.sort(null);
      }
      candidates.add(new WakeCandidate(entry.getKey(), group.subscriptionIds, matched));
    }
    return List.copyOf(candidates);
  }

  /** The entity ids through which a match came about; empty if it came through other classes. */
  private static Set<String> matchedEntityIds(SubscriptionMatch match, ClassifiedTokens tokens) {
    Set<String> ids = Set.of();
    for (var token : match.matchedTokens()) {
      if (tokens.entityIds().contains(token)
          && match
              .subscription()
              .tokens()
              .contains(SubscriptionToken.of(TokenClass.ENTITY_ID, token))) {
        if (ids.isEmpty()) {
          ids = new LinkedHashSet<>();
        }
        ids.add(token);
      }
    }
    return ids;
  }

  private static Map<String, Integer> batchOrder(ClassifiedTokens tokens) {
    var all = tokens.all();
    var order = new HashMap<String, Integer>(all.size() * 2);
    for (var i = 0; i < all.size(); i++) {
      order.put(all.get(i), i);
    }
    return order;
  }

  private static final class Group {
    final List<String> subscriptionIds = new ArrayList<>();
    final Set<String> matchedTokens = new LinkedHashSet<>();
  }

  /** Predicate outcomes per snapshot, computed on first use. */
  private static final class Predicates {
    private final List<EntitySnapshot> entities;
    private final BiPredicate<SubscriptionPredicate, EntitySnapshot> evaluator;
    private final Map<SubscriptionPredicate, Boolean[]> outcomes = new HashMap<>();
    private Map<String, List<Integer>> positionsById;

    Predicates(
        List<EntitySnapshot> entities,
        BiPredicate<SubscriptionPredicate, EntitySnapshot> evaluator) {
      this.entities = entities;
      this.evaluator = evaluator;
    }

    /**
     * Whether a snapshot satisfies the predicate: among the snapshots of {@code entityIds}, or
     * among all snapshots when that is empty.
     */
    boolean anySatisfies(SubscriptionPredicate predicate, Set<String> entityIds) {
      var results = outcomes.computeIfAbsent(predicate, key -> new Boolean[entities.size()]);
      if (entityIds.isEmpty()) {
        for (var i = 0; i < entities.size(); i++) {
          if (test(predicate, results, i)) {
            return true;
          }
        }
        return false;
      }
      var byId = positionsById();
      for (var id : entityIds) {
        for (var position : byId.getOrDefault(id, List.of())) {
          if (test(predicate, results, position)) {
            return true;
          }
        }
      }
      return false;
    }

    private boolean test(SubscriptionPredicate predicate, Boolean[] results, int position) {
      var result = results[position];
      if (result == null) {
        result = evaluator.test(predicate, entities.get(position));
        results[position] = result;
      }
      return result;
    }

    private Map<String, List<Integer>> positionsById() {
      if (positionsById == null) {
        positionsById = new HashMap<>();
        for (var i = 0; i < entities.size(); i++) {
          positionsById.computeIfAbsent(entities.get(i).id(), id -> new ArrayList<>(1)).add(i);
        }
      }
      return positionsById;
    }
  }
}
