package io.reveille.testing.suite;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Holds the first starts of the servers tests start themselves, and the black-box classes that run
 * beside the chain ({@link BesideTheChain}), until the suite's one deployment is up, when the test
 * run has Arquillian classes at all.
 *
 * <p>The restart and crash classes begin at once beside the chain of Arquillian classes, which all
 * wait for the shared deployment. On two cores a cold server start beside that deployment doubled
 * its time (55 s against 25 s), and the chain is what the first pass waits for; the classes beside
 * it have time to spare. {@link SuitePlanListener} says before any class runs whether a deployment
 * is coming; {@link OneDeploymentLifecycle} opens the gate once it is deployed (or failed).
 */
public final class SuiteDeploymentGate {

  private static final Logger LOG = Logger.getLogger(SuiteDeploymentGate.class.getName());

  private static volatile boolean expected;
  private static final CountDownLatch DEPLOYED = new CountDownLatch(1);

  private SuiteDeploymentGate() {}

  /** The run has Arquillian classes: the suite's deployment is coming. */
  static void expect() {
    expected = true;
  }

  /** The suite's deployment is up, or will not come: nothing waits any more. */
  static void open() {
    DEPLOYED.countDown();
  }

  /** Whether the run has Arquillian classes, and so the suite's deployment is coming. */
  public static boolean isExpected() {
    return expected;
  }

  /**
   * Waits until the suite's deployment is up (or failed), if one is coming, for at most {@code
   * bound}; false when the bound passed first (a deployment that hangs fails its own classes).
   */
  public static boolean awaitDeployment(Duration bound) {
    if (!expected || DEPLOYED.getCount() == 0) {
      return true;
    }
    try {
      if (DEPLOYED.await(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        return true;
      }
      LOG.warning("The suite's deployment was not up within " + bound);
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
