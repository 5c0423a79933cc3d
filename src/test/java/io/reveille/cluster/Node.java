package io.reveille.cluster;

import io.reveille.testing.Api;
import io.reveille.testing.Readiness;
import io.reveille.testing.TestIdentities;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One Reveille node of the cluster: the deployable runnable JAR run with {@code java -jar}, its
 * settings all environment variables, its data and extraction directories its own. Start, stop
 * (SIGTERM, Liberty's orderly shutdown), kill (SIGKILL), pause (SIGSTOP) and resume it.
 */
public final class Node {

  private final String id;
  private final Path jar;
  private final Path directory;
  private final int httpPort;
  private final Map<String, String> environment;
  private final List<String> jvmOptions;
  private final Api api;
  private Process process;
  private boolean paused;

  Node(String id, Path jar, Path directory, int httpPort, Map<String, String> environment) {
    // A node of a test cluster lives minutes: C1 alone compiles with a fraction of the CPU.
    this(
        id,
        jar,
        directory,
        httpPort,
        environment,
        List.of("-XX:TieredStopAtLevel=1", "-XX:ReservedCodeCacheSize=160m", "-Xmx512m"));
  }

  private Node(
      String id,
      Path jar,
      Path directory,
      int httpPort,
      Map<String, String> environment,
      List<String> jvmOptions) {
    this.id = id;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.jar = jar;
    this.directory = directory;
    this.httpPort = httpPort;
    this.environment = new HashMap<>(environment);
    this.environment.put("REVEILLE_NODE_ID", id);
    this.environment.put("REVEILLE_DATA_DIR", directory.resolve("data").toString());
    this.environment.put("WLP_JAR_EXTRACT_DIR", directory.resolve("wlp").toString());
    this.environment.put("HTTP_PORT", Integer.toString(httpPort));
    this.environment.put("HTTPS_PORT", Integer.toString(httpPort + 1));
    this.api = new Api(baseUri(), TestIdentities.basic("admin", Cluster.ADMIN_PASSWORD));
  }

  /**
   * One server as a benchmark runs it: the runnable JAR ({@code reveille.cluster.jar}) in {@code
   * directory} on {@code postgres} with the embedded broker, the JIT's every tier and 1 GB of heap,
   * plus the environment variables {@code settings} and the JVM options {@code jvmOptions} (such as
   * a flight recording); not started yet.
   */
  public static Node standalone(
      Path directory,
      Postgres postgres,
      int httpPort,
      Map<String, String> settings,
      List<String> jvmOptions) {
    var environment = new HashMap<String, String>(settings);
    environment.putAll(postgres.serverEnvironment());
    environment.put("REVEILLE_BROKER_EMBEDDED", "true");
    environment.put("REVEILLE_ADMIN_PASSWORD", Cluster.ADMIN_PASSWORD);
    environment.put("REVEILLE_TLS_KEYSTORE_PASSWORD", "reveille-bench-keystore");
    var options = new ArrayList<String>(List.of("-Xmx1g"));
    options.addAll(jvmOptions);
    return new Node("standalone", Cluster.jar(), directory, httpPort, environment, options);
  }

  public String id() {
    return id;
  }

  public URI baseUri() {
    return URI.create("http://127.0.0.1:" + httpPort);
  }

  /** This node's API, signed in as the cluster's administrator (one client, thread-safe). */
  public Api api() {
    return api;
  }

  /** The node's console output (what the runnable JAR prints), across its starts. */
  public Path consoleLog() {
    return directory.resolve("console.log");
  }

  /**
   * The last {@code max} lines of the node's console output, across its starts, that {@code wanted}
   * accepts (each cut to 400 characters); none when the output cannot be read.
   */
  public List<String> logLines(Predicate<String> wanted, int max) {
    try (var lines = Files.lines(consoleLog(), StandardCharsets.UTF_8)) {
      var last = new ArrayDeque<String>();
      lines
          .filter(wanted)
          .forEach(
              line -> {
                if (last.size() == max) {
                  last.removeFirst();
                }
                last.addLast(line.length() > 400 ? line.substring(0, 400) + "…" : line);
              });
      return List.copyOf(last);
    } catch (IOException | UncheckedIOException e) {
      return List.of("(not readable: " + e + ")");
    }
  }

  public synchronized boolean isRunning() {
    return process != null && process.isAlive();
  }

  /** Starts the node; returns at once (see {@link #awaitReady}). */
  public synchronized void start() {
    if (isRunning()) {
      throw new IllegalStateException(id + " runs already");
    }
    var command = new ArrayList<String>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    // The marker names the process for clean-up scripts; -jar runs Liberty in this JVM.
    command.addAll(List.of("-Dreveille.cluster.node=" + id, "-jar", jar.toString()));
    // The runnable JAR refuses to extract into a directory that exists: each start extracts anew.
    deleteRecursively(directory.resolve("wlp"));
    process = Processes.start(command, consoleLog(), environment, true);
    Processes.record(process.pid(), "node " + id);
  }

  /** Resumes the node if it is paused and starts it if it does not run; returns at once. */
  public synchronized void revive() {
    if (paused) {
      resume();
    }
    if (!isRunning()) {
      start();
    }
  }

  /** Waits until {@code /health/ready} answers 200; returns that moment. */
  public Instant awaitReady(Duration timeout) {
    return Readiness.await(baseUri(), timeout, this::isRunning, id + " (" + consoleLog() + ")");
  }

  /** SIGKILL: no shutdown hook, no quiesce; waits until the process is gone. */
  public synchronized void kill() {
    if (process == null) {
      return;
    }
    process.destroyForcibly();
    awaitExit(Duration.ofSeconds(60));
  }

  /** SIGTERM: Liberty's orderly shutdown (in-flight work quiesces); SIGKILL after two minutes. */
  public synchronized void stop() {
    if (process == null) {
      return;
    }
    if (paused) {
      resume();
    }
    process.destroy();
    try {
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    awaitExit(Duration.ofSeconds(60));
  }

  /**
   * The node's resident memory (Linux: {@code VmRSS} of {@code /proc/<pid>/status}), in KiB.
   *
   * @throws IllegalStateException when the node does not run or the figure cannot be read
   */
  public synchronized long residentKibibytes() {
    if (!isRunning()) {
      throw new IllegalStateException(id + " does not run");
    }
    try (var lines = Files.lines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
      return lines
          .filter(line -> line.startsWith("VmRSS:"))
          .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("no VmRSS for " + id));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the resident memory of " + id, e);
    }
  }

  /** SIGSTOP: the JVM freezes mid-whatever, its connections open, until {@link #resume}. */
  public synchronized void pause() {
    Processes.signal(process.pid(), "STOP");
    paused = true;
  }

  /** SIGCONT. */
  public synchronized void resume() {
    Processes.signal(process.pid(), "CONT");
    paused = false;
  }

  private static void deleteRecursively(Path root) {
    if (!java.nio.file.Files.exists(root)) {
      return;
    }
    try (var paths = java.nio.file.Files.walk(root)) {
      paths
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(
              path -> {
                try {
                  java.nio.file.Files.delete(path);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot delete " + root, e);
    }
  }

  private void awaitExit(Duration timeout) {
    try {
      process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(id + " did not exit", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    process = null;
    paused = false;
  }
}
