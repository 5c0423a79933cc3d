package io.reveille.alertness.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationLimits;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.platform.MigratedDerby;
import io.reveille.testing.OneTransaction;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.inject.Vetoed;
import jakarta.transaction.Status;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** A transaction's outbox rows, on a real (embedded) database: when they are written, and how. */
class OutboxNotificationQueueTest {

  /** Records what would be taken in after the commit instead of taking it in. */
  @Vetoed
  private static final class Recorded extends OutboxHandOff {
    final List<List<String>> handedOff = new ArrayList<>();

    @Override
    void takeInLater(List<NotificationBatch> batches) {
      handedOff.add(batches.stream().map(NotificationBatch::batchId).toList());
    }
  }

  private final DataSource database = MigratedDerby.at("outbox-" + UUID.randomUUID(), "latest");
  private final OneTransaction transaction = new OneTransaction();
  private final Recorded handOff = new Recorded();
  private final OutboxNotificationQueue queue = queue();

  private OutboxNotificationQueue queue() {
    var queue = new OutboxNotificationQueue();
    queue.dataSource = database;
    queue.transactions = transaction;
    queue.parser = new NotificationBatchParser(NotificationLimits.of(100, 200, 100));
    queue.handOff = handOff;
    queue.clock = Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
    return queue;
  }

  private static String batch(String batchId) {
    return "{\"schemaVersion\":1,\"batchId\":\"" + batchId + "\",\"tokens\":[\"TASK\"]}";
  }

  private int rows() throws SQLException {
    try (var connection = database.getConnection();
        var count = connection.prepareStatement("SELECT COUNT(*) FROM notification_outbox");
        var result = count.executeQuery()) {
      result.next();
      return result.getInt(1);
    }
  }

  private void complete(int status) {
    if (status == Status.STATUS_COMMITTED) {
      transaction.synchronizations().forEach(sync -> sync.beforeCompletion());
    }
    transaction.synchronizations().forEach(sync -> sync.afterCompletion(status));
  }

  @Test
  void aTransactionsRowsWaitUntilItCompletesAndAreHandedOffOnceItCommitted() throws Exception {
    queue.publish(batch("b-1"));
    queue.publish(batch("b-2"));
    assertEquals(0, rows(), "nothing is written while the transaction runs");
    assertEquals(1, transaction.synchronizations().size(), "one synchronization a transaction");

    complete(Status.STATUS_COMMITTED);

    assertEquals(2, rows());
    assertEquals(List.of(List.of("b-1", "b-2")), handOff.handedOff);
  }

  @Test
  void aRolledBackTransactionWritesNothingAndAnnouncesNothing() throws Exception {
    queue.publish(batch("b-1"));

    complete(Status.STATUS_ROLLEDBACK);

    assertEquals(0, rows());
    assertTrue(handOff.handedOff.isEmpty());
  }

  @Test
  void aTransactionMarkedForRollbackWritesNothing() throws Exception {
    queue.publish(batch("b-1"));
    transaction.setRollbackOnly();
    queue.publish(batch("b-2"));

    transaction.synchronizations().forEach(sync -> sync.beforeCompletion());

    assertEquals(0, rows());
  }

  @Test
  void aBatchAnnouncedAfterTheRowsWentOutIsWrittenOnItsOwnOnce() throws Exception {
    queue.publish(batch("b-1"));
    transaction.synchronizations().get(0).beforeCompletion();
    assertEquals(1, rows());

    queue.publish(batch("b-2"));
    assertEquals(2, rows(), "written at once: the transaction is completing");
    transaction.synchronizations().forEach(sync -> sync.afterCompletion(Status.STATUS_COMMITTED));

    assertEquals(2, rows());
    assertEquals(List.of(List.of("b-1", "b-2")), handOff.handedOff);
  }

  @Test
  void moreRowsThanOneStatementTakesGoInSeveral() throws Exception {
    for (var i = 0; i < 250; i++) {
      queue.publish(batch("b-" + i));
    }

    complete(Status.STATUS_COMMITTED);

    assertEquals(250, rows());
    assertEquals(250, handOff.handedOff.get(0).size());
  }

  @Test
  void aChangeCommittedWhileTheHandOffQueueIsFullLeavesItsRowsToTheSweep() throws Exception {
    var full = new OutboxHandOff();
    full.executor = refusingExecutor();
    queue.handOff = full;
    queue.publish(batch("b-1"));

    // The refusal is neither thrown into the committed transaction's completion nor lost: the row
    // stays in the outbox, where the sweep finds it.
    complete(Status.STATUS_COMMITTED);

    assertEquals(1, rows());
  }

  /** An executor whose bounded queue is full: it refuses every task, as Liberty's policy does. */
  private static ManagedExecutorService refusingExecutor() {
    return (ManagedExecutorService)
        Proxy.newProxyInstance(
            OutboxNotificationQueueTest.class.getClassLoader(),
            new Class<?>[] {ManagedExecutorService.class},
            (proxy, method, arguments) -> {
              if (method.getName().equals("execute")) {
                throw new RejectedExecutionException("the queue is full");
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  @Test
  void theAgentDomainsNoticeRegistersTheSynchronizationWhileTheTransactionIsActive() {
    queue.publishingAsTransactionCompletes();

    assertEquals(1, transaction.synchronizations().size());
    queue.publishingAsTransactionCompletes();
    assertEquals(1, transaction.synchronizations().size(), "still one");
  }
}
