package io.reveille.wake.control;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The rules of the second self-notification suppression layer (seed 003 §10.3), for batches whose
 * producer could not tag them with the agent that caused them. The first layer, a batch's {@code
 * originAgentId}, needs no rule: such a batch never wakes its origin.
 *
 * <p>Pure functions over token sets; {@link SelfMutations} supplies what each agent changed lately.
 */
public final class SelfSuppression {

  private SelfSuppression() {}

  /**
   * What is left to wake an agent for, once its own recent changes are taken out of a batch.
   *
   * <ul>
   *   <li>Every entity the batch names is one the agent changed itself: the batch is the echo of
   *       its own write, and its semantic keys and subtype tokens came from that write too —
   *       nothing wakes the agent.
   *   <li>Some are: those entity ids are taken out of the matched tokens; if nothing matched is
   *       left, nothing wakes it.
   *   <li>None are (or the batch names no entity): the match stands unchanged.
   * </ul>
   *
   * @param matchedTokens the tokens that matched the agent's subscriptions
   * @param batchEntityIds every entity id the batch names
   * @param ownChanges the entities the agent changed within the suppression window
   * @return the tokens to wake the agent with, or empty when the batch is its own change
   */
  public static Optional<Set<String>> remainingTokens(
      Set<String> matchedTokens, Set<String> batchEntityIds, Set<String> ownChanges) {
    if (batchEntityIds.isEmpty() || ownChanges.isEmpty()) {
      return Optional.of(matchedTokens);
    }
    var covered = new LinkedHashSet<String>();
    for (var entityId : batchEntityIds) {
      if (ownChanges.contains(entityId)) {
        covered.add(entityId);
      }
    }
    if (covered.isEmpty()) {
      return Optional.of(matchedTokens);
    }
    if (covered.size() == batchEntityIds.size()) {
      return Optional.empty();
    }
    var remaining = new LinkedHashSet<>(matchedTokens);
    remaining.removeAll(covered);
    return remaining.isEmpty() ? Optional.empty() : Optional.of(remaining);
  }

  /**
   * The deferred-job re-check: a queued job whose every trigger token is an entity the agent has
   * changed since the job was created (or just before) is its own change, and is dropped.
   */
  public static boolean isOwnChange(Collection<String> jobTokens, Set<String> ownChanges) {
    return !jobTokens.isEmpty() && ownChanges.containsAll(jobTokens);
  }
}
