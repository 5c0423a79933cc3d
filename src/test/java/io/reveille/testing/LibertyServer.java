package io.reveille.testing;

import io.reveille.testing.suite.SuiteDeploymentGate;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A Liberty server of the build's installation that a test starts and stops itself, through the
 * {@code server} script, as an operator would: for tests about what survives a restart. Output goes
 * to {@code target/<server>-<action>.log}.
 */
public final class LibertyServer {

  /**
   * One first start at a time among the servers tests start themselves (they run beside the
   * Arquillian classes, and all begin at once): on two cores, several cold starts at once beside
   * the suite's own deployment made that deployment, which every Arquillian class waits for, take
   * longer. Fair, so the class that asks first (the longest, by its {@code @Order}) starts first; a
   * start waiting here does not count against its timeout. Restarts do not wait: serialising them
   * too held the longest class back until it was the last to finish. The first of them waits for
   * the suite's own deployment to be up, if one is coming ({@link SuiteDeploymentGate}).
   */
  private static final Semaphore FIRST_STARTS = new Semaphore(1, true);

  /**
   * How long a first start waits for the suite's deployment ({@link SuiteDeploymentGate}), which
   * every Arquillian class waits for; not counted against the start's timeout either.
   */
  private static final Duration SUITE_DEPLOYMENT_BOUND = Duration.ofMinutes(4);

  private final Path wlp;
  private final String name;
  private final URI baseUri;
  private final Map<String, String> environment;
  private volatile boolean started;

  /**
   * @param environment variables for the server process; a {@code null} value removes one the test
   *     JVM has
   */
  public LibertyServer(Path wlp, String name, URI baseUri, Map<String, String> environment) {
    this.wlp = wlp;
    this.name = name;
    this.baseUri = baseUri;
    this.environment = environment;
  }

  /**
   * The environment of a server of a test's own: Derby and the embedded broker, with a password
   * generated on the first start — none of the variables that point the suite's server at
   * PostgreSQL, an external broker or the test run's logins (a {@code null} removes one). Add to it
   * what the test needs.
   */
  public static Map<String, String> ownEnvironment() {
    var environment = new java.util.HashMap<String, String>();
    environment.put("REVEILLE_DB_KIND", "derby");
    environment.put("REVEILLE_BROKER_EMBEDDED", "true");
    for (var inherited :
        List.of(
            "REVEILLE_DB_HOST",
            "REVEILLE_DB_PORT",
            "REVEILLE_DB_NAME",
            "REVEILLE_DB_USER",
            "REVEILLE_DB_PASSWORD",
            "REVEILLE_BROKER_HOST",
            "REVEILLE_BROKER_PORT",
            "REVEILLE_BROKER_USER",
            "REVEILLE_BROKER_PASSWORD",
            "REVEILLE_ADMIN_USER",
            "REVEILLE_ADMIN_PASSWORD",
            "REVEILLE_WAKE_SWEEP_SECONDS",
            "REVEILLE_WAKE_FAILURE_BACKOFF_SECONDS")) {
      environment.put(inherited, null);
    }
    return environment;
  }

  /** The build's restart-test server, as failsafe describes it. */
  public static LibertyServer restartServer(Map<String, String> environment) {
    return new LibertyServer(
        Path.of(System.getProperty("reveille.it.wlp", "target/liberty/wlp")),
        System.getProperty("reveille.it.restartServer", "reveille-restart"),
        URI.create(System.getProperty("reveille.it.restartBaseUri", "http://127.0.0.1:9281")),
        environment);
  }

  /** The build's durable-runs crash server, as failsafe describes it. */
  public static LibertyServer durableServer(Map<String, String> environment) {
    return new LibertyServer(
        Path.of(System.getProperty("reveille.it.wlp", "target/liberty/wlp")),
        System.getProperty("reveille.it.durableServer", "reveille-durable"),
        URI.create(System.getProperty("reveille.it.durableBaseUri", "http://127.0.0.1:9283")),
        environment);
  }

