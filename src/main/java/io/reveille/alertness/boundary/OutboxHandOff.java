package io.reveille.alertness.boundary;

import io.reveille.alertness.control.NotificationIntake;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.LogText;
import io.reveille.wake.control.WakeQueue;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Takes Reveille's own batches out of the outbox and in ({@link
 * NotificationIntake#takeOutOfOutbox}), then sends the wake jobs that intake held: for a committed
 * change, at once on a thread of this node's hand-off executor; for the outbox sweep, on the
 * sweep's thread. A batch that fails stays in the outbox for the next sweep, and a batch another
 * taker got first is skipped, so each is taken in once. A wake job whose send fails after the
 * intake committed leaves its run queued, for the wake sweeper to enqueue again.
 *
 * <p>The executor ({@value #EXECUTOR}, declared in {@code server.xml}) runs hand-offs on the
 * server's shared threads and lets a bounded number wait for one; a change committed while that
 * many wait leaves its batches in the outbox, where the sweep takes them in, instead of growing the
 * heap.
 */
@ApplicationScoped
public class OutboxHandOff {

  private static final Logger LOG = Logger.getLogger(OutboxHandOff.class.getName());

  /** The hand-off executor's JNDI name. */
  static final String EXECUTOR = "concurrent/reveille/outboxHandOff";

  @Resource(lookup = EXECUTOR)
  ManagedExecutorService executor;

  @Inject NotificationIntake intake;
  @Inject WakeQueue wakeQueue;
  @Inject Metrics metrics;

  /** The batches of a transaction that has just committed, taken in on a managed thread. */
  void takeInLater(List<NotificationBatch> batches) {
    try {
      executor.execute(() -> takeIn(batches, true));
    } catch (RejectedExecutionException e) {
      LOG.log(
          Level.WARNING,
          "{0} notification batch(es) wait in the outbox for its sweep (the hand-off queue is"
              + " full): {1}",
          new Object[] {batches.size(), e.getMessage()});
    }
  }

  /**
   * Takes each batch in, in a transaction of its own; a failure is logged and leaves that batch to
   * the next sweep.
   *
   * @param first whether the batches come straight from their change (a run they cause may then be
   *     executed inline) rather than from a sweep
   * @return how many batches this call took in
   */
  int takeIn(List<NotificationBatch> batches, boolean first) {
    var taken = 0;
    for (var batch : batches) {
      try {
        var intake = this.intake.takeOutOfOutbox(batch, first);
        if (intake.isPresent()) {
          taken++;
          metrics.batch("accepted");
          wakeQueue.send(intake.get().jobs());
        }
      } catch (RuntimeException e) {
        LOG.log(
            Level.WARNING,
            "Notification batch {0} stays in the outbox for its next sweep: {1}",
            new Object[] {LogText.quoted(batch.batchId()), e.toString()});
      }
    }
    return taken;
  }
}
