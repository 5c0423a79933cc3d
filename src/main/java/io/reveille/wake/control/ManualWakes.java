package io.reveille.wake.control;

import io.reveille.security.control.Actor;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A wake an operator asks for over the API, committed before its job goes to the broker: the run
 * log entry (with the operator's note) commits in a transaction that enlists the database alone
 * ({@link WakeScheduler#scheduleManualHeld}), one phase, and the job is sent after, outside any
 * transaction, as the notification intake sends its jobs. A job that is not sent (the broker
 * refused it, or the JVM died between the commit and the send) leaves the run {@code queued} with
 * no message: start-up recovery or the sweeper ({@code reveille.wake.stale-queued-seconds}) puts it
 * on the queue; the request is answered 202 all the same, since the wake is recorded.
 */
@ApplicationScoped
@Transactional(TxType.NOT_SUPPORTED)
public class ManualWakes {

  private static final Logger LOG = Logger.getLogger(ManualWakes.class.getName());

  @Inject WakeScheduler scheduler;
  @Inject WakeQueue queue;

  /** The wake {@code actor} asked for, as {@link WakeScheduler#scheduleManual}, its job sent. */
  public WakeRunLogEntry wake(
      String agentId, Optional<String> idempotencyKey, Optional<Actor> actor) {
    var scheduled = scheduler.scheduleManualHeld(agentId, idempotencyKey, actor);
    try {
      queue.send(scheduled.jobs());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "The job of manual wake {0} of agent {1} was not sent; the sweeper enqueues it: {2}",
          new Object[] {scheduled.entry().getRunKey(), agentId, e.toString()});
    }
    return scheduled.entry();
  }
}
