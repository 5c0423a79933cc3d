package io.reveille.alertness.control;

import io.reveille.alertness.entity.AgentSubscription;
import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.platform.error.InvalidInputException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The part of an active subscription that matching needs, held in memory by the {@link
 * SubscriptionIndex}: immutable, so that matcher threads can share it without locks while the index
 * swaps in a newer version.
 *
 * @param tokens at least one; copied into an unmodifiable set that keeps the given order
 * @param predicate parsed once when indexed, not per batch
 */
public record IndexedSubscription(
    String subscriptionId,
    String agentId,
    Set<SubscriptionToken> tokens,
    Optional<SubscriptionPredicate> predicate) {

  public IndexedSubscription {
    Objects.requireNonNull(subscriptionId, "subscriptionId");
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(tokens, "tokens");
    Objects.requireNonNull(predicate, "predicate");
    var copy = new LinkedHashSet<SubscriptionToken>(tokens.size() * 2);
    for (var token : tokens) {
      copy.add(Objects.requireNonNull(token, "tokens must not contain null"));
    }
    if (copy.isEmpty()) {
      throw new IllegalArgumentException(
          "subscription " + subscriptionId + " has no tokens and could never match");
    }
    tokens = Collections.unmodifiableSet(copy);
  }

  /**
   * The index entry of a persisted subscription; its predicate text is parsed here.
   *
   * @throws InvalidInputException if the stored predicate does not parse (it was validated when the
   *     subscription was created, so this means the text was changed behind the API's back)
   */
  public static IndexedSubscription of(AgentSubscription subscription) {
    var predicate = subscription.getPredicate();
    return new IndexedSubscription(
        subscription.getId(),
        subscription.getAgentId(),
        subscription.getTokens(),
        predicate == null || predicate.isBlank()
            ? Optional.empty()
            : Optional.of(SubscriptionPredicate.parse(predicate)));
  }

  /** The tokens of one class, in this subscription's order. */
  public Set<String> tokens(TokenClass tokenClass) {
    var result = new LinkedHashSet<String>();
    for (var token : tokens) {
      if (token.getTokenClass() == tokenClass) {
        result.add(token.getToken());
      }
    }
    return Collections.unmodifiableSet(result);
  }
}
