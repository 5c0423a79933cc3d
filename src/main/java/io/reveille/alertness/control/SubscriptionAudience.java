package io.reveille.alertness.control;

import io.reveille.notification.control.NotificationAudience;
import io.reveille.notification.control.NotificationBatch;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The audience of Reveille's own batches: this node's {@link SubscriptionCatalog}, matched exactly
 * as the intake matches (token classes, predicates on the batch's entity snapshots, the origin
 * agent left out). The intake's later steps (an agent's own recent changes, an agent that is not
 * active) only ever drop wakes, so a batch this audience would not wake wakes nobody at the intake
 * either.
 *
 * <p>A batch the view as last applied would wake is published at once; one it would not is judged
 * again against the view brought up to date ({@link SubscriptionCatalog#current}, one read of the
 * generation per transaction), so a subscription committed before the question always hears it.
 *
 * <p>Two kinds of transaction are not judged, and publish everything: one that changed
 * subscriptions (it took a generation of the index, {@link #markSubscriptionsChanged}; bringing the
 * node-wide catalog up to that generation before it commits would make the catalog skip the
 * generation if the transaction then rolled back, and on Derby the read would wait on the row lock
 * the transaction holds), and one that is no longer active (marked for rollback: its batches go
 * nowhere, and a statement in it may fail where publishing did not).
 */
@ApplicationScoped
public class SubscriptionAudience implements NotificationAudience {

  /** The key of the mark a transaction that changed subscriptions carries. */
  static final String SUBSCRIPTIONS_CHANGED = SubscriptionAudience.class.getName() + ".changed";

  @Inject SubscriptionCatalog subscriptions;

  @Inject TokenClassifier classifier;

  @Resource TransactionSynchronizationRegistry transactions;

  /** Marks the current transaction as one that took a generation of the subscription index. */
  static void markSubscriptionsChanged(TransactionSynchronizationRegistry transactions) {
    if (transactions != null
        && transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
      transactions.putResource(SUBSCRIPTIONS_CHANGED, Boolean.TRUE);
    }
  }

  /** Whether the current transaction took a generation of the subscription index. */
  static boolean subscriptionsChanged(TransactionSynchronizationRegistry transactions) {
    return transactions.getResource(SUBSCRIPTIONS_CHANGED) != null;
  }

  @Override
  public boolean wouldWake(NotificationBatch batch) {
    if (!judged()) {
      return true;
    }
    var classified = classifier.classify(batch);
    var known = subscriptions.lastApplied();
    if (known.isEmpty() || hears(known.get(), classified, batch)) {
      return true;
    }
    // A "no" from the view as last applied may be stale: confirm it with every committed change.
    return hears(subscriptions.current(), classified, batch);
  }

  private static boolean hears(
      SubscriptionIndex index, ClassifiedTokens classified, NotificationBatch batch) {
    return !SubscriptionMatcher.candidatesBesidesOrigin(index, classified, batch).isEmpty();
  }

  /** Whether the current transaction's batches are judged at all (see the class comment). */
  private boolean judged() {
    if (transactions == null) {
      return true;
    }
    var status = transactions.getTransactionStatus();
    return status == Status.STATUS_NO_TRANSACTION
        || (status == Status.STATUS_ACTIVE && !subscriptionsChanged(transactions));
  }
}
