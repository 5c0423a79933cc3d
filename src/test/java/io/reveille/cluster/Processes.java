package io.reveille.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Commands the cluster harness runs: each one's output appended to a log, a failure loud. */
final class Processes {

  private Processes() {}

  /** Runs {@code command} to its end (at most {@code timeout}); fails unless it exits with 0. */
  static void run(List<String> command, Path log, Duration timeout) {
    run(command, log, timeout, Map.of());
  }

  static void run(
      List<String> command, Path log, Duration timeout, Map<String, String> environment) {
    var process = start(command, log, environment);
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "timed out after " + timeout + ": " + command + " (see " + log + ")");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IllegalStateException("interrupted: " + command, e);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "exit " + process.exitValue() + ": " + command + " (see " + log + ")");
    }
  }

  /** Runs {@code command} to its end (at most {@code timeout}) and returns what it printed. */
  static String output(List<String> command, Duration timeout) {
    try {
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      var printed = process.getInputStream().readAllBytes();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "failed: "
                + command
                + ": "
                + new String(printed, java.nio.charset.StandardCharsets.UTF_8));
      }
      return new String(printed, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + command + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + command, e);
    }
  }

  /** Starts {@code command} in the background, its output appended to {@code log}. */
  static Process start(List<String> command, Path log, Map<String, String> environment) {
    return start(command, log, environment, false);
  }

  /**
   * The same; with {@code clean}, the process gets only {@code environment} and the few variables
   * any process needs ({@code PATH}, {@code HOME}, {@code LANG}, {@code TZ}), none of the test
   * JVM's settings.
   */
  static Process start(
      List<String> command, Path log, Map<String, String> environment, boolean clean) {
    try {
      Files.createDirectories(log.getParent());
      var builder =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      if (clean) {
        builder.environment().keySet().retainAll(List.of("PATH", "HOME", "LANG", "TZ"));
      }
      environment.forEach(
          (name, value) -> {
            if (value == null) {
              builder.environment().remove(name);
            } else {
              builder.environment().put(name, value);
            }
          });
      return builder.start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start " + command + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@code command} as the {@code postgres} account when this one is root (initdb refuses root).
   */
  static List<String> asPostgres(String... command) {
    var full = new ArrayList<String>();
    if ("root".equals(System.getProperty("user.name"))) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(List.of(command));
    return full;
  }

  /** Sends {@code signal} (STOP, CONT, KILL, TERM) to a process. */
  static void signal(long pid, String signal) {
    run(
        List.of("kill", "-" + signal, Long.toString(pid)),
        Path.of("/dev/null"),
        Duration.ofSeconds(10));
  }
}
