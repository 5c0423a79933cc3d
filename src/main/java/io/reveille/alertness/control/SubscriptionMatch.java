package io.reveille.alertness.control;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * One subscription found by {@link SubscriptionIndex#match}, before its predicate is applied.
 *
 * @param matchedTokens the batch's tokens that this subscription watches (in the same class), in
 *     the batch's order ({@link ClassifiedTokens#all()}); never empty
 */
public record SubscriptionMatch(IndexedSubscription subscription, Set<String> matchedTokens) {

  public SubscriptionMatch {
    Objects.requireNonNull(subscription, "subscription");
    matchedTokens =
        matchedTokens.size() == 1
            ? Set.of(matchedTokens.iterator().next())
            : Collections.unmodifiableSet(new LinkedHashSet<>(matchedTokens));
  }
}
