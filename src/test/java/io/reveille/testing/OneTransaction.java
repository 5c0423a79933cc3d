package io.reveille.testing;

import jakarta.enterprise.inject.Vetoed;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The synchronization registry of one transaction, as the container keeps it, for unit tests of
 * beans that consult it: its resources, the synchronizations registered with it (for the test to
 * complete), and its status. Vetoed: the test classes are deployed into the integration-test
 * server, where it must never stand in for the container's registry.
 */
@Vetoed
public final class OneTransaction implements TransactionSynchronizationRegistry {

  private final Map<Object, Object> resources = new HashMap<>();
  private final List<Synchronization> synchronizations = new ArrayList<>();
  private int status = Status.STATUS_ACTIVE;

  /** The synchronizations registered so far, in order. */
  public List<Synchronization> synchronizations() {
    return synchronizations;
  }

  @Override
  public Object getTransactionKey() {
    return this;
  }

  @Override
  public void putResource(Object key, Object value) {
    resources.put(key, value);
  }

  @Override
  public Object getResource(Object key) {
    return resources.get(key);
  }

  @Override
  public void registerInterposedSynchronization(Synchronization sync) {
    synchronizations.add(sync);
  }

  @Override
  public int getTransactionStatus() {
    return status;
  }

  @Override
  public void setRollbackOnly() {
    status = Status.STATUS_MARKED_ROLLBACK;
  }

  @Override
  public boolean getRollbackOnly() {
    return status == Status.STATUS_MARKED_ROLLBACK;
  }
}
