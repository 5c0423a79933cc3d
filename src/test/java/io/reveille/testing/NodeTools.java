package io.reveille.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The Node.js side of the MCP tests: the packages pinned by {@code src/test/mcp}'s lockfile (the
 * conformance suite, the TypeScript SDK, the reference servers) installed once into {@code
 * target/mcp-node} with its scripts, and Node commands run there. Needs Node.js and npm on PATH:
 * the CI run sets {@code REVEILLE_IT_REQUIRE_NODE}, so there a missing Node fails; elsewhere the
 * test that needs it is skipped.
 */
public final class NodeTools {

  private static final Path SOURCES = Path.of("src", "test", "mcp");
  private static final Path WORK = Path.of("target", "mcp-node");
  private static final List<String> FILES =
      List.of("package.json", "package-lock.json", "proxy.mjs", "sdk-client.mjs");

  private NodeTools() {}

  /** What a command printed (stdout and stderr) and how it ended; -1 when it timed out. */
  public record Run(int exit, String output) {}

  /** The work directory with the pinned packages installed (again when the lockfile changed). */
  public static synchronized Path install() throws IOException, InterruptedException {
    if (!(runs(List.of("node", "--version")) && runs(List.of("npm", "--version")))) {
      if (System.getenv("REVEILLE_IT_REQUIRE_NODE") != null) {
        fail("Node.js and npm are required here but node or npm does not run");
      }
      Assumptions.abort("this test needs Node.js and npm on PATH");
    }
    Files.createDirectories(WORK);
    for (var file : FILES) {
      Files.copy(SOURCES.resolve(file), WORK.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    var installedLock = WORK.resolve("node_modules").resolve(".reveille-lock.json");
    var lock = Files.readString(WORK.resolve("package-lock.json"));
    if (!Files.exists(installedLock) || !Files.readString(installedLock).equals(lock)) {
      var installed =
          run(
              List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"),
              Duration.ofMinutes(5));
      assertEquals(0, installed.exit(), installed::output);
      Files.writeString(installedLock, lock);
    }
    return WORK;
  }

  /** Runs {@code command} in the work directory, within {@code timeout}. */
  public static Run run(List<String> command, Duration timeout)
      throws IOException, InterruptedException {
    var log = Files.createTempFile("mcp-node", ".log");
    try {
      var process =
          new ProcessBuilder(command)
              .directory(WORK.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        return new Run(-1, "timed out: " + Files.readString(log));
      }
      return new Run(process.exitValue(), Files.readString(log));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** Starts {@code command} in the work directory (its output readable from the process). */
  public static Process start(List<String> command) throws IOException {
    return new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true).start();
  }

  private static boolean runs(List<String> command) {
    try {
      return new ProcessBuilder(command).redirectErrorStream(true).start().waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
