package io.reveille.platform;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Work the application does once after it starts (wake recovery, timer reconciliation), run in the
 * background so that it can never fail the application's start: a failing attempt (the database
 * away, rows still locked by transactions a crash left in doubt) is logged and tried again with
 * back-off, 1 s doubling to at most {@value #MAX_BACKOFF_SECONDS} s, until it succeeds. Readiness
 * stays DOWN while any of it is unfinished.
 */
@ApplicationScoped
public class StartupWork {

  private static final Logger LOG = Logger.getLogger(StartupWork.class.getName());

  static final long MAX_BACKOFF_SECONDS = 60;

  /** The names of the work not done yet. */
  private final Set<String> unfinished = ConcurrentHashMap.newKeySet();

  @Resource ManagedScheduledExecutorService executor;

  /** Starts {@code task} in the background under {@code name}; it is retried until it succeeds. */
  public void submit(String name, Runnable task) {
    unfinished.add(name);
    executor.execute(() -> attempt(name, task, 1));
  }

  private void attempt(String name, Runnable task, int attempt) {
    try {
      task.run();
      unfinished.remove(name);
    } catch (RuntimeException | Error e) {
      var delay = backoff(attempt);
      LOG.log(
          Level.WARNING,
          "Start-up work \""
              + name
              + "\" failed (attempt "
              + attempt
              + "); trying again in "
              + delay.toSeconds()
              + " s: "
              + e,
          e);
      executor.schedule(
          () -> attempt(name, task, attempt + 1), delay.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** The wait after the {@code attempt}-th failure: 1 s, doubling, at most a minute. */
  static Duration backoff(int attempt) {
    var seconds = 1L << Math.min(attempt - 1, 6);
    return Duration.ofSeconds(Math.min(seconds, MAX_BACKOFF_SECONDS));
  }

  /** The work not done yet, by name. */
  public List<String> unfinished() {
    return unfinished.stream().sorted().toList();
  }
}