  /** The build's crash-test server, as failsafe describes it. */
  public static LibertyServer crashServer(Map<String, String> environment) {
    return new LibertyServer(
        Path.of(System.getProperty("reveille.it.wlp", "target/liberty/wlp")),
        System.getProperty("reveille.it.crashServer", "reveille-crash"),
        URI.create(System.getProperty("reveille.it.crashBaseUri", "http://127.0.0.1:9282")),
        environment);
  }

  public URI baseUri() {
    return baseUri;
  }

  /**
   * Starts the server and waits until {@code /health/ready} answers 200 (within {@code timeout},
   * counted for a first start once no other first start is under way); returns that moment.
   */
  public Instant start(Duration timeout) {
    if (started) {
      run("start");
      return Readiness.await(baseUri, timeout, () -> true, name);
    }
    SuiteDeploymentGate.awaitDeployment(SUITE_DEPLOYMENT_BOUND);
    FIRST_STARTS.acquireUninterruptibly();
    try {
      run("start");
      var ready = Readiness.await(baseUri, timeout, () -> true, name);
      started = true;
      return ready;
    } finally {
      FIRST_STARTS.release();
    }
  }

  /** The server's output directory (the installation's default: its own directory). */
  public Path outputDir() {
    return wlp.resolve("usr").resolve("servers").resolve(name);
  }

  /** Where the server keeps the administrator password it generated on its first start. */
  public Path generatedAdminPasswordFile() {
    return outputDir().resolve("secrets").resolve("admin-password");
  }

  /**
   * An {@code Authorization} header signing in as the administrator with the password the server
   * generated; {@code null} while the server has not generated one yet.
   */
  public String generatedAdminAuthorization() {
    var file = generatedAdminPasswordFile();
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return TestIdentities.basic("admin", Files.readString(file).strip());
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
  }

  /**
   * Kills the server's JVM with SIGKILL — no shutdown hook, no quiesce, in-flight transactions left
   * as they are — and waits until the process is gone.
   */
  public void kill() {
    var pidFile = pidFile();
    long pid;
    try {
      pid = Long.parseLong(Files.readString(pidFile).strip());
    } catch (IOException | NumberFormatException e) {
      throw new AssertionError("no process id of " + name + " in " + pidFile, e);
    }
    var process =
        ProcessHandle.of(pid)
            .orElseThrow(() -> new AssertionError(name + " (process " + pid + ") is not running"));
    // destroyForcibly is SIGKILL on Unix.
    process.destroyForcibly();
    try {
      process.onExit().get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new AssertionError(name + " (process " + pid + ") did not die", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /** Stops the server (a normal shutdown); does nothing if it is not running. */
  public void stop() {
    run("stop");
  }

  /**
   * Stops the server, and kills it when it does not stop (a server the test wedged): no test leaves
   * a server behind.
   */
  public void stopOrKill() {
    try {
      stop();
    } catch (AssertionError e) {
      if (pidFile().toFile().isFile()) {
        try {
          kill();
        } catch (AssertionError notKilled) {
          e.addSuppressed(notKilled);
        }
      }
      throw e;
    }
  }

  private Path pidFile() {
    return wlp.resolve("usr").resolve("servers").resolve(".pid").resolve(name + ".pid");
  }

  private void run(String action) {
    var script = wlp.resolve("bin").resolve(isWindows() ? "server.bat" : "server");
    var log = Path.of("target", name + "-" + action + ".log");
    var builder =
        new ProcessBuilder(List.of(script.toString(), action, name))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    environment.forEach(
        (key, value) -> {
          if (value == null) {
            builder.environment().remove(key);
          } else {
            builder.environment().put(key, value);
          }
        });
    try {
      var process = builder.start();
      if (!process.waitFor(180, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("server " + action + " " + name + " did not return in 180 s");
      }
      // 0: done; 1 on stop: the server was not running.
      if (process.exitValue() != 0 && !(action.equals("stop") && process.exitValue() == 1)) {
        throw new AssertionError(
            "server "
                + action
                + " "
                + name
                + " exited with "
                + process.exitValue()
                + ": "
                + Files.readString(log));
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run " + script, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  private static boolean isWindows() {
    return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("win");
  }
}
