package io.reveille.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One external Apache Artemis broker of the harness's own (the distribution from Maven Central) on
 * 127.0.0.1, with Reveille's queues and the dead-letter policy docs/operations.md asks of an
 * external broker, and a login for the nodes.
 */
final class ArtemisBroker {

  static final String USER = "reveille";
  static final String PASSWORD = "reveille-cluster-broker";
  private static final String QUEUES =
      "reveille.notifications:anycast,reveille.own-notifications:anycast,"
          + "reveille.notifications.DLQ:anycast,reveille.wakes:anycast,reveille.wakes.DLQ:anycast,"
          + "reveille.sync.outbound:anycast,reveille.sync.inbound:anycast,"
          + "reveille.sync.inbound.DLQ:anycast";

  private final Path instance;
  private final Path log;
  private final int port;
  private Process process;

  private ArtemisBroker(Path instance, Path log, int port) {
    this.instance = instance;
    this.log = log;
    this.port = port;
  }

  /**
   * Creates a broker instance in {@code work}/broker from the distribution {@code distribution} (an
   * {@code apache-artemis-<version>-bin.tar.gz}, unpacked once beside it), and starts it.
   */
  static ArtemisBroker create(Path distribution, Path work, int port) {
    return create(distribution, work, port, Optional.empty());
  }

  /** The login the peer sites' bridges use: it may only send sync records in. */
  static final String SYNC_USER = "reveille-sync";

  static final String SYNC_PASSWORD = "reveille-cluster-sync";

