package io.reveille.alertness.control;

import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory inverted index from notification tokens to the subscriptions that watch them: the
 * reason a batch costs time in proportion to its tokens (and the subscriptions it actually hits),
 * not to the number of subscriptions. Each node holds one, built from the database at start-up and
 * kept current as subscriptions change.
 *
 * <h2>Concurrency</h2>
 *
 * Many notification consumers match at once while another thread applies subscription changes.
 * {@link #match} takes no lock: it reads concurrent maps of immutable {@link IndexedSubscription}s.
 * Changes are serialised on one lock and ordered so that a reader never misses a subscription for a
 * token that both its old and its new version watch: {@link #put} publishes the new version, then
 * adds its new postings, and only then drops the postings only the old version had. A posting
 * always holds a version of the subscription that watches the posting's token, so a match is never
 * reported for a token the subscription does not watch. Once {@code put} has returned, every later
 * {@code match} sees the new version. Within one {@code match} call each subscription is judged by
 * the first version found.
 */
public final class SubscriptionIndex {

  private final Object writeLock = new Object();

  /** Swapped whole by {@link #replaceAll}; mutated in place only under {@link #writeLock}. */
  private volatile State state = new State();

  /** Indexes a subscription, replacing an earlier version with the same id (tokens may change). */
  public void put(IndexedSubscription subscription) {
    Objects.requireNonNull(subscription, "subscription");
    synchronized (writeLock) {
      state.put(subscription);
    }
  }

  /** Removes the subscription with this id; nothing happens when it is not indexed. */
  public void remove(String subscriptionId) {
    Objects.requireNonNull(subscriptionId, "subscriptionId");
    synchronized (writeLock) {
      state.remove(subscriptionId);
    }
  }

  /**
   * Removes every subscription of one agent (paused or destroyed agents wake for nothing).
   *
   * @return how many were removed
   */
  public int removeAgent(String agentId) {
    Objects.requireNonNull(agentId, "agentId");
    synchronized (writeLock) {
      var current = state;
      var ids = current.byAgent.get(agentId);
      if (ids == null) {
        return 0;
      }
      var removed = List.copyOf(ids);
      removed.forEach(current::remove);
      return removed.size();
    }
  }

  /**
   * Replaces the whole content at once, e.g. when the index is rebuilt from the database: a
   * concurrent {@code match} sees either the old or the new content, never a mix or an empty index.
   * A later version of the same subscription id in {@code subscriptions} wins.
   */
  public void replaceAll(Collection<IndexedSubscription> subscriptions) {
    var fresh = new State();
    subscriptions.forEach(subscription -> fresh.put(Objects.requireNonNull(subscription)));
    synchronized (writeLock) {
      state = fresh;
    }
  }

  /** The indexed version of a subscription. */
  public Optional<IndexedSubscription> get(String subscriptionId) {
    return Optional.ofNullable(state.byId.get(subscriptionId));
  }

  public int size() {
    return state.byId.size();
  }

  /**
   * A digest of everything the index holds — each subscription's id, agent, tokens and predicate,
   * in an order of their own — so two indexes with one fingerprint match every batch alike: for
   * comparing the nodes of a cluster.
   */
  public String fingerprint() {
    java.security.MessageDigest digest;
    try {
      digest = java.security.MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
    var entries = new ArrayList<>(state.byId.values());
    entries.sort(java.util.Comparator.comparing(IndexedSubscription::subscriptionId));
    for (var entry : entries) {
      var tokens = entry.tokens().stream().map(Object::toString).sorted().toList();
      var line =
          entry.subscriptionId()
              + '\t'
              + entry.agentId()
              + '\t'
              + String.join(",", tokens)
              + '\t'
              + entry.predicate().map(Object::toString).orElse("")
              + '\n';
      digest.update(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    return java.util.HexFormat.of().formatHex(digest.digest());
  }

  /**
   * The subscriptions that watch at least one of the tokens in the same class, each with the tokens
   * it matched. Predicates are not applied here (see {@link SubscriptionMatcher}, which also puts
   * the result in a stable order). The matches come in the order of the batch token that first
   * found them; subscriptions found by the same token come in no particular order.
   *
   * <p>Cost: one hash lookup per token plus the work for the subscriptions found; the number of
   * indexed subscriptions does not enter.
   */
  public List<SubscriptionMatch> match(ClassifiedTokens tokens) {
    Objects.requireNonNull(tokens, "tokens");
    var current = state;
    Map<String, Hit> hits = null;
    for (var tokenClass : TokenClass.values()) {
      var postings = current.postings.get(tokenClass);
      for (var token : tokens.of(tokenClass)) {
        var posting = postings.get(token);
        if (posting == null) {
          continue;
        }
        if (hits == null) {
          hits = new LinkedHashMap<>();
        }
        if (posting instanceof IndexedSubscription single) {
          hit(hits, single, tokenClass, token);
        } else {
          for (var subscription : several(posting).values()) {
            hit(hits, subscription, tokenClass, token);
          }
        }
      }
    }
    if (hits == null || hits.isEmpty()) {
      return List.of();
    }
    var matches = new ArrayList<SubscriptionMatch>(hits.size());
    for (var hit : hits.values()) {
      matches.add(
          new SubscriptionMatch(
              hit.subscription,
              hit.matchedTokens == null ? Set.of(hit.firstToken) : hit.matchedTokens));
    }
    return matches;
  }

  private static void hit(
      Map<String, Hit> hits,
      IndexedSubscription subscription,
      TokenClass tokenClass,
      String token) {
    var hit = hits.get(subscription.subscriptionId());
    if (hit == null) {
      hits.put(subscription.subscriptionId(), new Hit(subscription, token));
    } else if (hit.subscription == subscription
        || hit.subscription.tokens().contains(SubscriptionToken.of(tokenClass, token))) {
      hit.add(token);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, IndexedSubscription> several(Object posting) {
    return (Map<String, IndexedSubscription>) posting;
  }

  /** A subscription found for a batch; most are found through one token, so the set is lazy. */
  private static final class Hit {
    final IndexedSubscription subscription;
    final String firstToken;
    Set<String> matchedTokens;

    Hit(IndexedSubscription subscription, String firstToken) {
      this.subscription = subscription;
      this.firstToken = firstToken;
    }

    void add(String token) {
      if (matchedTokens == null) {
        matchedTokens = new LinkedHashSet<>(4);
        matchedTokens.add(firstToken);
      }
      matchedTokens.add(token);
    }
  }

  /**
   * One generation of the index. Readers use the concurrent maps; writers hold the lock.
   *
   * <p>A posting is what one token leads to: the one {@link IndexedSubscription} watching it (the
   * common case of an entity id, kept without a map around it to spare memory and a lookup) or a
   * concurrent map from subscription id to subscription when there are several. The posting of a
   * token always holds a version of each subscription that watches the token: {@code put}
   * overwrites the entry only for tokens the new version watches and removes it for the others, so
   * a reader never re-checks a posting against {@link #byId}. A posting object that readers may
   * hold is changed only by adding or replacing entries or by removing entries of subscriptions
   * being removed; a single posting is never mutated, only replaced.
   */
  private static final class State {
    final Map<String, IndexedSubscription> byId = new ConcurrentHashMap<>();
    final Map<TokenClass, Map<String, Object>> postings = new EnumMap<>(TokenClass.class);

    /** Only touched under the write lock (or before the state is published). */
    final Map<String, Set<String>> byAgent = new HashMap<>();

    State() {
      for (var tokenClass : TokenClass.values()) {
        postings.put(tokenClass, new ConcurrentHashMap<>());
      }
    }

    void put(IndexedSubscription subscription) {
      var id = subscription.subscriptionId();
      var previous = byId.put(id, subscription);
      for (var token : subscription.tokens()) {
        post(token, subscription);
      }
      if (previous != null) {
        for (var token : previous.tokens()) {
          if (!subscription.tokens().contains(token)) {
            unpost(token, id);
          }
        }
        if (!previous.agentId().equals(subscription.agentId())) {
          forget(previous.agentId(), id);
        }
      }
      byAgent.computeIfAbsent(subscription.agentId(), key -> new LinkedHashSet<>()).add(id);
    }

    void remove(String id) {
      var previous = byId.remove(id);
      if (previous == null) {
        return;
      }
      for (var token : previous.tokens()) {
        unpost(token, id);
      }
      forget(previous.agentId(), id);
    }

    private void post(SubscriptionToken token, IndexedSubscription subscription) {
      var byToken = postings.get(token.getTokenClass());
      var posting = byToken.get(token.getToken());
      if (posting == null
          || (posting instanceof IndexedSubscription single
              && single.subscriptionId().equals(subscription.subscriptionId()))) {
        byToken.put(token.getToken(), subscription);
      } else if (posting instanceof IndexedSubscription single) {
        var several = new ConcurrentHashMap<String, IndexedSubscription>(4);
        several.put(single.subscriptionId(), single);
        several.put(subscription.subscriptionId(), subscription);
        byToken.put(token.getToken(), several);
      } else {
        several(posting).put(subscription.subscriptionId(), subscription);
      }
    }

    private void unpost(SubscriptionToken token, String id) {
      var byToken = postings.get(token.getTokenClass());
      var posting = byToken.get(token.getToken());
      if (posting instanceof IndexedSubscription single) {
        if (single.subscriptionId().equals(id)) {
          byToken.remove(token.getToken());
        }
      } else if (posting != null) {
        var several = several(posting);
        several.remove(id);
        if (several.isEmpty()) {
          byToken.remove(token.getToken());
        } else if (several.size() == 1) {
          byToken.put(token.getToken(), several.values().iterator().next());
        }
      }
    }

    private void forget(String agentId, String id) {
      var ids = byAgent.get(agentId);
      if (ids != null) {
        ids.remove(id);
        if (ids.isEmpty()) {
          byAgent.remove(agentId);
        }
      }
    }
  }

  /** For tests: the number of distinct tokens with at least one subscription, per class. */
  Map<TokenClass, Integer> postingCounts() {
    var counts = new LinkedHashMap<TokenClass, Integer>();
    state.postings.forEach((tokenClass, byToken) -> counts.put(tokenClass, byToken.size()));
    return counts;
  }
}
