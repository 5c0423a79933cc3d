package io.reveille.alertness.control;

import jakarta.persistence.EntityManager;

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

  private SubscriptionIndexGeneration() {}

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

  /** The latest committed generation (or the caller's own, once it has taken one). */
  static long committed(EntityManager em) {
    var rows = em.createNativeQuery(READ).getResultList();
    if (rows.isEmpty()) {
      throw new IllegalStateException(
          "subscription_index_state has no row 1: the V4 migration has not run");
    }
    return ((Number) rows.get(0)).longValue();
  }
}
