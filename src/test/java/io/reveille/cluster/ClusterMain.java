package io.reveille.cluster;

import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Runs a cluster until Ctrl-C: PostgreSQL, one Artemis broker and N Reveille nodes from the
 * runnable JAR, all on 127.0.0.1 (see {@link Cluster} for the settings); every {@code REVEILLE_*}
 * variable of its environment is passed to every node:
 *
 * <pre>
 * ./mvnw -Pdist,cluster -DskipTests package exec:exec -Dreveille.cluster.nodes=3
 * </pre>
 */
public final class ClusterMain {

  private ClusterMain() {}

  public static void main(String[] args) throws InterruptedException {
    var missing = Cluster.missing();
    if (missing != null) {
      System.err.println("Cannot start a cluster: " + missing);
      System.exit(2);
    }
    // Every REVEILLE_* variable of this environment is a setting of every node.
    var settings =
        System.getenv().entrySet().stream()
            .filter(
                e -> e.getKey().startsWith("REVEILLE_") && !e.getKey().equals("REVEILLE_PG_BIN"))
            .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    var cluster = Cluster.start(settings);
    System.out.println("Cluster up; logs in " + cluster.work());
    for (var node : cluster.nodes()) {
      System.out.println(
          "  " + node.id() + ": " + node.baseUri() + " (admin / " + Cluster.ADMIN_PASSWORD + ")");
    }
    System.out.println("  broker: " + cluster.brokerUrl() + " (" + cluster.brokerUser() + ")");
    System.out.println("Ctrl-C stops everything.");
    // The shutdown hook stops the cluster when Ctrl-C ends the JVM.
    new CountDownLatch(1).await();
  }
}
