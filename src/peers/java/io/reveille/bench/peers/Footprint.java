package io.reveille.bench.peers;

import io.reveille.cluster.Node;
import io.reveille.cluster.Postgres;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * Reveille's footprint: one server (the runnable JAR, 1 GB heap, embedded broker) on the harness's
 * PostgreSQL. It measures the time from launch until {@code /health/ready} answers (the runnable
 * JAR extracts itself on every launch, which is counted) and the resident memory after a quiet
 * minute: empty; after {@code count} custom agents with one subscription each were created over
 * REST; and after a restart with all of them in the database (the subscription index is loaded at
 * start-up).
 */
final class Footprint {

  private static final String NAME = "Reveille";
  private static final int CLIENTS = 8;
  private static final Duration QUIET = Duration.ofSeconds(60);

  private Footprint() {}

  /** One measurement: what was measured, the start-up time when there was one, and the memory. */
  record Reading(String state, Duration startup, long residentKibibytes) {

    static String header() {
      return "| server | launch until ready | resident memory after a quiet minute |\n"
          + "| --- | ---: | ---: |";
    }

    String row() {
      return String.format(
          "| %s | %s | %,d MiB |",
          state,
          startup == null ? "—" : String.format("%.1f s", startup.toMillis() / 1000.0),
          residentKibibytes / 1024);
    }
  }

  static List<Reading> measure(Postgres postgres, Path work, int count) throws Exception {
    var node = Node.standalone(work.resolve("reveille"), postgres, 9950, Map.of(), List.of());
    var pool = Executors.newFixedThreadPool(CLIENTS);
    var readings = new ArrayList<Reading>();
    try {
      var startup = start(node);
      readings.add(quiet(node, "empty database, first launch", startup));
      node.stop();
      startup = start(node);
      readings.add(quiet(node, "empty database, second launch", startup));
      var created = Instant.now();
      WakePath.subscribedAgents(node, pool, count, "fp");
      System.out.printf(
          "%s: %,d agents and subscriptions created in %s%n",
          NAME, count, Duration.between(created, Instant.now()));
      readings.add(
          quiet(
              node, String.format("%,d agents and subscriptions, created over REST", count), null));
      node.stop();
      startup = start(node);
      readings.add(
          quiet(
              node,
              String.format("%,d agents and subscriptions, after a restart", count),
              startup));
      return readings;
    } finally {
      pool.shutdownNow();
      node.stop();
    }
  }

  private static Duration start(Node node) {
    var launched = Instant.now();
    node.start();
    return Duration.between(launched, node.awaitReady(Duration.ofMinutes(10)));
  }

  /** The node's resident memory after {@link #QUIET} without load. */
  private static Reading quiet(Node node, String state, Duration startup) {
    Pause.of(QUIET);
    var reading = new Reading(state, startup, node.residentKibibytes());
    System.out.println(reading.row());
    return reading;
  }
}
