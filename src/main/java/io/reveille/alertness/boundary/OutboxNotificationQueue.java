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
 * NotificationOutbox}), rows written in the caller's transaction on the database it already uses,
 * so the change and its announcement commit together, one-phase, with no broker in the transaction.
 * Once that transaction has committed, {@link OutboxHandOff} takes its batches in on this node;
 * rolled back, it announced nothing. A batch the hand-off did not take in (the JVM died in between)
 * is taken in by the outbox sweep of any node ({@link OutboxSweep}).
 *
 * <p>A transaction's batches are written together as it completes, after the persistence unit has
 * flushed, in one statement for up to {@link NotificationOutbox#ROWS_PER_INSERT} of them: a tool
 * call's task and agent batches, a timer batch's runs, each cost one round trip rather than one a
 * batch. The agent domain, which merges its batches as the transaction completes, says so while the
 * transaction is active ({@link #publishingAsTransactionCompletes}), so that this synchronization
 * is registered after its own and writes its batches with the rest; a batch announced after the
 * rows went out is written on its own at once. The rows go on a connection of their own from the
 * transaction's data source, which the container shares with the persistence unit's within the
 * transaction. Outside any transaction a row commits at once and is handed off straight away.
 *
 * <p>Every batch is checked as the intake checks any other when it is announced: a batch Reveille
 * could not take in fails the change that announces it rather than waiting in the outbox. A write
 * that fails (the database went away) fails the transaction's commit, which rolls the change back
 * with its announcement.
 */
@ApplicationScoped
public class OutboxNotificationQueue implements NotificationQueue {

  private static final Logger LOG = Logger.getLogger(OutboxNotificationQueue.class.getName());

  /** The registry key of the batches a transaction announced. */
  private static final Object WRITTEN = new Object();

  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Resource TransactionSynchronizationRegistry transactions;

  @Inject NotificationBatchParser parser;
  @Inject OutboxHandOff handOff;
  @Inject Clock clock;

  /** A batch and the document to write for it. */
  private record Row(NotificationBatch batch, String document) {}

  @Override
  public void publish(String batchDocument) {
    NotificationBatch batch;
    try {
      batch = parser.parse(batchDocument);
    } catch (InvalidBatchException e) {
      throw new IllegalArgumentException(
          "Reveille's own notification batch would not be taken in: " + e.getMessage(), e);
    }
    var row = new Row(batch, batchDocument);
    if (transactions.getTransactionKey() == null) {
      write(List.of(row));
      handOff.takeInLater(List.of(batch));
      return;
    }
    if (transactions.getTransactionStatus() == Status.STATUS_MARKED_ROLLBACK) {
      return; // the change will not commit: it announces nothing
    }
    written()
        .ifPresentOrElse(
            written -> written.add(row),
            // No synchronization any more: the row commits with the transaction, the sweep takes
            // it.
            () -> write(List.of(row)));
  }

  /**
   * Registers the transaction's synchronization now, while the transaction is active, so that the
   * batches the agent domain merges as it completes are written with the others: a synchronization
   * registered only once completion has begun might not be called.
   */
  @Override
  public void publishingAsTransactionCompletes() {
    if (transactions.getTransactionKey() != null
        && transactions.getTransactionStatus() == Status.STATUS_ACTIVE) {
      written();
    }
  }

  private void write(List<Row> rows) {
    try (var connection = RoundTrips.counted(dataSource.getConnection())) {
      // As the persistence unit writes timestamps (hibernate.jdbc.time_zone=UTC).
      var now = Timestamp.from(clock.instant());
      var utc = Calendar.getInstance(UTC);
      for (var from = 0; from < rows.size(); from += NotificationOutbox.ROWS_PER_INSERT) {
        var chunk =
            rows.subList(from, Math.min(rows.size(), from + NotificationOutbox.ROWS_PER_INSERT));
        try (var insert = connection.prepareStatement(NotificationOutbox.insert(chunk.size()))) {
          var parameter = 0;
          for (var row : chunk) {
            insert.setString(++parameter, row.batch().batchId());
            insert.setString(++parameter, row.document());
            insert.setTimestamp(++parameter, now, utc);
          }
          insert.executeUpdate();
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot write notification batches "
              + rows.stream().map(row -> row.batch().batchId()).toList()
              + " to the outbox: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * The current transaction's announced batches, written as it completes and handed off once it
   * commits; empty when the transaction can no longer take a synchronization.
   */
  private Optional<Written> written() {
    if (transactions.getResource(WRITTEN) instanceof Written written) {
      return Optional.of(written);
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
    return Optional.of(written);
  }

  /**
   * A transaction's batches: written together before it completes, handed off once it has
   * committed; a rolled-back one's rows are gone with it.
   */
  private final class Written implements Synchronization {
    private final List<NotificationBatch> batches = new ArrayList<>();
    private final List<Row> unwritten = new ArrayList<>();
    private boolean completing;

    void add(Row row) {
      batches.add(row.batch());
      if (completing) {
        write(List.of(row));
      } else {
        unwritten.add(row);
      }
    }

    @Override
    public void beforeCompletion() {
      completing = true;
      if (!unwritten.isEmpty()
          && transactions.getTransactionStatus() != Status.STATUS_MARKED_ROLLBACK) {
        write(List.copyOf(unwritten));
      }
      unwritten.clear();
    }

    @Override
    public void afterCompletion(int status) {
      if (status == Status.STATUS_COMMITTED && !batches.isEmpty()) {
        handOff.takeInLater(List.copyOf(batches));
      }
    }
  }
}
