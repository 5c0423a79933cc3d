package io.reveille.alertness.control;

import io.reveille.alertness.entity.NotificationBatchRecord;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.platform.LogText;
import io.reveille.wake.control.SelfMutations;
import io.reveille.wake.control.SelfSuppression;
import io.reveille.wake.control.SubscriptionWake;
import io.reveille.wake.control.WakeQueue;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Takes in one notification batch: records it once, keyed by its {@code batchId}, and wakes the
 * agents whose subscriptions it matches, in one transaction, so a batch is either recorded with its
 * wake runs or redelivered with neither.
 *
 * <p>The consumers call {@link #takeIn}: its transaction is the database's alone (it commits
 * one-phase, with no transaction log), the wake jobs it schedules are held and sent only once it
 * has committed, and only then is the delivery acknowledged. The batch record makes that an
 * idempotent inbox: a delivery that comes back after the commit (the JVM or the broker died before
 * the acknowledgement, or a send failed) finds its batch recorded, puts the batch's still-queued
 * runs on the wake queue again under their own duplicate ids, and changes nothing else.
 *
 * <p>The record is the dedupe point: a batch delivered twice (producer retry, broker redelivery
 * after a crash) is recognised and dropped here. Then: classify the tokens, match them against this
 * node's subscription index (brought up to date with every committed subscription first), apply
 * predicates to the batch's entity snapshots, drop the agent that caused the change itself ({@code
 * originAgentId}) and, for batches that could not say who caused them, what each agent's own recent
 * changes explain ({@link SelfSuppression}); hand the rest to the wake scheduler.
 */
@ApplicationScoped
@Transactional
public class NotificationIntake {

  private static final Logger LOG = Logger.getLogger(NotificationIntake.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject NotificationRecords records;

  @Inject TokenClassifier classifier;

  @Inject SubscriptionCatalog subscriptions;

  @Inject WakeScheduler wakes;

  @Inject SelfMutations selfMutations;

  @Inject WakeQueue queue;

  @Inject NotificationOutbox outbox;

  /** What {@link #takeIn} did: whether it recorded the batch, and the wake jobs left to send. */
  public record Intake(boolean recorded, WakeQueue.HeldJobs jobs) {}

  /**
   * Takes the batch in, in a transaction of its own that enlists no broker (unless a run completed
   * inline announces an agent-domain batch someone hears): {@link #accept}, with the wake jobs it
   * schedules held back; for a batch recorded before, its still-queued runs are enqueued again
   * ({@link WakeScheduler#enqueueQueuedRunsOf}). Returns only once that transaction has committed,
   * with the jobs for the caller to {@linkplain WakeQueue#send send} before it acknowledges the
   * delivery.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Intake takeIn(NotificationBatch batch, boolean mayRunInline) {
    var jobs = queue.holdUntilCommitted();
    var recorded = accept(batch, mayRunInline);
    if (!recorded) {
      wakes.enqueueQueuedRunsOf(batch.batchId());
    }
    return new Intake(recorded, jobs);
  }

  /**
   * Takes one of Reveille's own batches out of the outbox and in, in a transaction of its own that,
   * like {@link #takeIn}'s, enlists the database alone: deletes its outbox row, then {@link
   * #accept} with the wake jobs held. The delete is the claim: empty when the row was gone (another
   * node's sweep, or this node's hand-off, took the batch in), and a second taker of the same row
   * waits for the first to commit and then finds it gone. Returns once the transaction has
   * committed, with the jobs for the caller to {@linkplain WakeQueue#send send}.
   *
   * @param mayRunInline whether a run it causes may be executed here: on the hand-off right after
   *     the change committed; not on a sweep, which takes in what failed or was cut off before
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<Intake> takeOutOfOutbox(NotificationBatch batch, boolean mayRunInline) {
    if (!outbox.remove(batch.batchId())) {
      return Optional.empty();
    }
    var jobs = queue.holdUntilCommitted();
    return Optional.of(new Intake(accept(batch, mayRunInline), jobs));
  }

  /**
   * Deletes the outbox row of a batch that can never be taken in (it no longer passes the parser's
   * bounds), in a transaction of its own; false when it was gone already.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean dropFromOutbox(String batchId) {
    return outbox.remove(batchId);
  }

  /**
   * Records the batch in the caller's transaction, wake jobs sent within it; returns false when a
   * batch with its id was already recorded. With {@code mayRunInline} (the batch's first delivery),
   * a batch that wakes exactly one agent may have that run executed here, in this transaction
   * ({@link WakeScheduler#scheduleForBatch}).
   */
  public boolean accept(NotificationBatch batch, boolean mayRunInline) {
    if (em.find(NotificationBatchRecord.class, batch.batchId()) != null) {
      LOG.log(
          Level.INFO,
          "Notification batch {0} already recorded; duplicate dropped",
          LogText.quoted(batch.batchId()));
      return false;
    }
    em.persist(records.record(batch, clock.instant()));
    var tokens = classifier.classify(batch);
    var candidates =
        SubscriptionMatcher.candidatesBesidesOrigin(subscriptions.current(), tokens, batch);
    var matched = withoutOwnChanges(batch.batchId(), candidates, tokens.entityIds());
    var scheduled =
        wakes.scheduleForBatch(
            batch.batchId(),
            batch.cause(),
            batch
                .hostId()
                .filter(host -> batch.counter().isPresent())
                .map(host -> new WakeScheduler.HostCounter(host, batch.counter().getAsLong())),
            matched,
            mayRunInline);
    LOG.log(
        Level.FINE,
        "Recorded notification batch {0} with {1} token(s): {2} wake(s)",
        new Object[] {LogText.quoted(batch.batchId()), batch.allTokens().size(), scheduled.size()});
    return true;
  }

  /** The second suppression layer: drops what each agent's own recent changes explain. */
  private List<SubscriptionWake> withoutOwnChanges(
      String batchId, List<WakeCandidate> candidates, Set<String> batchEntityIds) {
    if (candidates.isEmpty()) {
      return List.of();
    }
    var ownChanges =
        selfMutations.recent(
            candidates.stream().map(WakeCandidate::agentId).toList(), batchEntityIds);
    var wakes = new ArrayList<SubscriptionWake>(candidates.size());
    for (var candidate : candidates) {
      var remaining =
          SelfSuppression.remainingTokens(
              candidate.matchedTokens(),
              batchEntityIds,
              ownChanges.getOrDefault(candidate.agentId(), Set.of()));
      if (remaining.isEmpty()) {
        LOG.log(
            Level.FINE,
            "Batch {0} only echoes changes agent {1} made itself: no wake",
            new Object[] {LogText.quoted(batchId), candidate.agentId()});
        continue;
      }
      wakes.add(
          new SubscriptionWake(candidate.agentId(), candidate.subscriptionIds(), remaining.get()));
    }
    return wakes;
  }

  public Optional<NotificationBatchRecord> find(String batchId) {
    return Optional.ofNullable(em.find(NotificationBatchRecord.class, batchId));
  }
}
