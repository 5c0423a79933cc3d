package io.reveille.alertness.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.hibernate.query.NativeQuery;
import org.hibernate.type.StandardBasicTypes;

/**
 * The outbox of Reveille's own notification batches (the journal's and the agent domain's), the
 * {@code notification_outbox} table: a batch is written there in the transaction of the change it
 * announces, and taken out by the intake in the transaction that records it ({@link
 * NotificationIntake#takeOutOfOutbox}). So a change announces its batch exactly when it commits,
 * with no broker in its transaction, and a batch is taken in once however many nodes try: the
 * delete of its row is the claim.
 *
 * <p>The rows are written on a connection of their own by the producer's side of the outbox, a
 * transaction's rows together as it completes, with {@link #insert}; everything else about the
 * table is here.
 */
@ApplicationScoped
@Transactional
public class NotificationOutbox {

  /** The most rows one {@link #insert} statement writes; more take several statements. */
  public static final int ROWS_PER_INSERT = 100;

  /**
   * Writes {@code rows} rows in one statement (1 to {@link #ROWS_PER_INSERT}), three parameters
   * each: the batch id, its document, when it was written.
   */
  public static String insert(int rows) {
    if (rows < 1 || rows > ROWS_PER_INSERT) {
      throw new IllegalArgumentException("1 to " + ROWS_PER_INSERT + " rows, not " + rows);
    }
    return "INSERT INTO notification_outbox (batch_id, document, created_at) VALUES "
        + String.join(", ", java.util.Collections.nCopies(rows, "(?, ?, ?)"));
  }

  static final String DELETE = "DELETE FROM notification_outbox WHERE batch_id = ?1";

  private static final String OLDEST =
      "SELECT batch_id, document FROM notification_outbox WHERE created_at <= ?1"
          + " ORDER BY created_at, batch_id";

  private static final String COUNT =
      "SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM notification_outbox";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** A batch waiting in the outbox: its id and its document as written. */
  public record Entry(String batchId, String document) {}

  /** How many batches wait, and since when the oldest. */
  public record Backlog(long pending, Optional<Instant> oldestCreatedAt) {}

  /**
   * Takes the row of {@code batchId} out, in the caller's transaction: false when it was gone,
   * because the batch was taken in already (by this node's hand-off, or another node's sweep).
   */
  boolean remove(String batchId) {
    return em.createNativeQuery(DELETE).setParameter(1, batchId).executeUpdate() == 1;
  }

  /** At most {@code limit} rows written at or before {@code cutoff}, oldest first. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<Entry> writtenBy(Instant cutoff, int limit) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(OLDEST).setParameter(1, cutoff).setMaxResults(limit).getResultList();
    return rows.stream().map(row -> new Entry((String) row[0], text(row[1]))).toList();
  }

  /** The backlog right now. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Backlog backlog() {
    @SuppressWarnings("unchecked")
    NativeQuery<Object[]> query = em.createNativeQuery(COUNT).unwrap(NativeQuery.class);
    var row =
        query
            .addScalar("pending", StandardBasicTypes.LONG)
            .addScalar("oldest", StandardBasicTypes.INSTANT)
            .getSingleResult();
    return new Backlog((Long) row[0], Optional.ofNullable((Instant) row[1]));
  }

  /** A text column as Hibernate hands it back: a string, or a CLOB on Derby. */
  private static String text(Object value) {
    if (value instanceof String string) {
      return string;
    }
    if (value instanceof java.sql.Clob clob) {
      try {
        return clob.getSubString(1, (int) clob.length());
      } catch (java.sql.SQLException e) {
        throw new IllegalStateException("Cannot read an outbox document: " + e.getMessage(), e);
      }
    }
    return String.valueOf(value);
  }
}
