package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.OneTransaction;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.persistence.EntityManager;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

  @Test
  void anEntryHeldBackIsFoundByItsKeyAndPersistedOnceWhenWritten() {
    var persisted = new ArrayList<Object>();
    var entries = new RunEntries();
    entries.transactions = new OneTransaction();
    entries.em = recording(persisted);
    var entry =
        new WakeRunLogEntry(
            "wk-held", "a-1", WakeReason.TIMER, "t-1", "th-1", List.of(), null, Instant.EPOCH);

    entries.holdUnwritten(entry);
    assertSame(entry, entries.find("wk-held"), "found while held, without the database");
    assertEquals(List.of(), persisted, "not persisted while held");

    entries.write(entry);
    entries.write(entry);
    assertEquals(List.of(entry), persisted, "persisted once, when written");
  }

  /** An entity manager that records what it is asked to persist and finds nothing. */
  private static EntityManager recording(List<Object> persisted) {
    return (EntityManager)
        Proxy.newProxyInstance(
            EntityManager.class.getClassLoader(),
            new Class<?>[] {EntityManager.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "persist" -> {
                    persisted.add(args[0]);
                    yield null;
                  }
                  case "contains" -> persisted.contains(args[0]);
                  case "find" -> null;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
