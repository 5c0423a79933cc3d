package io.reveille.wake.control;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/** One agent's match on a notification batch: which subscriptions, and the tokens that matched. */
public record SubscriptionWake(String agentId, List<String> subscriptionIds, Set<String> tokens) {
  public SubscriptionWake {
    Objects.requireNonNull(agentId, "agentId");
    subscriptionIds = List.copyOf(subscriptionIds);
    tokens = Set.copyOf(tokens);
    if (subscriptionIds.isEmpty()) {
      throw new IllegalArgumentException("a subscription wake needs its subscriptions");
    }
  }
}
