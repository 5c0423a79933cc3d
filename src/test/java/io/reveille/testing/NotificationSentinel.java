package io.reveille.testing;

import io.reveille.alertness.entity.NotificationBatchRecord;
import io.reveille.notification.control.NotificationQueue;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.util.UUID;

/**
 * The committed sentinel for "nothing happened" checks inside the server: a batch that matches no
 * subscription, put on the queue of Reveille's own batches (where the journal and the agent domain
 * put theirs) after whatever must not have an effect, and awaited until the consumer has recorded
 * it. The queue hands out batches in the order they were sent, so once the sentinel is recorded, a
 * batch sent before it (the one that must not exist) has been handed to a consumer too, and its
 * record or wake would be there to see.
 */
@ApplicationScoped
public class NotificationSentinel {

  @Inject NotificationQueue queue;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** Sends a sentinel batch and waits until the consumer has recorded it. */
  public void passThroughTheQueue() {
    var batchId = "sentinel-" + UUID.randomUUID();
    queue.publish(
        """
        {"schemaVersion":1,"batchId":"%s","origin":"external","tokens":["%s"]}"""
            .formatted(batchId, batchId));
    Poll.until(
        Duration.ofSeconds(60), () -> em.find(NotificationBatchRecord.class, batchId) != null);
  }
}
