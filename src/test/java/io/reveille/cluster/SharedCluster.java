package io.reveille.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.testing.ConversationModel;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Logger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The one cluster the cluster tests share ({@link ClusterIT}, {@link ChaosIT}): started by the
 * first test class that asks for it, kept in JUnit's root store and stopped once, when the whole
 * run ends (JUnit closes what its root store holds; {@link Cluster}'s shutdown hook, and CI's
 * record of every PID the harness started, stand behind that). A cluster's start costs about a
 * minute on two cores, which each class paid for before.
 *
 * <p>Its settings are the union of what the classes need, none of which changes what another
 * checks: a short run lease (20 s, renewed every 5 s, swept every 5 s) so that a dead node's run is
 * taken over within seconds; timers as often as every 10 s; every match waking at once; a short
 * failure back-off (a fault can fail a run, and an agent's next wake must not wait out the default
 * back-off); the scripted model of {@link #model()} as the inference endpoint, with timeouts above
 * a call held for two leases. The agents that think with the model name it ({@code
 * config.modelId}); the others keep the deterministic engine.
 *
 * <p>A class joins with {@code @ExtendWith(SharedCluster.Join.class)}, runs beside the tests on the
 * shared server ({@code @Execution(CONCURRENT)}: the cluster's start and its faults mostly wait)
 * and takes the {@code SharedCluster} as a parameter of its {@code @BeforeAll}, which only gets the
 * cluster ({@link #started()}). Every test method holds the nodes' resource lock, {@link #NODES}:
 * read by a test that needs them up, read-write by one that brings faults (so a fault in one never
 * breaks another's checks), and first brings back what the test before left down ({@link
 * Cluster#restoreHealth()}), under that lock.
 *
 * <p>Without PostgreSQL's binaries, the runnable JAR or the Artemis distribution ({@code
 * -Pdist,cluster}) the joining class is skipped, unless {@code REVEILLE_IT_REQUIRE_CLUSTER=1} (CI)
 * makes that a failure.
 */
final class SharedCluster implements AutoCloseable {

  static final Duration LEASE = Duration.ofSeconds(20);

  /** The nodes' resource lock: read by the tests that need them up, written by those that kill. */
  static final String NODES = "io.reveille.cluster.nodes";

  private static final Logger LOG = Logger.getLogger(SharedCluster.class.getName());
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SharedCluster.class);

  private final ConversationModel model = new ConversationModel();
  private Cluster cluster;

  /** The scripted model every node thinks with when an agent names one. */
  ConversationModel model() {
    return model;
  }

  /**
   * The cluster, started on the first call; later calls return it as it is (a test brings back what
   * is down under the {@link #NODES} lock, see {@link Cluster#restoreHealth()}).
   */
  synchronized Cluster started() {
    if (cluster == null) {
      var started = Instant.now();
      cluster = Cluster.start(settings());
      LOG.info(
          "Cluster of "
              + cluster.nodes().size()
              + " nodes up in "
              + Duration.between(started, Instant.now()).toSeconds()
              + " s; logs in "
              + cluster.work());
    }
    return cluster;
  }

  private Map<String, String> settings() {
    return Map.ofEntries(
        // Every match wakes at once: the most chances for two runs of one agent to meet.
        Map.entry("REVEILLE_WAKE_SUBSCRIPTION_THROTTLE_SECONDS", "0"),
        // Timers may fire every 10 s.
        Map.entry("REVEILLE_TIMER_MIN_INTERVAL_SECONDS", "10"),
        // A short lease, renewed every 5 s, and a sweep every 5 s: a dead node's run is taken over
        // within seconds of its lease.
        Map.entry("REVEILLE_WAKE_RUN_LEASE_SECONDS", Long.toString(LEASE.toSeconds())),
        Map.entry("REVEILLE_WAKE_HEARTBEAT_SECONDS", "5"),
        Map.entry("REVEILLE_WAKE_SWEEP_SECONDS", "5"),
        // 30 s doubling by default: a few failed runs in a row would hold an agent's next run
        // queued, by design, for longer than the checks wait for every run to end.
        Map.entry("REVEILLE_WAKE_FAILURE_BACKOFF_SECONDS", "5"),
        Map.entry("REVEILLE_WAKE_FAILURE_BACKOFF_MAX_SECONDS", "30"),
        Map.entry("REVEILLE_INFERENCE_BASE_URL", model.baseUrl()),
        Map.entry("REVEILLE_INFERENCE_MODEL", "cluster-test-model"),
        Map.entry("REVEILLE_INFERENCE_API_KEY", "sk-cluster-" + UUID.randomUUID()),
        // A model call held for two leases is not cut short by the model's timeouts.
        Map.entry("REVEILLE_INFERENCE_TIMEOUT_SECONDS", "300"),
        Map.entry("IO_REVEILLE_INFERENCE_CONTROL_INFERENCEGATEWAY_CHAT_TIMEOUT_VALUE", "310000"));
  }

  @Override
  public synchronized void close() {
    try {
      if (cluster != null) {
        cluster.close();
      }
    } finally {
      model.close();
    }
  }

  /**
   * Skips the class (or fails it, where {@code REVEILLE_IT_REQUIRE_CLUSTER=1}) when this machine
   * cannot run a cluster, and resolves {@code SharedCluster} parameters to the run's one.
   */
  static final class Join implements BeforeAllCallback, ParameterResolver {

    @Override
    public void beforeAll(ExtensionContext context) {
      var missing = Cluster.missing();
      if ("1".equals(System.getenv("REVEILLE_IT_REQUIRE_CLUSTER"))) {
        assertEquals(null, missing, "the cluster tests must run here");
      }
      Assumptions.assumeTrue(missing == null, () -> "No cluster on this machine: " + missing);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.getParameter().getType() == SharedCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return context
          .getRoot()
          .getStore(NAMESPACE)
          .getOrComputeIfAbsent(
              SharedCluster.class, key -> new SharedCluster(), SharedCluster.class);
    }
  }
}
