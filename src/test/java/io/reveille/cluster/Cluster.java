package io.reveille.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A Reveille cluster on one machine, everything on 127.0.0.1: a PostgreSQL cluster, one external
 * Artemis broker and N nodes started from the deployable runnable JAR, configured by environment
 * variables only, each with its own node id, ports and data directory. {@link #close} stops all of
 * it, whatever state it is in; so does a shutdown hook if the JVM ends first.
 *
 * <p>Settings (system properties): {@code reveille.cluster.nodes} (2), {@code reveille.cluster.jar}
 * ({@code target/reveille.jar}), {@code reveille.cluster.artemis} (the Artemis distribution, {@code
 * target/cluster/apache-artemis-<version>-bin.tar.gz}), {@code reveille.cluster.port} (9900: node n
 * listens on 9900 + 10n for HTTP and one above for HTTPS, the broker on 61916, PostgreSQL on 25900,
 * below the ephemeral port range so a restarted database finds its port free), {@code
 * reveille.cluster.work} (a new directory under {@code target/cluster}, kept afterwards for its
 * logs).
 */
public final class Cluster implements AutoCloseable {

  static final String ADMIN_PASSWORD = "reveille-cluster-admin";
  static final Duration NODE_START = Duration.ofSeconds(240);

  private final Path work;
  private final Postgres postgres;
  private final ArtemisBroker broker;
  private final List<Node> nodes;
  private final Thread shutdownHook;

  private Cluster(Path work, Postgres postgres, ArtemisBroker broker, List<Node> nodes) {
    this.work = work;
    this.postgres = postgres;
    this.broker = broker;
    this.nodes = nodes;
    this.shutdownHook = new Thread(this::stopEverything, "cluster-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Whether this machine can run a cluster: PostgreSQL's binaries, the JAR and Artemis. */
  public static String missing() {
    if (Postgres.binaries().isEmpty()) {
      return "PostgreSQL is not installed (apt-get install postgresql, or set REVEILLE_PG_BIN)";
    }
    if (!Files.isRegularFile(jar())) {
      return "no runnable JAR at " + jar() + " (./mvnw -Pdist -DskipTests package)";
    }
    if (!Files.isRegularFile(artemis())) {
      return "no Artemis distribution at " + artemis();
    }
    return null;
  }

  /**
   * Starts a cluster of the configured size; {@code settings} are further environment variables of
   * every node (such as {@code REVEILLE_WAKE_RUN_LEASE_SECONDS}).
   */
  public static Cluster start(Map<String, String> settings) {
    int size = Integer.getInteger("reveille.cluster.nodes", 2);
    int base = Integer.getInteger("reveille.cluster.port", 9900);
    var work = workDirectory();
    Postgres postgres = null;
    ArtemisBroker broker = null;
    try {
      postgres = Postgres.create(Postgres.binaries().orElseThrow(), 25900 + base - 9900);
      broker = ArtemisBroker.create(artemis(), work, 61916 + base - 9900);
      var environment = new HashMap<String, String>(settings);
      environment.putAll(postgres.serverEnvironment());
      environment.put("REVEILLE_BROKER_EMBEDDED", "false");
      environment.put("REVEILLE_BROKER_HOST", "127.0.0.1");
      environment.put("REVEILLE_BROKER_PORT", Integer.toString(broker.port()));
      environment.put("REVEILLE_BROKER_USER", ArtemisBroker.USER);
      environment.put("REVEILLE_BROKER_PASSWORD", ArtemisBroker.PASSWORD);
      environment.put("REVEILLE_ADMIN_PASSWORD", ADMIN_PASSWORD);
      environment.put("REVEILLE_TLS_KEYSTORE_PASSWORD", "reveille-cluster-keystore");
      var nodes = new ArrayList<Node>();
      for (int n = 1; n <= size; n++) {
        nodes.add(
            new Node("node-" + n, jar(), work.resolve("node-" + n), base + 10 * n, environment));
      }
      var cluster = new Cluster(work, postgres, broker, nodes);
      try {
        // The first node creates the schema and the timer store alone; the others then start
        // together.
        nodes.get(0).start();
        nodes.get(0).awaitReady(NODE_START);
        var rest = nodes.subList(1, nodes.size());
        rest.forEach(Node::start);
        CompletableFuture.allOf(
                rest.stream()
                    .map(node -> CompletableFuture.runAsync(() -> node.awaitReady(NODE_START)))
                    .toArray(CompletableFuture[]::new))
            .join();
      } catch (RuntimeException | AssertionError e) {
        cluster.close();
        throw e;
      }
      return cluster;
    } catch (RuntimeException | AssertionError e) {
      if (broker != null) {
        broker.stop();
      }
      if (postgres != null) {
        postgres.destroy(work.resolve("logs"));
      }
      throw new IllegalStateException(
          "the cluster did not start (logs in " + work + "): " + e.getMessage(), e);
    }
  }

  public Node node(int n) {
    return nodes.get(n - 1);
  }

  public List<Node> nodes() {
    return List.copyOf(nodes);
  }

  public String brokerUrl() {
    return broker.url();
  }

  public String brokerUser() {
    return ArtemisBroker.USER;
  }

  public String brokerPassword() {
    return ArtemisBroker.PASSWORD;
  }

  public Path work() {
    return work;
  }

  /** Restarts the broker gracefully (the nodes reconnect). */
  public void restartBroker() {
    broker.restart();
  }

  /** Stops PostgreSQL (fast shutdown: sessions cut, open transactions rolled back). */
  public void stopDatabase() {
    postgres.stop();
  }

  public void startDatabase() {
    postgres.start();
  }

  /** PostgreSQL's busy sessions, prepared transactions and waiting locks, for a failure's log. */
  public String databaseActivity() {
    try {
      return postgres.activity();
    } catch (RuntimeException e) {
      return "(not readable: " + e.getMessage() + ")";
    }
  }

  /** Transactions prepared in PostgreSQL and not yet committed or rolled back (in doubt). */
  public long preparedTransactions() {
    return postgres.preparedTransactions();
  }

  /**
   * Brings back what a fault or a failed test left down, for the next test that shares the cluster:
   * the database and the broker if they do not run, a paused node resumed, a stopped or killed node
   * started; returns when every node is ready.
   */
  public void restoreHealth() {
    if (!postgres.isRunning()) {
      postgres.start();
    }
    broker.startIfStopped();
    nodes.forEach(Node::revive);
    CompletableFuture.allOf(
            nodes.stream()
                .map(node -> CompletableFuture.runAsync(() -> node.awaitReady(NODE_START)))
                .toArray(CompletableFuture[]::new))
        .join();
  }

  @Override
  public void close() {
    stopEverything();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down already; the hook runs (and finds nothing left).
    }
  }

  private synchronized void stopEverything() {
    for (var node : nodes) {
      try {
        node.kill();
      } catch (RuntimeException e) {
        // Go on with the rest.
      }
    }
    broker.stop();
    postgres.destroy(work.resolve("logs"));
  }

  static Path jar() {
    return Path.of(System.getProperty("reveille.cluster.jar", "target/reveille.jar"));
  }

  static Path artemis() {
    return Path.of(
        System.getProperty(
            "reveille.cluster.artemis", "target/cluster/apache-artemis-2.56.0-bin.tar.gz"));
  }

  private static Path workDirectory() {
    try {
      var configured = System.getProperty("reveille.cluster.work");
      var directory =
          configured != null && !configured.isBlank()
              ? Path.of(configured)
              : Path.of("target", "cluster", "run-" + System.currentTimeMillis());
      Files.createDirectories(directory);
      return directory.toAbsolutePath();
    } catch (IOException e) {
      throw new IllegalStateException("cannot create the cluster's directory", e);
    }
  }

  /** Lets time pass between polls. */
  static void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