  /**
   * A broker of one site of a multi-site pair: as {@link #create(Path, Path, int)}, plus the sync
   * login (allowed only to send to {@code reveille.sync.inbound}) and, when {@code peerPort} is
   * given, a core bridge from its {@code reveille.sync.outbound} to the peer broker's {@code
   * reveille.sync.inbound}, logged in there with the sync login, retrying for ever.
   */
  static ArtemisBroker create(Path distribution, Path work, int port, Optional<Integer> peerPort) {
    var home = unpacked(distribution);
    var instance = work.resolve("broker");
    var log = work.resolve("logs").resolve("artemis.log");
    Processes.run(
        List.of(
            home.resolve("bin").resolve("artemis").toString(),
            "create",
            instance.toString(),
            "--silent",
            "--no-web",
            "--nio",
            "--host",
            "127.0.0.1",
            "--port-offset",
            Integer.toString(port - 61616),
            "--user",
            USER,
            "--password",
            PASSWORD,
            "--require-login",
            "--queues",
            QUEUES),
        work.resolve("logs").resolve("artemis-create.log"),
        Duration.ofSeconds(120));
    var brokerXml = instance.resolve("etc").resolve("broker.xml");
    try {
      var xml = Files.readString(brokerXml);
      var policy = new StringBuilder("<address-settings>");
      // Reveille's own batches dead-letter with the producers'.
      var deadLetters =
          Map.of(
              "reveille.notifications", "reveille.notifications.DLQ",
              "reveille.own-notifications", "reveille.notifications.DLQ",
              "reveille.wakes", "reveille.wakes.DLQ");
      for (var queue : deadLetters.entrySet()) {
        policy
            .append("<address-setting match=\"")
            .append(queue.getKey())
            .append("\"><dead-letter-address>")
            .append(queue.getValue())
            .append("</dead-letter-address><max-delivery-attempts>10</max-delivery-attempts>")
            .append("<redelivery-delay>1000</redelivery-delay>")
            .append("<redelivery-delay-multiplier>2.0</redelivery-delay-multiplier>")
            .append("<max-redelivery-delay>60000</max-redelivery-delay></address-setting>");
      }
      if (!xml.contains("<address-settings>")) {
        throw new IllegalStateException("no <address-settings> in " + brokerXml);
      }
      if (!xml.contains("<security-settings>")) {
        throw new IllegalStateException("no <security-settings> in " + brokerXml);
      }
      // Messages carry the login that sent them, for the logs (Reveille tells its own batches by
      // their queue, reveille.own-notifications, which the nodes' login alone may send to).
      Files.writeString(
          brokerXml,
          xml.replaceFirst("<address-settings>", policy.toString())
              .replaceFirst(
                  "<security-settings>",
                  "<populate-validated-user>true</populate-validated-user><security-settings>"));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    if (peerPort.isPresent()) {
      siteOfAPair(instance, peerPort.get());
    }
    var broker = new ArtemisBroker(instance, log, port);
    broker.start();
    return broker;
  }

  /** The sync login, its permissions and the bridge to the peer, as docs/operations.md shows. */
  private static void siteOfAPair(Path instance, int peerPort) {
    var etc = instance.resolve("etc");
    try {
      var brokerXml = etc.resolve("broker.xml");
      var xml = Files.readString(brokerXml);
      var amq =
          "<permission type=\"consume\" roles=\"amq\"/><permission type=\"browse\" roles=\"amq\"/>"
              + "<permission type=\"createAddress\" roles=\"amq\"/>"
              + "<permission type=\"deleteAddress\" roles=\"amq\"/>"
              + "<permission type=\"createDurableQueue\" roles=\"amq\"/>"
              + "<permission type=\"deleteDurableQueue\" roles=\"amq\"/>"
              + "<permission type=\"createNonDurableQueue\" roles=\"amq\"/>"
              + "<permission type=\"deleteNonDurableQueue\" roles=\"amq\"/>"
              + "<permission type=\"manage\" roles=\"amq\"/>";
      var bridge =
          "<connectors><connector name=\"peer\">tcp://127.0.0.1:"
              + peerPort
              + "</connector></connectors><bridges><bridge name=\"reveille-sync-to-peer\">"
              + "<queue-name>reveille.sync.outbound</queue-name>"
              + "<forwarding-address>reveille.sync.inbound</forwarding-address>"
              + "<retry-interval>500</retry-interval>"
              + "<retry-interval-multiplier>2.0</retry-interval-multiplier>"
              + "<max-retry-interval>5000</max-retry-interval>"
              + "<reconnect-attempts>-1</reconnect-attempts>"
              + "<use-duplicate-detection>true</use-duplicate-detection>"
              + "<confirmation-window-size>1048576</confirmation-window-size>"
              + "<user>"
              + SYNC_USER
              + "</user><password>"
              + SYNC_PASSWORD
              + "</password>"
              + "<static-connectors><connector-ref>peer</connector-ref></static-connectors>"
              + "</bridge></bridges>";
      if (!xml.contains("<acceptors>") || xml.contains("<connectors>")) {
        throw new IllegalStateException("unexpected <acceptors>/<connectors> in " + brokerXml);
      }
      Files.writeString(
          brokerXml,
          xml.replaceFirst(
                  "<acceptors>", java.util.regex.Matcher.quoteReplacement(bridge) + "<acceptors>")
              .replaceFirst(
                  "<security-settings>",
                  java.util.regex.Matcher.quoteReplacement(
                      "<security-settings><security-setting match=\"reveille.sync.inbound\">"
                          + "<permission type=\"send\" roles=\"amq,reveille-sync\"/>"
                          + amq
                          + "</security-setting>")));
      Files.writeString(
          etc.resolve("artemis-users.properties"),
          "\n" + SYNC_USER + " = " + SYNC_PASSWORD + "\n",
          java.nio.file.StandardOpenOption.APPEND);
      Files.writeString(
          etc.resolve("artemis-roles.properties"),
          "\nreveille-sync = " + SYNC_USER + "\n",
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The distribution's home, unpacked once. Harnesses start concurrently (the shared cluster beside
   * the two sites): the first unpacks into a directory of its own and renames it into place, so
   * nobody runs {@code bin/artemis} from a half-written tree.
   */
  private static synchronized Path unpacked(Path distribution) {
    var name = distribution.getFileName().toString().replace("-bin.tar.gz", "");
    var home = distribution.resolveSibling(name);
    if (Files.isDirectory(home)) {
      return home;
    }
    try {
      var scratch = Files.createTempDirectory(distribution.getParent(), "unpack-");
      Processes.run(
          List.of("tar", "-xzf", distribution.toString(), "-C", scratch.toString()),
          scratch.resolveSibling(scratch.getFileName() + ".log"),
          Duration.ofSeconds(120));
      try {
        Files.move(scratch.resolve(name), home, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      } catch (java.nio.file.FileAlreadyExistsException
          | java.nio.file.DirectoryNotEmptyException e) {
        // Another JVM unpacked it first: its tree is whole; this one is left in target/.
      }
    } catch (IOException e) {
      throw new IllegalStateException("could not unpack " + distribution, e);
    }
    return home;
  }

  int port() {
    return port;
  }

  String url() {
    return "tcp://127.0.0.1:" + port;
  }

  /** A connection factory logged in as the nodes' login, which may do anything (manage too). */
  jakarta.jms.ConnectionFactory connectionFactory() {
    return new org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory(
        url(), USER, PASSWORD);
  }

  /** Starts the broker and waits until its acceptors are up. */
  synchronized void start() {
    if (process != null && process.isAlive()) {
      throw new IllegalStateException("the broker runs already");
    }
    long before = logSize();
    process =
        Processes.start(
            List.of(instance.resolve("bin").resolve("artemis").toString(), "run"), log, Map.of());
    // The launcher, and whatever it starts (the broker's JVM, if the launcher does not exec it).
    var recorded = new java.util.HashSet<Long>();
    recordProcesses(recorded);
    var deadline = Instant.now().plus(Duration.ofSeconds(120));
    while (Instant.now().isBefore(deadline)) {
      recordProcesses(recorded);
      if (logSince(before).contains("AMQ221007")) {
        return;
      }
      if (!process.isAlive()) {
        throw new IllegalStateException("the broker exited; see " + log);
      }
      Cluster.pause(Duration.ofMillis(200));
    }
    throw new IllegalStateException("the broker did not start within 120 s; see " + log);
  }

  private void recordProcesses(java.util.Set<Long> recorded) {
    if (recorded.add(process.pid())) {
      Processes.record(process.pid(), "broker");
    }
    process
        .descendants()
        .filter(child -> recorded.add(child.pid()))
        .forEach(child -> Processes.record(child.pid(), "broker"));
  }

  /** A graceful stop (SIGTERM: the broker closes its journal). */
  synchronized void stop() {
    if (process == null) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // The launcher script's JVM is a child: make sure nothing holds the port.
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process = null;
  }

  /** Starts the broker unless it runs. */
  synchronized void startIfStopped() {
    if (process == null || !process.isAlive()) {
      start();
    }
  }

  void restart() {
    stop();
    start();
  }

  private long logSize() {
    try {
      return Files.exists(log) ? Files.size(log) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private String logSince(long offset) {
    try (var file = new java.io.RandomAccessFile(log.toFile(), "r")) {
      file.seek(Math.min(offset, file.length()));
      var bytes = new byte[(int) (file.length() - file.getFilePointer())];
      file.readFully(bytes);
      return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
