package io.reveille.testing;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A database a test may stop and start for real — a fault injected, not planted — through the two
 * scripts a CI pass provides (system properties naming them); absent where none is provided.
 */
public record DatabaseControl(String stopScript, String startScript) {

  /** The scripts the system properties {@code stopProperty} and {@code startProperty} name. */
  public static Optional<DatabaseControl> of(String stopProperty, String startProperty) {
    var stop = System.getProperty(stopProperty, "");
    var start = System.getProperty(startProperty, "");
    return stop.isBlank() || start.isBlank()
        ? Optional.empty()
        : Optional.of(new DatabaseControl(stop, start));
  }

  public void stop() {
    run(stopScript);
  }

  public void start() {
    run(startScript);
  }

  private static void run(String script) {
    try {
      var process = new ProcessBuilder(List.of("bash", script)).redirectErrorStream(true).start();
      var output = new String(process.getInputStream().readAllBytes());
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new AssertionError(script + " failed: " + output);
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run " + script, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
