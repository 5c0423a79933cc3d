package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.testing.OneTransaction;
import jakarta.transaction.Status;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AfterCommitTest {

  private final AtomicInteger done = new AtomicInteger();

  @Test
  void runsOnceTheTransactionCommitsAndNotBefore() {
    var transaction = new OneTransaction();

    AfterCommit.run(transaction, done::incrementAndGet);
    assertEquals(0, done.get(), "not while the transaction is open");

    transaction.synchronizations().forEach(sync -> sync.beforeCompletion());
    transaction.synchronizations().forEach(sync -> sync.afterCompletion(Status.STATUS_COMMITTED));
    assertEquals(1, done.get());
  }

  @Test
  void neverRunsForATransactionThatRollsBack() {
    var transaction = new OneTransaction();

    AfterCommit.run(transaction, done::incrementAndGet);
    transaction.synchronizations().forEach(sync -> sync.afterCompletion(Status.STATUS_ROLLEDBACK));

    assertEquals(0, done.get());
  }

  @Test
  void neverRunsForATransactionMarkedForRollback() {
    var transaction = new OneTransaction();
    transaction.setRollbackOnly();

    AfterCommit.run(transaction, done::incrementAndGet);

    assertEquals(0, done.get());
    assertEquals(0, transaction.synchronizations().size(), "nothing left to run at completion");
  }

  @Test
  void runsAtOnceOutsideATransaction() {
    AfterCommit.run(null, done::incrementAndGet);

    assertEquals(1, done.get());
  }
}
