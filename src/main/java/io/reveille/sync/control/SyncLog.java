package io.reveille.sync.control;

import io.reveille.agent.control.AgentCreated;
import io.reveille.memory.control.MessageWritten;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.persistence.RoundTrips;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.List;
import java.util.TimeZone;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Writes this site's sync records: one row of the sequence log for every shared record changed
 * here, in the transaction of the change (it observes the owners' events, fired in it), so a record
 * exists exactly when its change commits. Not numbered yet: the sender numbers rows as it sends
 * them ({@link SyncSender}). A site without a host id writes nothing.
 *
 * <p>As the outbox of Reveille's own batches does, a transaction's records are written together as
 * it completes, in one statement for up to {@link #ROWS_PER_INSERT} of them, on a connection of the
 * transaction's data source (which the container shares with the persistence unit's within the
 * transaction): a run step's messages, a timer batch's hundred runs, each cost the change one round
 * trip, not one a record. A rolled-back change writes none.
 */
@ApplicationScoped
public class SyncLog {

  /** The most rows one insert statement writes; more take several statements. */
  static final int ROWS_PER_INSERT = 100;

  /** The registry key of the records a transaction wrote. */
  private static final Object PENDING = new Object();

  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Resource TransactionSynchronizationRegistry transactions;

  @Inject SyncConfig config;
  @Inject Clock clock;

  /** One record to write. */
  private record Row(String type, String recordId, String document) {}

  void onAgentCreated(@Observes AgentCreated created) {
    if (config.enabled()) {
      record(
          SyncRecordType.AGENT,
          created.agent().getId(),
          SyncBodies.agent(created.agent(), created.state()));
    }
  }

  void onMessageWritten(@Observes MessageWritten written) {
    if (config.enabled()) {
      record(
          SyncRecordType.MESSAGE,
          written.message().getId(),
          SyncBodies.message(written.message(), written.text()));
    }
  }

  private void record(SyncRecordType type, String recordId, JsonObject body) {
    var row = new Row(type.wire(), recordId, JsonDocuments.write(body));
    if (transactions.getTransactionKey() == null) {
      write(List.of(row));
      return;
    }
    if (transactions.getTransactionStatus() == Status.STATUS_MARKED_ROLLBACK) {
      return; // the change will not commit: nothing to share
    }
    if (transactions.getResource(PENDING) instanceof Pending pending) {
      pending.add(row);
      return;
    }
    var pending = new Pending();
    transactions.registerInterposedSynchronization(pending);
    transactions.putResource(PENDING, pending);
    pending.add(row);
  }

  /** The insert of {@code rows} rows (1 to {@link #ROWS_PER_INSERT}), seven parameters each. */
  static String insert(int rows) {
    if (rows < 1 || rows > ROWS_PER_INSERT) {
      throw new IllegalArgumentException("1 to " + ROWS_PER_INSERT + " rows, not " + rows);
    }
    return "INSERT INTO sync_records (id, origin_host, record_type, record_id, schema_version,"
        + " document, logged_at) VALUES "
        + String.join(", ", Collections.nCopies(rows, "(?, ?, ?, ?, ?, ?, ?)"));
  }

  private void write(List<Row> rows) {
    var host = config.hostId().orElseThrow();
    try (var connection = RoundTrips.counted(dataSource.getConnection())) {
      // As the persistence unit writes timestamps (hibernate.jdbc.time_zone=UTC).
      var now = Timestamp.from(clock.instant());
      var utc = Calendar.getInstance(UTC);
      for (var from = 0; from < rows.size(); from += ROWS_PER_INSERT) {
        var chunk = rows.subList(from, Math.min(rows.size(), from + ROWS_PER_INSERT));
        try (var insert = connection.prepareStatement(insert(chunk.size()))) {
          var parameter = 0;
          for (var row : chunk) {
            insert.setString(++parameter, UUID.randomUUID().toString());
            insert.setString(++parameter, host);
            insert.setString(++parameter, row.type());
            insert.setString(++parameter, row.recordId());
            insert.setInt(++parameter, SyncDocuments.SCHEMA_VERSION);
            insert.setString(++parameter, row.document());
            insert.setTimestamp(++parameter, now, utc);
          }
          insert.executeUpdate();
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot write " + rows.size() + " sync record(s): " + e.getMessage(), e);
    }
  }

  /** A transaction's records, written together before it completes. */
  private final class Pending implements Synchronization {
    private final List<Row> rows = new ArrayList<>();
    private boolean completing;

    void add(Row row) {
      if (completing) {
        write(List.of(row));
      } else {
        rows.add(row);
      }
    }

    @Override
    public void beforeCompletion() {
      completing = true;
      if (!rows.isEmpty() && transactions.getTransactionStatus() != Status.STATUS_MARKED_ROLLBACK) {
        write(List.copyOf(rows));
      }
      rows.clear();
    }

    @Override
    public void afterCompletion(int status) {
      // Nothing: the rows committed or rolled back with the change.
    }
  }
}
