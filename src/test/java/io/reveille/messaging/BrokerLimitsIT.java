package io.reveille.messaging;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The broker's limits, seen by a producer with a valid login: a 64 MiB message to {@code
 * reveille.notifications} over STOMP or AMQP 1.0 is refused by the broker itself (the producer gets
 * its error, and the message is neither queued, nor dead-lettered, nor left on the broker's disk),
 * and a normal batch sent right after it is delivered and wakes its agent. Runs against the
 * embedded broker and, in the second CI pass, the external one configured as docs/operations.md
 * says.
 *
 * <p>The oversized messages are streamed from a small reused chunk, never held whole by the test.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BrokerLimitsIT {

  private static final String PYTHON = "/usr/bin/python3";
  private static final int OVERSIZED_MIB = 64;
  private static final Duration WAKE = Duration.ofSeconds(60);

  /**
   * How long the broker may take to answer: it refuses an oversized STOMP frame as it arrives and
   * an AMQP message once streamed to its disk, a second or two either; this bounds a hang only.
   */
  private static final int ANSWER_MILLIS = 120_000;

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void a64MibMessageOverStompIsRefusedByTheBrokerAndTheNextBatchWakesItsAgent()
      throws IOException, JMSException {
    var agentId = agents.createCustom("Woken after an oversized STOMP message");
    var entity = "stomp-limit-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    var marker = UUID.randomUUID().toString();
    var login = Broker.producerLogin();
    var filesBefore = largeMessageFiles();

    try (var stomp = new Stomp()) {
      assertEquals("CONNECTED", stomp.connect(login[0], login[1]));
      var answer = stomp.sendOversized(marker, OVERSIZED_MIB * 1024L * 1024);
      // Refused as the frame arrived, by the guard in front of Artemis's STOMP decoder, which
      // names the limit (a frame the broker read whole would get Artemis's AMQ339011 only).
      assertTrue(answer.startsWith("ERROR"), answer);
      assertTrue(answer.contains("receipt-id:oversized"), answer);
      assertTrue(answer.contains("accepts messages of at most"), answer);
    }
    try (var stomp = new Stomp()) {
      assertEquals("CONNECTED", stomp.connect(login[0], login[1]));
      var answer = stomp.send(Broker.batch(entity));
      assertTrue(answer.startsWith("RECEIPT"), answer);
    }

    await().atMost(WAKE).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
    assertNothingKept(marker, filesBefore);
  }

  @Test
  void a64MibMessageOverAmqpIsRefusedByTheBrokerAndTheNextBatchOnTheSameLinkWakesItsAgent()
      throws Exception {
    requireProton();
    var agentId = agents.createCustom("Woken after an oversized AMQP message");
    var entity = "amqp-limit-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    var marker = UUID.randomUUID().toString();
    var login = Broker.producerLogin();
    var script =
        Path.of(BrokerLimitsIT.class.getResource("/protocols/amqp-send-oversized.py").toURI());
    var filesBefore = largeMessageFiles();

    var process =
        new ProcessBuilder(
                PYTHON,
                script.toString(),
                Broker.hostAndPort(),
                "reveille.notifications",
                login[0],
                login[1],
                Integer.toString(OVERSIZED_MIB),
                marker)
            .redirectErrorStream(true)
            .start();
    try (var stdin = process.getOutputStream()) {
      stdin.write(Broker.batch(entity).getBytes(StandardCharsets.UTF_8));
    }
    var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(ANSWER_MILLIS, TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      fail("gave up waiting for the AMQP producer: " + output);
    }

    assertEquals(0, process.exitValue(), output);
    assertTrue(output.contains("accepts messages of at most"), output);
    await().atMost(WAKE).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
    assertNothingKept(marker, filesBefore);
  }

  /**
   * The refused message is neither waiting in the queue nor in its dead letters, and the body the
   * broker had streamed to its disk is gone (checked on the embedded broker, whose files are here).
   */
  private static void assertNothingKept(String marker, Set<String> filesBefore)
      throws JMSException {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> filesBefore.containsAll(largeMessageFiles()));
    try (var connection = Broker.connectionFactory().createConnection()) {
      var session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      connection.start();
      for (var queue : List.of("reveille.notifications", "reveille.notifications.DLQ")) {
        try (var browser =
            session.createBrowser(session.createQueue(queue), "reveilleTest = '" + marker + "'")) {
          assertEquals(List.of(), Collections.list(browser.getEnumeration()), "kept in " + queue);
        }
      }
    }
  }

  /** The embedded broker's large-message files; none when the broker is an external one. */
  private static Set<String> largeMessageFiles() throws IOException {
    var directory =
        Path.of(
            System.getProperty("reveille.it.wlp", "target/liberty/wlp"),
            "usr",
            "servers",
            System.getProperty("reveille.it.server", "reveille-it"),
            "artemis-data",
            "large-messages");
    if (!Files.isDirectory(directory)) {
      return Set.of();
    }
    try (var files = Files.list(directory)) {
      return files.map(file -> file.getFileName().toString()).collect(Collectors.toSet());
    }
  }

  /**
   * The AMQP test needs Debian's {@code python3-qpid-proton}: where the CI run requires it ({@code
   * REVEILLE_IT_REQUIRE_PROTON}), a missing module fails; elsewhere the test is skipped.
   */
  private static void requireProton() throws IOException, InterruptedException {
    var probe = new ProcessBuilder(PYTHON, "-c", "import proton").redirectErrorStream(true).start();
    probe.getInputStream().readAllBytes();
    if (probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0) {
      return;
    }
    if (System.getenv("REVEILLE_IT_REQUIRE_PROTON") != null) {
      fail("python3-qpid-proton is required here but " + PYTHON + " cannot import it");
    }
    Assumptions.abort("AMQP limit test needs Debian's python3-qpid-proton for " + PYTHON);
  }

  /** One STOMP 1.2 connection, frames written by hand; answers are read as text. */
  private static final class Stomp implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    Stomp() throws IOException {
      var hostAndPort = Broker.hostAndPort();
      var colon = hostAndPort.lastIndexOf(':');
      socket =
          new Socket(
              hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
      socket.setSoTimeout(ANSWER_MILLIS);
      in = socket.getInputStream();
      out = socket.getOutputStream();
    }

    String connect(String login, String passcode) throws IOException {
      write(
          "CONNECT\naccept-version:1.2\nhost:127.0.0.1\nlogin:"
              + login
              + "\npasscode:"
              + passcode
              + "\n\n\0");
      return command(read());
    }

    String send(String batch) throws IOException {
      write(head("sent") + "\n" + batch + "\0");
      return read();
    }

    /**
     * A text frame (no content-length, so the broker reads up to the NUL) of a batch padded to
     * {@code padding} bytes, written a reused chunk at a time, whole, as a blocking client does:
     * the broker reads on after its refusal, so the error is read here, not a reset connection.
     */
    String sendOversized(String marker, long padding) throws IOException {
      write(
          head("oversized")
              + "reveilleTest:"
              + marker
              + "\n\n{\"schemaVersion\":1,\"batchId\":\"oversized-"
              + marker
              + "\",\"pad\":\"");
      var chunk = new byte[256 * 1024];
      Arrays.fill(chunk, (byte) 'x');
      for (long left = padding; left > 0; left -= chunk.length) {
        out.write(chunk, 0, (int) Math.min(chunk.length, left));
      }
      write("\"}\0");
      return read();
    }

    private static String head(String receipt) {
      return "SEND\ndestination:reveille.notifications\ndestination-type:ANYCAST\n"
          + "content-type:application/json\nreceipt:"
          + receipt
          + "\n";
    }

    private void write(String text) throws IOException {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      out.flush();
    }

    /** The next frame as text (up to its NUL), or a note that the connection closed first. */
    private String read() throws IOException {
      var frame = new ByteArrayOutputStream();
      int next;
      while ((next = in.read()) != -1 && next != 0) {
        if (frame.size() > 0 || (next != '\n' && next != '\r')) {
          frame.write(next);
        }
      }
      return frame.size() == 0 ? "(connection closed)" : frame.toString(StandardCharsets.UTF_8);
    }

    private static String command(String frame) {
      var end = frame.indexOf('\n');
      return end < 0 ? frame : frame.substring(0, end);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
