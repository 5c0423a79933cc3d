package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.reveille.notification.control.NotificationBatchDocuments;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class NotificationRecordsTest {

  private final NotificationBatchParser parser =
      new NotificationBatchParser(NotificationLimits.of(100, 100, 100));
  private final NotificationRecords documents =
      new NotificationRecords(new NotificationBatchDocuments());

  @Test
  void storedDocumentParsesBackToTheSameBatch() throws InvalidBatchException {
    var batch =
        parser.parse(
            """
        {"schemaVersion":1,"batchId":"b-1","hostId":"h","counter":3,"tokens":["TASK","t-1"],
         "entities":[{"id":"t-1","categoryId":"gym","attributes":{"status":"OPEN","n":1.5,
                      "flags":[true,"x"]}}],"originAgentId":"a-1"}""");
    var record = documents.record(batch, Instant.parse("2026-11-22T10:00:00Z"));
    assertEquals(2, record.getTokenCount());
    assertEquals("external", record.getOrigin());
    assertEquals(3L, record.getCounter());
    assertEquals(batch, parser.parse(record.getDocument()));
    var json = documents.toJson(record);
    assertEquals("2026-11-22T10:00:00Z", json.getString("receivedAt"));
    assertFalse(json.containsKey("originRunKey"), "absent optional fields stay absent");
  }
}
