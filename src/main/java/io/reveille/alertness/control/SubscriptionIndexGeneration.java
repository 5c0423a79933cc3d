package io.reveille.alertness.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * The single row of {@code subscription_index_state}: the generation of the subscription index that
 * every node's {@link SubscriptionCatalog} catches up to.
 *
 * <p>Why a counter row rather than timestamps: taking the next generation is an {@code UPDATE} of
 * one row, whose lock is held until the change commits, so a second writer waits for the first and
 * generations commit in the order they are taken. Reading generation {@code G} therefore proves
 * that every change stamped {@code <= G} is committed and visible — the property that lets a node
 * load only what changed since its last look without ever missing a change.
 */
final class SubscriptionIndexGeneration {

  private static final String NEXT =
      "UPDATE subscription_index_state SET generation = generation + 1 WHERE id = 1";
  private static final String READ = "SELECT generation FROM subscription_index_state WHERE id = 1";

  private static final String RECORD_REMOVAL =
      "INSERT INTO subscription_index_removals (generation, agent_id, removed_at) VALUES (?, ?, ?)";
  private static final String REMOVALS =
      "SELECT agent_id FROM subscription_index_removals WHERE generation > ? AND generation <= ?"
          + " ORDER BY generation";

  private SubscriptionIndexGeneration() {}

  /**
   * Records, under the next generation, that every subscription of {@code agentId} is gone (the
   * agent was deleted and its rows cascaded away), in the caller's transaction.
   */
  static long recordRemoval(EntityManager em, String agentId, Instant now) {
    var generation = next(em);
    em.createNativeQuery(RECORD_REMOVAL)
        .setParameter(1, generation)
        .setParameter(2, agentId)
        .setParameter(3, Timestamp.from(now))
        .executeUpdate();
    return generation;
  }

  /** The agents removed in generations {@code (after, upTo]}, oldest first. */
  static List<String> removedBetween(EntityManager em, long after, long upTo) {
    List<?> rows =
        em.createNativeQuery(REMOVALS).setParameter(1, after).setParameter(2, upTo).getResultList();
    return rows.stream().map(String::valueOf).toList();
  }

  /**
   * Takes the next generation for a change in the caller's transaction and returns it. Locks the
   * state row until that transaction ends: call it as the last step before writing, once the change
   * is known to be valid, to keep the lock short.
   */
  static long next(EntityManager em) {
    var updated = em.createNativeQuery(NEXT).executeUpdate();
    if (updated != 1) {
      throw new IllegalStateException(
          "subscription_index_state has no row 1: the V4 migration has not run");
    }
    return committed(em);
  }

  /**
   * The latest committed generation (or the caller's own, once it has taken one). Read without
   * flushing the caller's pending changes first, as a native query otherwise would: the row is only
   * ever written by native statements, which run at once, so no pending change can alter what this
   * reads; and a flush here would write a transaction's rows early, to be written again when they
   * change once more before its commit.
   */
  static long committed(EntityManager em) {
    var rows = em.createNativeQuery(READ).setFlushMode(FlushModeType.COMMIT).getResultList();
    if (rows.isEmpty()) {
      throw new IllegalStateException(
          "subscription_index_state has no row 1: the V4 migration has not run");
    }
    return ((Number) rows.get(0)).longValue();
  }
}
