package io.reveille.alertness.boundary;

import io.reveille.alertness.control.InvalidBatchException;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationOutbox;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationQueue;
import io.reveille.platform.persistence.RoundTrips;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Optional;
import java.util.TimeZone;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Where Reveille's own batches (the journal's and the agent domain's) go: the outbox ({@link
 * NotificationOutbox}), a row written in the caller's transaction on the database it already uses,
 * so the change and its announcement commit together, one-phase, with no broker in the transaction.
 * Once that transaction has committed, {@link OutboxHandOff} takes its batches in on this node;
 * rolled back, it announced nothing. A batch the hand-off did not take in (the JVM died in between)
 * is taken in by the outbox sweep of any node ({@link OutboxSweep}).
 *
 * <p>The row is written on a connection of its own from the transaction's data source, which the
 * container shares with the persistence unit's within the transaction: the agent domain writes its
 * merged batches while the transaction completes, after the persistence unit has flushed. Outside
 * any transaction the row commits at once and is handed off straight away.
 *
 * <p>Every batch is checked as the intake checks any other before it is written: a batch Reveille
 * could not take in fails the change that announces it rather than waiting in the outbox.
 */
@ApplicationScoped
public class OutboxNotificationQueue implements NotificationQueue {

  private static final Logger LOG = Logger.getLogger(OutboxNotificationQueue.class.getName());

  /** The registry key of the batches a transaction wrote. */
  private static final Object WRITTEN = new Object();

  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Resource TransactionSynchronizationRegistry transactions;

  @Inject NotificationBatchParser parser;
  @Inject OutboxHandOff handOff;
  @Inject Clock clock;

  @Override
  public void publish(String batchDocument) {
    NotificationBatch batch;
    try {
      batch = parser.parse(batchDocument);
    } catch (InvalidBatchException e) {
      throw new IllegalArgumentException(
          "Reveille's own notification batch would not be taken in: " + e.getMessage(), e);
    }
    if (transactions.getTransactionKey() == null) {
      write(batch.batchId(), batchDocument);
      handOff.takeInLater(List.of(batch));
      return;
    }
    if (transactions.getTransactionStatus() == Status.STATUS_MARKED_ROLLBACK) {
      return; // the change will not commit: it announces nothing
    }
    write(batch.batchId(), batchDocument);
    written().ifPresent(batches -> batches.add(batch));
  }

  private void write(String batchId, String document) {
    try (var connection = RoundTrips.counted(dataSource.getConnection());
        var insert = connection.prepareStatement(NotificationOutbox.INSERT)) {
      insert.setString(1, batchId);
      insert.setString(2, document);
      // As the persistence unit writes timestamps (hibernate.jdbc.time_zone=UTC).
      insert.setTimestamp(3, Timestamp.from(clock.instant()), Calendar.getInstance(UTC));
      insert.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot write notification batch " + batchId + " to the outbox: " + e.getMessage(), e);
    }
  }

  /**
   * The batches the current transaction wrote, handed off once it commits; empty when the
   * transaction can no longer take a synchronization (its rows then wait for the sweep).
   */
  private Optional<List<NotificationBatch>> written() {
    if (transactions.getResource(WRITTEN) instanceof Written written) {
      return Optional.of(written.batches);
    }
    var written = new Written();
    try {
      transactions.registerInterposedSynchronization(written);
    } catch (IllegalStateException e) {
      LOG.log(
          Level.WARNING,
          "Notification batches written as a transaction completes wait for the outbox sweep: {0}",
          e.getMessage());
      return Optional.empty();
    }
    transactions.putResource(WRITTEN, written);
    return Optional.of(written.batches);
  }

  /** Hands a committed transaction's batches off; a rolled-back one's rows are gone with it. */
  private final class Written implements Synchronization {
    private final List<NotificationBatch> batches = new ArrayList<>();

    @Override
    public void beforeCompletion() {
      // The rows are written already.
    }

    @Override
    public void afterCompletion(int status) {
      if (status == Status.STATUS_COMMITTED && !batches.isEmpty()) {
        handOff.takeInLater(List.copyOf(batches));
      }
    }
  }
}
