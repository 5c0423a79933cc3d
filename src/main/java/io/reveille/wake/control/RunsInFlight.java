package io.reveille.wake.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runs a thread of this JVM is executing right now. A started run whose owner is this boot but
 * that no thread holds (its thread died of an {@link Error}, or recording its failure failed) is
 * not running: a redelivery or the sweeper takes it up again instead of waiting for a restart. The
 * heartbeat renews the lease of exactly these runs.
 */
@ApplicationScoped
public class RunsInFlight {

  private final Set<String> runKeys = ConcurrentHashMap.newKeySet();

  /** Marks the run as held by the calling thread; false if another thread of this JVM holds it. */
  public boolean enter(String runKey) {
    return runKeys.add(runKey);
  }

  public void leave(String runKey) {
    runKeys.remove(runKey);
  }

  public boolean contains(String runKey) {
    return runKeys.contains(runKey);
  }

  /** The runs held now, in no order. */
  public List<String> snapshot() {
    return List.copyOf(runKeys);
  }
}
