package io.reveille.alertness.control;

import io.reveille.alertness.entity.NotificationBatchRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Records each notification batch once, keyed by its {@code batchId}.
 *
 * <p>The record is the dedupe point: a batch delivered twice (producer retry, broker redelivery
 * after a crash) is recognised and dropped here. Subscription matching and wake scheduling attach
 * to this step (issue 3).
 */
@ApplicationScoped
@Transactional
public class NotificationIntake {

  private static final Logger LOG = Logger.getLogger(NotificationIntake.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject NotificationBatchDocuments documents;

  /** Records the batch; returns false when a batch with its id was already recorded. */
  public boolean accept(NotificationBatch batch) {
    if (em.find(NotificationBatchRecord.class, batch.batchId()) != null) {
      LOG.log(
          Level.INFO,
          "Notification batch {0} already recorded; duplicate dropped",
          batch.batchId());
      return false;
    }
    em.persist(documents.record(batch, clock.instant()));
    LOG.log(
        Level.FINE,
        "Recorded notification batch {0} with {1} token(s)",
        new Object[] {batch.batchId(), batch.allTokens().size()});
    return true;
  }

  public Optional<NotificationBatchRecord> find(String batchId) {
    return Optional.ofNullable(em.find(NotificationBatchRecord.class, batchId));
  }
}
