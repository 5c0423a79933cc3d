package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.security.control.Actor;
import io.reveille.security.control.Role;
import io.reveille.testing.Poll;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A manual wake asked for over the API and a notification batch that wakes the same agent at that
 * moment take their locks in one order on the real database: the agent's state first, then its
 * run-log rows.
 *
 * <p>The test holds the agent's state lock as the batch's scheduling does, asks for a manual wake
 * (which names its operator in the agent's log, under the state lock) and, once the database shows
 * that wake waiting for a lock, schedules the batch's wake, which reads the agent's queued runs to
 * coalesce into one. The manual wake must not have written its run-log row yet: on Derby, whose
 * read-committed scans wait on uncommitted rows they meet, the batch then waited on the wake's new
 * row while the wake waited on the state lock, a deadlock Derby broke only after its 20-second
 * timeout. The batch's scheduling must come back at once (well inside that timeout), and the wake
 * must go through once the state lock is released.
 */
@ExtendWith(ArquillianExtension.class)
class ManualWakeLockOrderIT {

  /** Far below Derby's 20 s deadlock timeout, far above scheduling one wake. */
  private static final Duration PROMPT = Duration.ofSeconds(8);

  @Inject AgentService agents;
  @Inject WakeScheduler scheduler;

  @Test
  void aManualWakeWaitsForTheAgentsStateBeforeWritingItsRunSoABeginningRunReadsOnAtOnce()
      throws Exception {
    var agentId = agents.create(NewAgent.custom("Lock order " + UUID.randomUUID())).agent().getId();
    var executor = lookup("java:comp/DefaultManagedExecutorService", ManagedExecutorService.class);
    var dataSource = lookup("jdbc/reveille", DataSource.class);
    var tx = lookup("java:comp/UserTransaction", UserTransaction.class);
    assertEquals(Status.STATUS_NO_TRANSACTION, tx.getStatus(), "the test holds no transaction");

    tx.begin();
    java.util.concurrent.Future<String> wake;
    try {
      // A batch scheduling the agent's wake: the agent's state lock first.
      agents.stateForUpdate(agentId);
      var waitingBefore = lockWaits(executor, dataSource);
      wake =
          executor.submit(
              () -> {
                var own = lookup("java:comp/UserTransaction", UserTransaction.class);
                own.begin();
                try {
                  var entry =
                      scheduler.scheduleManual(
                          agentId,
                          Optional.empty(),
                          Optional.of(new Actor("lock-order-test", Role.OPERATOR)));
                  own.commit();
                  return entry.getRunKey();
                } catch (Exception | AssertionError e) {
                  if (own.getStatus() != Status.STATUS_NO_TRANSACTION) {
                    own.rollback();
                  }
                  throw e;
                }
              });
      // The wake stands behind the state lock (or failed, which the get below reports).
      var waiting = wake;
      Poll.until(
          Duration.ofSeconds(60),
          () -> waiting.isDone() || lockWaits(executor, dataSource) > waitingBefore);
      assertFalse(wake.isDone(), "the wake must wait for the state lock the run holds");

      // Then the batch reads the agent's queued runs, to coalesce into one of them.
      var started = System.nanoTime();
      scheduler.scheduleForBatch(
          "b-lock-order-" + UUID.randomUUID(),
          io.reveille.notification.control.Cause.NONE,
          List.of(new SubscriptionWake(agentId, List.of("lock-order-probe"), Set.of("probe"))),
          false);
      var took = Duration.ofNanos(System.nanoTime() - started);
      assertTrue(
          took.compareTo(PROMPT) < 0,
          "reading the agent's queued runs waited " + took + " on the wake's uncommitted run");
      tx.commit();
    } catch (Exception | AssertionError e) {
      if (tx.getStatus() != Status.STATUS_NO_TRANSACTION) {
        tx.rollback();
      }
      throw e;
    }

    var runKey = wake.get(60, TimeUnit.SECONDS);
    assertTrue(scheduler.run(runKey).isPresent(), "the wake went through: " + runKey);
  }

  /**
   * How many lock requests wait right now, by the database's own lock view (read on a thread of its
   * own, outside the test's transaction).
   */
  private static long lockWaits(ManagedExecutorService executor, DataSource dataSource) {
    try {
      return executor.submit(() -> lockWaits(dataSource)).get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("could not read the database's lock view", e);
    }
  }

  private static long lockWaits(DataSource dataSource) {
    try (var connection = dataSource.getConnection()) {
      var product = connection.getMetaData().getDatabaseProductName().toLowerCase();
      var sql =
          product.contains("postgres")
              ? "SELECT COUNT(*) FROM pg_locks WHERE NOT granted"
              : "SELECT COUNT(*) FROM SYSCS_DIAG.LOCK_TABLE WHERE STATE = 'WAIT'";
      try (var statement = connection.createStatement();
          var result = statement.executeQuery(sql)) {
        result.next();
        return result.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static <T> T lookup(String name, Class<T> type) throws NamingException {
    return type.cast(new InitialContext().lookup(name));
  }
}
