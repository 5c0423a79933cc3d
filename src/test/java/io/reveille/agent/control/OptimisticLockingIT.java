package io.reveille.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService.AgentChanges;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.api.Problems;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.persistence.OptimisticLockException;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Optimistic locking inside the server, on the real database: two JTA transactions read the same
 * agent, both change it, the first commits, the second is refused (409 at the API) and the first
 * one's update survives.
 */
@ExtendWith(ArquillianExtension.class)
class OptimisticLockingIT {

  @Inject AgentService agents;

  @Test
  void secondOfTwoConcurrentTransactionsOnOneAgentFailsAndTheFirstUpdateIsKept() throws Exception {
    var id = agents.create(NewAgent.custom("Contended")).agent().getId();
    var startVersion = agents.get(id).getVersion();
    assertEquals(
        Status.STATUS_NO_TRANSACTION,
        lookup("java:comp/UserTransaction", UserTransaction.class).getStatus(),
        "the test itself must not hold a transaction");

    var executor = lookup("java:comp/DefaultManagedExecutorService", ManagedExecutorService.class);
    var secondHasRead = new CountDownLatch(1);
    var firstCommitted = new CountDownLatch(1);

    var second =
        executor.submit(
            () -> {
              var tx = lookup("java:comp/UserTransaction", UserTransaction.class);
              tx.begin();
              try {
                agents.view(id);
                secondHasRead.countDown();
                assertTrue(firstCommitted.await(60, TimeUnit.SECONDS));
                agents.update(id, OptionalLong.empty(), slots("second"));
                tx.commit();
                return null;
              } catch (Exception | AssertionError e) {
                if (tx.getStatus() != Status.STATUS_NO_TRANSACTION) {
                  tx.rollback();
                }
                return e;
              }
            });
    var first =
        executor.submit(
            () -> {
              if (!secondHasRead.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError(
                    "the second transaction never read the agent: "
                        + (second.isDone() ? second.get() : "still running"));
              }
              var tx = lookup("java:comp/UserTransaction", UserTransaction.class);
              tx.begin();
              agents.update(id, OptionalLong.empty(), slots("first"));
              tx.commit();
              firstCommitted.countDown();
              return null;
            });

    first.get(90, TimeUnit.SECONDS);
    var failure = second.get(90, TimeUnit.SECONDS);
    assertNotNull(failure, "the second transaction must not commit over the first");
    assertTrue(
        hasCause(failure, OptimisticLockException.class),
        () -> "not an optimistic lock " + "failure: " + failure);
    assertEquals(409, Problems.statusOf(failure), "the API answers a lost update with 409");

    var after = agents.view(id);
    assertEquals("first", after.state().getSlots().getPrimaryGoal().orElseThrow());
    assertEquals(startVersion + 1, after.agent().getVersion(), "exactly one update committed");

    // The loser retries on fresh data and succeeds: nothing is lost, nothing overwritten blindly.
    agents.update(id, OptionalLong.of(after.agent().getVersion()), slots("second"));
    assertEquals("second", agents.view(id).state().getSlots().getPrimaryGoal().orElseThrow());
  }

  private static AgentChanges slots(String goal) {
    return new AgentChanges(
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.of(
            AgentSlots.fromUserJson(
                Json.createObjectBuilder().add("primaryGoal", goal).build(), "slots")));
  }

  private static boolean hasCause(Throwable failure, Class<? extends Throwable> type) {
    for (var t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static <T> T lookup(String name, Class<T> type) throws NamingException {
    return type.cast(new InitialContext().lookup(name));
  }
}
