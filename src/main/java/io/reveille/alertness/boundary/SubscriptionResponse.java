package io.reveille.alertness.boundary;

import io.reveille.alertness.entity.AgentSubscription;
import java.time.Instant;
import java.util.List;

/** A subscription as the API shows it; tokens sorted, so equal subscriptions read the same. */
public record SubscriptionResponse(
    String id,
    String agentId,
    long version,
    List<String> semanticKeys,
    List<String> subtypeTokens,
    List<String> entityIds,
    String predicate,
    boolean active,
    Instant createdAt,
    Instant updatedAt) {

  static SubscriptionResponse of(AgentSubscription subscription) {
    return new SubscriptionResponse(
        subscription.getId(),
        subscription.getAgentId(),
        subscription.getVersion(),
        subscription.getSemanticKeys().stream().sorted().toList(),
        subscription.getSubtypeTokens().stream().sorted().toList(),
        subscription.getEntityIds().stream().sorted().toList(),
        subscription.getPredicate(),
        subscription.isActive(),
        subscription.getCreatedAt(),
        subscription.getUpdatedAt());
  }
}
