package io.reveille.sync.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyncSignalsTest {

  @Test
  void aHeadAndABackfillRequestReadBackAsWritten() {
    var head = new SyncSignals.Head("site-a", 42);
    assertEquals(head, SyncSignals.head(head.write()));
    var backfill = new SyncSignals.Backfill("site-b", "site-a", 5, 1004);
    assertEquals(backfill, SyncSignals.backfill(backfill.write()));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"requester\":\"b\",\"origin\":\"a\",\"from\":0,\"to\":1}|$.from must be at least 1",
        "{\"requester\":\"b\",\"origin\":\"a\",\"from\":5,\"to\":4}|$.to must be from $.from",
        "{\"requester\":\"b\",\"origin\":\"a\",\"from\":1,\"to\":1001}|$.to must be from $.from",
        "{\"requester\":\"b c\",\"origin\":\"a\",\"from\":1,\"to\":1}|$.requester must be a host id",
        "{\"requester\":\"b\",\"origin\":\"a\",\"from\":1,\"to\":1,\"x\":1}|$.x is not a field",
        "[1]|$ must be an object"
      })
  void aBadBackfillRequestIsRefusedNamingThePath(String text, String expected) {
    var refused = assertThrows(IllegalArgumentException.class, () -> SyncSignals.backfill(text));
    assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
  }

  @Test
  void aHeadSaysHowFarAndNoMore() {
    assertEquals(0, SyncSignals.head("{\"origin\":\"a\",\"sentThrough\":0}").sentThrough());
    var refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> SyncSignals.head("{\"origin\":\"a\",\"sentThrough\":-1}"));
    assertTrue(refused.getMessage().startsWith("$.sentThrough"), refused.getMessage());
  }

  @Test
  void theLogWritesAStatementForUpToAHundredRows() {
    assertTrue(SyncLog.insert(1).endsWith("VALUES (?, ?, ?, ?, ?, ?, ?)"));
    assertEquals(100, SyncLog.insert(100).split("\\(\\?").length - 1);
    assertThrows(IllegalArgumentException.class, () -> SyncLog.insert(0));
    assertThrows(IllegalArgumentException.class, () -> SyncLog.insert(101));
  }
}
