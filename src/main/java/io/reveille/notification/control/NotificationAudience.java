package io.reveille.notification.control;

/**
 * Whether a batch Reveille is about to publish about its own changes (the journal's, the agent
 * domain's) could wake any agent: a batch no subscription matches is not published at all, so the
 * intake does not spend a delivery, a record and a transaction on it, and the batches that do wake
 * agents do not queue behind it.
 *
 * <p>What a subscription sees, then: every change made after it was committed. A producer calls
 * {@link #catchUp()} when it makes a change, inside the change's transaction, and asks {@link
 * #wouldWake} when it publishes (at the latest just before that transaction commits); the answer
 * takes in every subscription committed before the {@code catchUp} began, on any node. A
 * subscription committed while the change's transaction is still open may miss that change, as it
 * would if it had been committed a moment later.
 */
public interface NotificationAudience {

  /** Everyone: every batch is published (producers built without a container). */
  NotificationAudience EVERYONE =
      new NotificationAudience() {
        @Override
        public void catchUp() {}

        @Override
        public boolean wouldWake(NotificationBatch batch) {
          return true;
        }
      };

  /**
   * Brings this node's view of the subscriptions up to date with every committed one; joins the
   * caller's transaction.
   */
  void catchUp();

  /**
   * Whether a subscription in the view as last brought up to date matches {@code batch}, its
   * predicates included, and belongs to an agent other than the batch's origin. Does no I/O; true
   * when there is no view yet.
   */
  boolean wouldWake(NotificationBatch batch);
}
