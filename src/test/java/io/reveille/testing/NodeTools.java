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
 * conformance suite, the TypeScript SDK, the reference servers) in {@code target/mcp-node} with its
 * scripts — the build installs them there before the test server starts (profile {@code mcp-node})
 * —, and Node commands run there. Needs Node.js and npm on PATH: the CI run sets {@code
 * REVEILLE_IT_REQUIRE_NODE}, so there a missing Node fails; elsewhere the test that needs it is
 * skipped.
 */
public final class NodeTools {

  private static final Path ROOT = root();
  private static final Path SOURCES = ROOT.resolve("src/test/mcp");
  private static final Path WORK = ROOT.resolve("target/mcp-node");
  private static final List<String> FILES =
      List.of("package.json", "package-lock.json", "proxy.mjs", "sdk-client.mjs", "loopback.mjs");

  private NodeTools() {}

  /**
   * The project's directory: the working directory of a test run by Maven; inside the test server
   * (an in-container test), four levels above the MCP servers document the build put under {@code
   * target/test-classes/mcp}.
   */
  private static Path root() {
    var here = Path.of("").toAbsolutePath();
    if (Files.isDirectory(here.resolve("src/test/mcp"))) {
      return here;
    }
    var servers =
        org.eclipse.microprofile.config.ConfigProvider.getConfig()
            .getValue("reveille.mcp.servers.file", String.class);
    return Path.of(servers).toAbsolutePath().getParent().getParent().getParent().getParent();
  }

  /** Where the packages are installed and Node commands run. */
  public static Path work() {
    return WORK;
  }

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
    var lock = Files.readString(SOURCES.resolve("package-lock.json"));
    var installed =
        Files.isDirectory(WORK.resolve("node_modules/@modelcontextprotocol/server-everything"))
            && Files.exists(WORK.resolve("package-lock.json"))
            && Files.readString(WORK.resolve("package-lock.json")).equals(lock);
    for (var file : FILES) {
      Files.copy(SOURCES.resolve(file), WORK.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    // The build installs them before the test server starts (its stdio MCP server runs from
    // here); a test run from an IDE installs them itself.
    if (!installed) {
      var run =
          run(
              List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"),
              Duration.ofMinutes(5));
      assertEquals(0, run.exit(), run::output);
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
    return start(command, java.util.Map.of());
  }

  /** Starts {@code command} in the work directory with {@code environment} added. */
  public static Process start(List<String> command, java.util.Map<String, String> environment)
      throws IOException {
    var builder = new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true);
    builder.environment().putAll(environment);
    return builder.start();
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
