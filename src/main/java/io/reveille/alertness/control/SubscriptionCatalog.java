package io.reveille.alertness.control;

import io.reveille.agent.control.AgentDeleted;
import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This node's {@link SubscriptionIndex}, kept exactly as current as the database whenever it is
 * asked for.
 *
 * <p>Why there is no window in which a committed subscription is missing, on any node: every
 * subscription change takes the next generation from {@code subscription_index_state} in its own
 * transaction and stamps the changed row with it (see {@link SubscriptionService}); the row lock of
 * that update makes generations commit in the order they are taken. {@link #current()} first reads
 * the committed generation {@code G} — one primary-key read on the shared database — and, when its
 * index has applied less, loads the rows stamped after what it has applied up to {@code G} before
 * it answers. A subscription committed before a batch is published carries a generation that was
 * committed before the batch existed, so it is {@code <= G} for the {@code G} the consumer reads
 * when it handles that batch, on whichever node that happens; the index it gets back contains the
 * subscription. Nothing is pushed between nodes, so there is no propagation delay to race with, and
 * the steady-state cost is the one read per transaction (see {@link #current()}).
 *
 * <p>Why the load is bounded by {@code G}: every generation {@code <= G} is committed once {@code
 * G} is, so the load sees all of them even on a database without snapshot reads (Derby), where a
 * scan can pass a row's position before a later-committing writer puts it there. A row changed
 * again after {@code G} carries the newer stamp and is picked up by the next refresh.
 *
 * <p>The first call builds the whole index; later ones apply only the changes (an active row is
 * put, an inactive one removed). Deleting an agent cascades its subscription rows away, so the
 * deletion takes a generation of its own and records the agent in {@code
 * subscription_index_removals}; a refresh that passes that generation drops the agent's entries, on
 * every node. The deleting node also drops them at once ({@link #forget(String)}).
 *
 * <p>Thread-safe: many consumer threads call {@link #current()} at once. Refreshes run one at a
 * time under a lock; matching happens outside it, against the thread-safe index, which a later
 * refresh may change while a match runs (it then sees newer subscriptions, never older ones). The
 * database work joins the caller's transaction, which must be read-committed (the default) so the
 * generation read sees the latest commit.
 */
@ApplicationScoped
public class SubscriptionCatalog {

  private static final Logger LOG = Logger.getLogger(SubscriptionCatalog.class.getName());

  /** An index together with the generation it reflects, published as one value. */
  private record Applied(SubscriptionIndex index, long generation) {}

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** The key of the mark a transaction that has read the committed generation carries. */
  private static final String ASKED = SubscriptionCatalog.class.getName() + ".asked";

  @Resource TransactionSynchronizationRegistry transactions;

  private final ReentrantLock refreshLock = new ReentrantLock();

  private volatile Applied applied;

  // Which subscriptions the index holds per agent, for forget(); guarded by refreshLock.
  private final Map<String, String> agentOfSubscription = new HashMap<>();
  private final Map<String, Set<String>> subscriptionsOfAgent = new HashMap<>();

  /**
   * The index with every subscription change committed before this call began; in a transaction
   * that has asked before, before its first call began (one read of the generation per transaction:
   * a subscription committed while the transaction is open may or may not be in it, as for a
   * transaction that ran a moment earlier). A transaction that changed subscriptions reads again on
   * every call.
   *
   * @return the index to match against, outside any lock; thread-safe
   */
  @Transactional
  public SubscriptionIndex current() {
    var known = applied;
    if (known != null && askedInThisTransaction()) {
      return known.index();
    }
    var committed = SubscriptionIndexGeneration.committed(em);
    markAsked();
    known = applied;
    if (known != null && known.generation() >= committed) {
      return known.index();
    }
    refreshLock.lock();
    try {
      known = applied;
      if (known == null) {
        build(committed);
      } else if (known.generation() < committed) {
        applyChanges(known, committed);
      }
      return applied.index();
    } finally {
      refreshLock.unlock();
    }
  }

  /**
   * Whether the current transaction has read the committed generation already and changed no
   * subscription since.
   */
  private boolean askedInThisTransaction() {
    return transactions != null
        && transactions.getTransactionStatus() == Status.STATUS_ACTIVE
        && transactions.getResource(ASKED) != null
        && !SubscriptionAudience.subscriptionsChanged(transactions);
  }

  private void markAsked() {
    if (transactions != null && transactions.getTransactionStatus() == Status.STATUS_ACTIVE) {
      transactions.putResource(ASKED, Boolean.TRUE);
    }
  }

  /**
   * Builds the index anew from the database, dropping whatever it held: the way to shed entries of
   * agents that were deleted on another node.
   */
  @Transactional
  public void rebuild() {
    refreshLock.lock();
    try {
      build(SubscriptionIndexGeneration.committed(em));
    } finally {
      refreshLock.unlock();
    }
  }

  /** A deleted agent's subscription rows went with it (cascade); drop its index entries too. */
  void onAgentDeleted(@Observes(during = TransactionPhase.AFTER_SUCCESS) AgentDeleted event) {
    forget(event.agentId());
  }

  /**
   * Drops every index entry of an agent whose subscription rows are gone (the agent was deleted).
   * Call it once the deletion has committed: entries dropped for an agent that still has
   * subscriptions come back only with a {@link #rebuild()}.
   */
  public void forget(String agentId) {
    Objects.requireNonNull(agentId, "agentId");
    refreshLock.lock();
    try {
      var index = applied == null ? null : applied.index();
      var ids = subscriptionsOfAgent.remove(agentId);
      if (ids == null) {
        return;
      }
      for (var id : ids) {
        agentOfSubscription.remove(id);
        if (index != null) {
          index.remove(id);
        }
      }
    } finally {
      refreshLock.unlock();
    }
  }

  /**
   * The ids of an agent's subscriptions that this node's index holds now, without refreshing it:
   * what this node would match for the agent. For diagnostics and tests.
   */
  public Set<String> indexedSubscriptionIds(String agentId) {
    refreshLock.lock();
    try {
      return Set.copyOf(subscriptionsOfAgent.getOrDefault(agentId, Set.of()));
    } finally {
      refreshLock.unlock();
    }
  }

  /** What this node's index holds at a generation: how many subscriptions, and their digest. */
  public record Snapshot(long generation, int subscriptions, String fingerprint) {}

  /**
   * This node's index brought up to the committed generation, described: nodes whose snapshots at
   * one generation have one fingerprint match every batch alike.
   */
  @Transactional
  public Snapshot snapshot() {
    current();
    refreshLock.lock();
    try {
      var known = applied;
      return new Snapshot(known.generation(), known.index().size(), known.index().fingerprint());
    } finally {
      refreshLock.unlock();
    }
  }

  /**
   * The index as the last {@link #current()} (or rebuild) left it, without reading the database:
   * every subscription committed before that call began, and any applied since. Empty before the
   * index is first built.
   */
  public Optional<SubscriptionIndex> lastApplied() {
    var known = applied;
    return known == null ? Optional.empty() : Optional.of(known.index());
  }

  /** The generation the index reflects; -1 before it is first built. */
  public long appliedGeneration() {
    var known = applied;
    return known == null ? -1 : known.generation();
  }

  private void build(long upTo) {
    var rows =
        em.createNamedQuery("AgentSubscription.indexRowsActiveUpTo", Object[].class)
            .setParameter("upTo", upTo)
            .getResultList();
    // Everything that can fail (the query, folding its rows) before the bookkeeping is cleared.
    var loaded = rowsBySubscription(rows);
    var index = new SubscriptionIndex();
    agentOfSubscription.clear();
    subscriptionsOfAgent.clear();
    for (var row : loaded) {
      apply(index, row);
    }
    applied = new Applied(index, upTo);
    LOG.log(
        Level.INFO,
        "Subscription index built: {0} subscriptions at generation {1}",
        new Object[] {index.size(), upTo});
  }

  private void applyChanges(Applied known, long upTo) {
    var rows =
        em.createNamedQuery("AgentSubscription.indexRowsChangedBetween", Object[].class)
            .setParameter("after", known.generation())
            .setParameter("upTo", upTo)
            .getResultList();
    for (var row : rowsBySubscription(rows)) {
      apply(known.index(), row);
    }
    // Agents deleted on any node: their rows are gone, the removal record says so.
    for (var agentId : SubscriptionIndexGeneration.removedBetween(em, known.generation(), upTo)) {
      forget(agentId);
    }
    // Published after the changes, so a reader that sees the generation sees them too.
    applied = new Applied(known.index(), upTo);
  }

  private void apply(SubscriptionIndex index, Row row) {
    var indexed = row.active() ? indexed(row) : Optional.<IndexedSubscription>empty();
    if (indexed.isPresent()) {
      index.put(indexed.get());
      agentOfSubscription.put(row.subscriptionId(), row.agentId());
      subscriptionsOfAgent
          .computeIfAbsent(row.agentId(), agent -> new HashSet<>())
          .add(row.subscriptionId());
    } else {
      index.remove(row.subscriptionId());
      var agentId = agentOfSubscription.remove(row.subscriptionId());
      if (agentId != null) {
        var ids = subscriptionsOfAgent.get(agentId);
        ids.remove(row.subscriptionId());
        if (ids.isEmpty()) {
          subscriptionsOfAgent.remove(agentId);
        }
      }
    }
  }

  /**
   * The entry for an active row. A stored predicate was valid when it was written; one that no
   * longer parses (the language changed) leaves the subscription out rather than waking its agent
   * for every matching batch, and says so in the log.
   */
  private static Optional<IndexedSubscription> indexed(Row row) {
    try {
      var predicate = Optional.ofNullable(row.predicate()).map(SubscriptionPredicate::parse);
      return Optional.of(
          new IndexedSubscription(row.subscriptionId(), row.agentId(), row.tokens(), predicate));
    } catch (RuntimeException e) {
      LOG.log(
          Level.SEVERE,
          "Subscription {0} of agent {1} is left out of the index: its predicate no longer parses:"
              + " {2}",
          new Object[] {row.subscriptionId(), row.agentId(), e.getMessage()});
      return Optional.empty();
    }
  }

  /** One subscription as the index needs it, gathered from its rows of the projection. */
  record Row(
      String subscriptionId,
      String agentId,
      String predicate,
      boolean active,
      Set<SubscriptionToken> tokens) {}

  /**
   * Folds the projection's rows ({@code id, agentId, predicate, active, tokenClass, token}, one per
   * token, ordered by id) into one {@link Row} per subscription.
   */
  static List<Row> rowsBySubscription(List<Object[]> rows) {
    var result = new ArrayList<Row>();
    Object[] first = null;
    Set<SubscriptionToken> tokens = null;
    for (var row : rows) {
      if (first == null || !first[0].equals(row[0])) {
        if (first != null) {
          result.add(row(first, tokens));
        }
        first = row;
        tokens = new LinkedHashSet<>();
      }
      tokens.add(SubscriptionToken.of((TokenClass) row[4], (String) row[5]));
    }
    if (first != null) {
      result.add(row(first, tokens));
    }
    return result;
  }

  private static Row row(Object[] first, Set<SubscriptionToken> tokens) {
    return new Row(
        (String) first[0],
        (String) first[1],
        (String) first[2],
        (Boolean) first[3],
        Set.copyOf(tokens));
  }
}
