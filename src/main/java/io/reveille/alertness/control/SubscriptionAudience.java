package io.reveille.alertness.control;

import io.reveille.notification.control.NotificationAudience;
import io.reveille.notification.control.NotificationBatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The audience of Reveille's own batches: this node's {@link SubscriptionCatalog}, matched exactly
 * as the intake matches (token classes, predicates on the batch's entity snapshots, the origin
 * agent left out). The intake's later steps (an agent's own recent changes, an agent that is not
 * active) only ever drop wakes, so a batch this audience would not wake wakes nobody at the intake
 * either.
 */
@ApplicationScoped
public class SubscriptionAudience implements NotificationAudience {

  @Inject SubscriptionCatalog subscriptions;

  @Inject TokenClassifier classifier;

  @Override
  public void catchUp() {
    subscriptions.current();
  }

  @Override
  public boolean wouldWake(NotificationBatch batch) {
    var index = subscriptions.lastApplied();
    if (index.isEmpty()) {
      return true;
    }
    var origin = batch.originAgentId();
    return SubscriptionMatcher.candidates(index.get(), classifier.classify(batch), batch.entities())
        .stream()
        .anyMatch(candidate -> origin.isEmpty() || !origin.get().equals(candidate.agentId()));
  }
}
