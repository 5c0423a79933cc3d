package io.reveille.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Two Reveille sites on one machine, everything on 127.0.0.1: each site its own PostgreSQL database
 * (two databases of one PostgreSQL cluster), its own Artemis broker and one node from the runnable
 * JAR with a host id of its own ({@code site-a}, {@code site-b}); each broker bridges its {@code
 * reveille.sync.outbound} to the other's {@code reveille.sync.inbound}, as docs/operations.md shows
 * an operator. {@link #close} stops all of it.
 *
 * <p>Ports (system property {@code reveille.sites.port}, 9950): site A's node on 9960, site B's on
 * 9970, the brokers on 61966 and 61976, PostgreSQL on 25950.
 */
final class TwoSites implements AutoCloseable {

  /** One site: its host id, broker and node. */
  record Site(String hostId, ArtemisBroker broker, Node node) {}

  private final Path work;
  private final Postgres postgres;
  private final List<Site> sites;
  private final Thread shutdownHook;

  private TwoSites(Path work, Postgres postgres, List<Site> sites) {
    this.work = work;
    this.postgres = postgres;
    this.sites = sites;
    this.shutdownHook = new Thread(this::stopEverything, "two-sites-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Starts both sites; {@code settings} are further environment variables of both nodes. */
  static TwoSites start(Map<String, String> settings) {
    int base = Integer.getInteger("reveille.sites.port", 9950);
    var work = Path.of("target", "cluster", "sites-" + System.currentTimeMillis()).toAbsolutePath();
    Postgres postgres = null;
    var sites = new java.util.ArrayList<Site>();
    try {
      Files.createDirectories(work);
      postgres = Postgres.create(Postgres.binaries().orElseThrow(), 25900 + base - 9900);
      var brokerPorts = List.of(61916 + base - 9900 + 50, 61916 + base - 9900 + 60);
      for (int i = 0; i < 2; i++) {
        var hostId = i == 0 ? "site-a" : "site-b";
        var database = hostId.replace('-', '_');
        postgres.createDatabase(database);
        var directory = work.resolve(hostId);
        var broker =
            ArtemisBroker.create(
                Cluster.artemis(),
                directory,
                brokerPorts.get(i),
                Optional.of(brokerPorts.get(1 - i)));
        var environment = new HashMap<String, String>(settings);
        environment.putAll(postgres.serverEnvironment());
        environment.put("REVEILLE_DB_NAME", database);
        environment.put("REVEILLE_BROKER_EMBEDDED", "false");
        environment.put("REVEILLE_BROKER_HOST", "127.0.0.1");
        environment.put("REVEILLE_BROKER_PORT", Integer.toString(broker.port()));
        environment.put("REVEILLE_BROKER_USER", ArtemisBroker.USER);
        environment.put("REVEILLE_BROKER_PASSWORD", ArtemisBroker.PASSWORD);
        environment.put("REVEILLE_ADMIN_PASSWORD", Cluster.ADMIN_PASSWORD);
        environment.put("REVEILLE_TLS_KEYSTORE_PASSWORD", "reveille-sites-keystore");
        environment.put("REVEILLE_SYNC_HOST_ID", hostId);
        var node =
            new Node(
                hostId + "-1",
                Cluster.jar(),
                directory.resolve("node"),
                base + 10 * (i + 1),
                environment);
        sites.add(new Site(hostId, broker, node));
      }
      var twoSites = new TwoSites(work, postgres, List.copyOf(sites));
      try {
        sites.forEach(site -> site.node().start());
        CompletableFuture.allOf(
                sites.stream()
                    .map(
                        site ->
                            CompletableFuture.runAsync(
                                () -> site.node().awaitReady(Cluster.NODE_START)))
                    .toArray(CompletableFuture[]::new))
            .join();
      } catch (RuntimeException | AssertionError e) {
        twoSites.close();
        throw e;
      }
      return twoSites;
    } catch (java.io.IOException | RuntimeException | AssertionError e) {
      for (var site : sites) {
        site.node().kill();
        site.broker().stop();
      }
      if (postgres != null) {
        postgres.destroy(work.resolve("logs"));
      }
      throw new IllegalStateException(
          "the two sites did not start (logs in " + work + "): " + e.getMessage(), e);
    }
  }

  Site a() {
    return sites.get(0);
  }

  Site b() {
    return sites.get(1);
  }

  Path work() {
    return work;
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
    for (var site : sites) {
      try {
        site.node().kill();
      } catch (RuntimeException e) {
        // Go on with the rest.
      }
      site.broker().stop();
    }
    postgres.destroy(work.resolve("logs"));
  }
}
