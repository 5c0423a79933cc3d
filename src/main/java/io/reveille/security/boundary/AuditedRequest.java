package io.reveille.security.boundary;

import io.reveille.security.control.AuditTrail;
import io.reveille.security.entity.AuditEvent;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The audit row of the current state-changing request, written in the transaction of the work it
 * records rather than in one of its own after the answer: a resource whose work commits in one
 * transaction (a tool call) records it there with the status it will answer, so that the row and
 * the work commit or roll back together and the request costs one transaction, not two. The
 * response filter ({@link AuditFilter}) then writes no second row; it records the request as always
 * when no such row committed (the transaction rolled back, or the resource never asked) or the
 * answer's status turned out otherwise.
 */
@RequestScoped
public class AuditedRequest {

  @Inject AuditTrail trail;

  @Resource TransactionSynchronizationRegistry transactions;

  /** The request's row for a status; empty when it has no signed-in caller (only counted). */
  private IntFunction<Optional<AuditEvent.Details>> details;

  /** The transaction that wrote the row, until it completes. */
  private Object writtenIn;

  /** The status of the row that committed; -1 while none has. */
  private int committed = -1;

  /** Set by {@link AuditFilter} before the request reaches its resource. */
  void expect(IntFunction<Optional<AuditEvent.Details>> details) {
    this.details = details;
  }

  /**
   * Writes the request's audit row, answered with {@code status}, in the current transaction; once
   * a transaction, and nothing once a row has committed or outside a state-changing request.
   */
  public void recordWithin(int status) {
    var transaction = transactions.getTransactionKey();
    if (details == null || committed >= 0 || transaction == null) {
      return;
    }
    if (transaction.equals(writtenIn)) {
      return;
    }
    var row = details.apply(status);
    if (row.isEmpty()) {
      return;
    }
    trail.recordWithin(row.get());
    writtenIn = transaction;
    transactions.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {
            // nothing to do before the commit: the row is written with the work
          }

          @Override
          public void afterCompletion(int outcome) {
            writtenIn = null;
            if (outcome == Status.STATUS_COMMITTED) {
              committed = status;
            }
          }
        });
  }

  /** Whether a row answered with {@code status} committed with the request's work. */
  boolean recordedWith(int status) {
    return committed >= 0 && committed == status;
  }
}
