package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.OneTransaction;
import org.junit.jupiter.api.Test;

class RunEntriesTest {

  @Test
  void aTransactionMarkedForRollbackIsNotTrustedToSayARunOrAgentIsGone() {
    var entries = new RunEntries();
    entries.transactions = new OneTransaction();
    entries.requireHealthyTransaction("wk-1");

    entries.transactions.setRollbackOnly();
    var refused =
        assertThrows(IllegalStateException.class, () -> entries.requireHealthyTransaction("wk-1"));
    assertTrue(refused.getMessage().contains("wk-1"), refused.getMessage());
  }
}
