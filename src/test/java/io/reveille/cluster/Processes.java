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
          "exit "
              + process.exitValue()
              + ": "
              + command
              + " ("
              + log
              + " ends: "
              + tail(log)
              + ")");
    }
  }

  /** The last lines of {@code log}, for a failure's message: CI keeps the report, not the file. */
  private static String tail(Path log) {
    try {
      var lines = Files.readAllLines(log);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    } catch (IOException | java.io.UncheckedIOException e) {
      return "(unreadable: " + e.getMessage() + ")";
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

  /**
   * Appends {@code pid}, its start time and {@code what} to the file of processes the harness
   * started ({@code reveille.cluster.pids}, by default {@code target/cluster/pids}), one per line:
   * {@code <pid> <start time> <what>}, the start time as field 22 of {@code /proc/<pid>/stat}
   * (clock ticks after boot). When a test JVM dies before its shutdown hook stops what it started,
   * {@code .ci/production-its} and {@code .ci/chaos} stop exactly these processes, and only those
   * whose start time still matches: a PID the system has since given to another process is left
   * alone. A process whose start time cannot be read (it is gone already, or this is not Linux) is
   * not recorded.
   */
  static synchronized void record(long pid, String what) {
    var started = startTime(pid);
    if (started.isEmpty()) {
      return;
    }
    try {
      var file = Path.of(System.getProperty("reveille.cluster.pids", "target/cluster/pids"));
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(
          file,
          pid + " " + started.get() + " " + what + "\n",
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new IllegalStateException("cannot record process " + pid + " (" + what + ")", e);
    }
  }

  /** Field 22 of {@code /proc/<pid>/stat}, the process's start time; empty when unreadable. */
  static java.util.Optional<String> startTime(long pid) {
    try {
      var stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // The command name (field 2) is in parentheses and may hold spaces; field 3 follows ") ".
      var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return java.util.Optional.of(fields[19]);
    } catch (IOException | RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  /** Sends {@code signal} (STOP, CONT, KILL, TERM) to a process. */
  static void signal(long pid, String signal) {
    run(
        List.of("kill", "-" + signal, Long.toString(pid)),
        Path.of("/dev/null"),
        Duration.ofSeconds(10));
  }
}
