package io.reveille.alertness.control;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An agent that one batch should wake, with what woke it: the input of the wake scheduler. One per
 * agent however many of its subscriptions matched, because an agent wakes once per batch.
 *
 * @param subscriptionIds the subscriptions that matched (and whose predicates held), sorted
 * @param matchedTokens the union of their matched tokens, in the batch's order
 */
public record WakeCandidate(
    String agentId, List<String> subscriptionIds, Set<String> matchedTokens) {

  public WakeCandidate {
    Objects.requireNonNull(agentId, "agentId");
    subscriptionIds = List.copyOf(subscriptionIds);
    matchedTokens = Collections.unmodifiableSet(new LinkedHashSet<>(matchedTokens));
  }
}
