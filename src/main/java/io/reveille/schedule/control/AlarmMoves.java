package io.reveille.schedule.control;

import io.reveille.schedule.entity.TimerAlarm;
import jakarta.persistence.EntityManager;
import jakarta.persistence.OptimisticLockException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.engine.spi.SessionImplementor;

/**
 * The alarms a slice of firings moves to their timers' next firings, written together: one {@code
 * UPDATE} per alarm, sent as one JDBC batch at the end of the slice instead of one round trip each.
 * The statement is native SQL: Hibernate 6 translates a JPQL {@code UPDATE} from its syntax tree
 * again at every execution (it caches no plan for one), which cost the timer clock a tenth of its
 * CPU in a burst. Instants are bound with the binder of the entity's own {@code dueAt} mapping, so
 * they are written exactly as the entity writes them.
 *
 * <p>Each update checks the version the slice read, as the entity's removal would; an alarm that
 * changed or went since (or a row already at the next firing's key, which fails on the primary key)
 * fails the batch, and with it the slice's transaction.
 */
final class AlarmMoves {

  static final String MOVE =
      "UPDATE timer_alarms SET fire_at = ?, due_at = ?, attempts = 0, version = version + 1"
          + " WHERE timer_id = ? AND fire_at = ? AND version = ?";

  /** One alarm to move: its key and version as read, and the next firing. */
  record Move(String timerId, Instant fireAt, long version, Instant next) {}

  private final List<Move> pending = new ArrayList<>();

  /** Adds the move of {@code alarm} to {@code next}; nothing is written until {@link #write}. */
  void add(TimerAlarm alarm, Instant next) {
    pending.add(new Move(alarm.getTimerId(), alarm.getFireAt(), alarm.getVersion(), next));
  }

  /**
   * Writes the pending moves in one JDBC batch on the transaction's connection, and forgets them.
   *
   * @throws OptimisticLockException when an alarm was not where the slice read it
   */
  void write(EntityManager em) {
    if (pending.isEmpty()) {
      return;
    }
    var moves = List.copyOf(pending);
    pending.clear();
    var session = em.unwrap(SessionImplementor.class);
    var instant =
        session
            .getFactory()
            .getMappingMetamodel()
            .getEntityDescriptor(TimerAlarm.class)
            .findAttributeMapping("dueAt")
            .getSingleJdbcMapping()
            .getJdbcValueBinder();
    var counts =
        session.doReturningWork(
            connection -> {
              try (var statement = connection.prepareStatement(MOVE)) {
                for (var move : moves) {
                  instant.bind(statement, move.next(), 1, session);
                  instant.bind(statement, move.next(), 2, session);
                  statement.setString(3, move.timerId());
                  instant.bind(statement, move.fireAt(), 4, session);
                  statement.setLong(5, move.version());
                  statement.addBatch();
                }
                return statement.executeBatch();
              }
            });
    for (var i = 0; i < moves.size(); i++) {
      // Both supported drivers report each statement's count; anything but one row is a change.
      if (counts[i] != 1) {
        var move = moves.get(i);
        throw new OptimisticLockException(
            "The alarm of timer " + move.timerId() + " for " + move.fireAt() + " changed");
      }
    }
  }
}
