package io.reveille.alertness.control;

import io.reveille.alertness.entity.NotificationBatchRecord;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatchDocuments;
import io.reveille.platform.json.JsonDocuments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;

/**
 * The consumer's record of a received batch: its normalised document with the fields the API and
 * the dedupe check look up, and the record read back for the API.
 */
@ApplicationScoped
public class NotificationRecords {

  private NotificationBatchDocuments documents;

  NotificationRecords() {}

  @Inject
  public NotificationRecords(NotificationBatchDocuments documents) {
    this.documents = documents;
  }

  public NotificationBatchRecord record(NotificationBatch batch, Instant receivedAt) {
    return new NotificationBatchRecord(
        batch.batchId(),
        batch.origin().wire(),
        batch.hostId().orElse(null),
        batch.counter().isPresent() ? batch.counter().getAsLong() : null,
        batch.originAgentId().orElse(null),
        batch.allTokens().size(),
        documents.toJson(batch).toString(),
        receivedAt);
  }

  /** The stored document plus when it was received. */
  public JsonObject toJson(NotificationBatchRecord record) {
    try (var reader =
        JsonDocuments.provider().createReader(new StringReader(record.getDocument()))) {
      return JsonDocuments.provider()
          .createObjectBuilder(reader.readObject())
          .add("receivedAt", record.getReceivedAt().toString())
          .build();
    }
  }
}
