package io.reveille.platform;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One piece of periodic work (a timer's round): never run beside itself — a round that finds the
 * previous one still going (a slow database) does nothing — and never throwing into its timer: a
 * failing round is logged and the next one tries again.
 */
public final class PeriodicRound {

  private final String name;
  private final Logger log;
  private final AtomicBoolean running = new AtomicBoolean();

  /**
   * @param name what the round is, as log lines name it ("Wake sweep")
   * @param log the logger of the feature it belongs to
   */
  public PeriodicRound(String name, Logger log) {
    this.name = name;
    this.log = log;
  }

  public void run(Runnable round) {
    if (!running.compareAndSet(false, true)) {
      return;
    }
    try {
      round.run();
    } catch (RuntimeException e) {
      log.log(Level.WARNING, name + " failed; the next one tries again: " + e, e);
    } finally {
      running.set(false);
    }
  }
}
