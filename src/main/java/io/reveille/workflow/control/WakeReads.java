package io.reveille.workflow.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.function.Supplier;

/**
 * The reads a workflow makes before its first model call, in one database transaction instead of
 * one each: outside any transaction every read would be a transaction of its own. The transaction
 * ends before the model is asked, so no connection is held while it thinks.
 */
@ApplicationScoped
public class WakeReads {

  /**
   * Runs {@code reads} in one transaction (the caller's, when it has one) and returns their result.
   */
  @Transactional(TxType.REQUIRED)
  public <T> T inOneTransaction(Supplier<T> reads) {
    return reads.get();
  }
}
