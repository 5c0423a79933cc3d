package io.reveille.platform.health;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a readiness check says beyond UP or DOWN goes to the server log, not to the open health
 * endpoint: once when the check goes DOWN (with why), once when it is UP again.
 */
final class Transitions {

  private static final Logger LOG = Logger.getLogger(Transitions.class.getName());

  private final String check;
  private final AtomicBoolean up = new AtomicBoolean(true);

  Transitions(String check) {
    this.check = check;
  }

  void up() {
    if (up.compareAndSet(false, true)) {
      LOG.log(Level.INFO, "Readiness check {0} is UP again", check);
    }
  }

  void down(String why) {
    if (up.compareAndSet(true, false)) {
      LOG.log(Level.WARNING, "Readiness check {0} is DOWN: {1}", new Object[] {check, why});
    }
  }
}
