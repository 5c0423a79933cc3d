package io.reveille.alertness.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Map;

/** Test-only help inside the server: rows of the outbox of Reveille's own batches. */
@ApplicationScoped
@Transactional
public class OutboxFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /**
   * Writes {@code documents} (batch id to document, in its iteration order) to the outbox in one
   * statement as the producer's side writes a transaction's rows, each written {@code at}: rows
   * whose hand-off never came, left to the outbox sweep.
   */
  public void write(Instant at, Map<String, String> documents) {
    var insert = em.createNativeQuery(NotificationOutbox.insert(documents.size()));
    var parameter = 1;
    for (var document : documents.entrySet()) {
      insert.setParameter(parameter++, document.getKey());
      insert.setParameter(parameter++, document.getValue());
      insert.setParameter(parameter++, at);
    }
    insert.executeUpdate();
  }

  /** Whether the outbox still holds batch {@code batchId}. */
  public boolean holds(String batchId) {
    return ((Number)
                em.createNativeQuery("SELECT COUNT(*) FROM notification_outbox WHERE batch_id = ?1")
                    .setParameter(1, batchId)
                    .getSingleResult())
            .longValue()
        > 0;
  }
}
