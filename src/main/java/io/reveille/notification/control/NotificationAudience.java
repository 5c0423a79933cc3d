package io.reveille.notification.control;

/**
 * Whether a batch Reveille is about to publish about its own changes (the journal's, the agent
 * domain's) could wake any agent: a batch no subscription matches is not published at all, so the
 * intake does not spend a record and a transaction on it, and the batches that do wake agents do
 * not queue behind it.
 *
 * <p>What a subscription sees, then: every change whose batch is judged after the subscription was
 * committed. A producer asks {@link #wouldWake} when it publishes, inside the change's transaction
 * (at the latest just before it commits). A "yes" needs no proof (a batch published in vain costs
 * an outbox row, and the intake matches it again anyway), so the view as last brought up to date
 * answers it without I/O; only a "no" is confirmed against a view brought up to date with every
 * subscription committed before the question, on any node (one read per transaction). A
 * subscription committed while the change's transaction is still open may miss that change, as it
 * would if it had been committed a moment later.
 */
public interface NotificationAudience {

  /** Everyone: every batch is published (producers built without a container). */
  NotificationAudience EVERYONE = batch -> true;

  /**
   * Whether a subscription matches {@code batch}, its predicates included, and belongs to an agent
   * other than the batch's origin; true when there is no view yet. Joins the caller's transaction
   * when it has to bring the view up to date.
   */
  boolean wouldWake(NotificationBatch batch);
}
