package io.reveille.wake.control;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One agent's match on a notification batch: which subscriptions, and the tokens that matched (in
 * the batch's order).
 */
public record SubscriptionWake(String agentId, List<String> subscriptionIds, Set<String> tokens) {
  public SubscriptionWake {
    Objects.requireNonNull(agentId, "agentId");
    subscriptionIds = List.copyOf(subscriptionIds);
    // In the order given (the batch's): the run log shows the tokens reproducibly.
    tokens = Collections.unmodifiableSet(new LinkedHashSet<>(tokens));
    if (subscriptionIds.isEmpty()) {
      throw new IllegalArgumentException("a subscription wake needs its subscriptions");
    }
  }
}
