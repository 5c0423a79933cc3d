package io.reveille.alertness.boundary;

import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.alertness.entity.AgentSubscription;
import io.reveille.alertness.entity.SubscriptionToken;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * The body of {@code POST /api/agents/{id}/subscriptions}. The annotations reject the shape early
 * with every offending field at once; {@link NewSubscription} checks what they cannot (duplicates,
 * at least one token, the predicate's syntax).
 */
public class SubscriptionRequest {

  @Size(max = NewSubscription.MAX_TOKENS_PER_CLASS)
  public List<@NotBlank @Size(max = SubscriptionToken.MAX_LENGTH) String> semanticKeys;

  @Size(max = NewSubscription.MAX_TOKENS_PER_CLASS)
  public List<@NotBlank @Size(max = SubscriptionToken.MAX_LENGTH) String> subtypeTokens;

  @Size(max = NewSubscription.MAX_TOKENS_PER_CLASS)
  public List<@NotBlank @Size(max = SubscriptionToken.MAX_LENGTH) String> entityIds;

  @Size(max = AgentSubscription.MAX_PREDICATE_LENGTH)
  public String predicate;

  NewSubscription toCommand() {
    return new NewSubscription(semanticKeys, subtypeTokens, entityIds, predicate);
  }
}
