package io.reveille.bench.peers;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What every output of the side-by-side suite names, so that a figure can be traced and compared:
 * the commit measured (with {@code +changes} when the work tree differed from it), the moment, the
 * machine and the settings every contender ran with.
 */
final class Provenance {

  /** The settings shared by every scenario; a scenario's caption adds its own. */
  static final String SETTINGS =
      "PostgreSQL 15 started by the harness with fsync on (synchronous_commit on, the distribution's"
          + " defaults otherwise); Reveille as the runnable JAR, 1 GB heap, embedded broker; peers"
          + " in the harness's JVM (-Xmx1g) with "
          + SideBySide.PEER_THREADS
          + " worker threads";

  private Provenance() {}

  /** One sentence: commit, moment, machine, settings. */
  static String describe() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return String.format(
        "commit %s; %s; %d cores, %s %s, Java %s; %s",
        commit(),
        Instant.now(),
        os.getAvailableProcessors(),
        os.getName(),
        os.getVersion(),
        Runtime.version(),
        SETTINGS);
  }

  /** The checked-out commit, {@code +changes} when the work tree differs from it. */
  static String commit() {
    var head = git(List.of("git", "rev-parse", "--short=12", "HEAD"));
    if (head.isBlank()) {
      return "unknown (not a git work tree)";
    }
    var changes = git(List.of("git", "status", "--porcelain", "--untracked-files=no"));
    return changes.isBlank() ? head : head + "+changes";
  }

  private static String git(List<String> command) {
    try {
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return "";
      }
      return output.strip();
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
