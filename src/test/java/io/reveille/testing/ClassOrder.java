package io.reveille.testing;

/**
 * The order in which the integration test classes start (their class {@code @Order}; a class
 * without one comes after these, in the order the build finds it).
 *
 * <p>The classes that drive servers of their own run beside the chain of classes on the shared
 * deployment ({@code @Execution(CONCURRENT)}), the longest first: they start at once whatever their
 * order, but {@link LibertyServer} makes their first starts one at a time, in this order.
 *
 * <p>On two cores those servers take most of the CPU while they start, crash and recover. The chain
 * classes that mostly wait — for a throttle window, a timer falling due, a container timeout — go
 * first, while those servers are busy; the classes that keep the CPU busy themselves come later,
 * when the servers beside them are done.
 */
public final class ClassOrder {

  /** {@code CrashRestartIT}: a load, a kill and a recovery on its server, the longest. */
  public static final int CRASH_RESTART = 1;

  /** {@code TimerCatchUpRestartIT}: a server stopped across two timer firings. */
  public static final int TIMER_CATCH_UP = 2;

  /** {@code DurableRunCrashIT}: one kill with six runs standing still. */
  public static final int DURABLE_RUN_CRASH = 3;

  /**
   * Chain classes that mostly wait but run inside the server (black-box ones run beside the chain
   * instead, see {@code BesideTheChain}): they go first, while the servers beside them are busy.
   */
  public static final int MOSTLY_WAITING = 10;

  private ClassOrder() {}
}
