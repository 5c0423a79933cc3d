package io.reveille.messaging;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.Forgery;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Producers that are not Java: a batch sent over AMQP 1.0 by Qpid Proton's Python client, over
 * STOMP and over MQTT wakes an agent through the same broker port and the same producer login; with
 * no login, each protocol is turned away; and none can pass a batch off as Reveille's own, neither
 * by naming the server's login as the sender nor by sending to the queue of Reveille's own batches.
 * Runs against the embedded broker and the external one.
 *
 * <p>The STOMP and MQTT clients here are a few frames written by hand on a socket: the protocols
 * are small enough that this is the real wire format, with no client library in between.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ProtocolProducersIT {

  /** Debian's interpreter, where {@code python3-qpid-proton} installs the {@code proton} module. */
  private static final String PYTHON = "/usr/bin/python3";

  private static final Duration WAKE = Duration.ofSeconds(60);

  private final Api api = new Api();
  private final Agents agents = new Agents(api);

  @Test
  void aBatchOverAmqpFromPythonWakesAnAgent() throws Exception {
    requireProton();
    var agentId = agents.createCustom("Woken over AMQP");
    var entity = "amqp-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    var login = Broker.producerLogin();

    var sent = amqpSend("reveille.notifications", login[0], login[1], Broker.batch(entity));

    assertEquals(0, sent.exitCode(), sent.output());
    await().atMost(WAKE).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
  }

  @Test
  void amqpWithoutALoginOrToTheWakeQueueIsRefused() throws Exception {
    requireProton();
    var anonymous = amqpSend("reveille.notifications", "", "", Broker.batch("amqp-anonymous"));
    assertEquals(2, anonymous.exitCode(), anonymous.output());

    var login = Broker.producerLogin();
    var wakes = amqpSend("reveille.wakes", login[0], login[1], "{\"schemaVersion\":1}");
    assertEquals(2, wakes.exitCode(), wakes.output());
  }

  @Test
  void aBatchOverStompWakesAnAgent() throws IOException {
    var agentId = agents.createCustom("Woken over STOMP");
    var entity = "stomp-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    var login = Broker.producerLogin();

    try (var stomp = new Stomp()) {
      var connected = stomp.connect(login[0], login[1]);
      assertEquals("CONNECTED", connected.command(), connected.toString());
      var receipt = stomp.send("reveille.notifications", Broker.batch(entity));
      assertEquals("RECEIPT", receipt.command(), receipt.toString());
    }
    await().atMost(WAKE).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
  }

  @Test
  void stompWithoutALoginOrToTheWakeQueueIsRefused() throws IOException {
    try (var stomp = new Stomp()) {
      var refused = stomp.connect(null, null);
      assertEquals("ERROR", refused.command(), refused.toString());
    }
    var login = Broker.producerLogin();
    try (var stomp = new Stomp()) {
      assertEquals("CONNECTED", stomp.connect(login[0], login[1]).command());
      var refused = stomp.send("reveille.wakes", "{\"schemaVersion\":1}");
      assertEquals("ERROR", refused.command(), refused.toString());
    }
  }

  @Test
  void aBatchOverMqttWakesAnAgent() throws IOException {
    var agentId = agents.createCustom("Woken over MQTT");
    var entity = "mqtt-" + UUID.randomUUID();
    agents.subscribe(agentId, "{\"entityIds\":[\"" + entity + "\"]}");
    var login = Broker.producerLogin();

    try (var mqtt = new Mqtt()) {
      assertEquals(0, mqtt.connect(login[0], login[1]), "CONNACK return code");
      // MQTT topic levels are separated by '/', which the broker maps to its '.'.
      assertTrue(mqtt.publishAtLeastOnce("reveille/notifications", Broker.batch(entity)), "PUBACK");
    }
    await().atMost(WAKE).until(() -> !agents.completedRuns(agentId, "subscription").isEmpty());
  }

  @Test
  void mqttWithoutALoginOrToTheWakeQueueIsRefused() throws IOException {
    try (var mqtt = new Mqtt()) {
      assertNotEquals(0, mqtt.connect(null, null), "CONNACK return code");
    }
    var login = Broker.producerLogin();
    try (var mqtt = new Mqtt()) {
      assertEquals(0, mqtt.connect(login[0], login[1]), "CONNACK return code");
      // An MQTT 3.1.1 server has no refusal for a PUBLISH: it closes the connection instead.
      assertFalse(mqtt.publishAtLeastOnce("reveille/wakes", "{\"schemaVersion\":1}"), "PUBACK");
    }
  }

  // --- A producer passing a batch off as Reveille's own, by each protocol's means ---

  @Test
  void anAmqpBatchNamingTheServersLoginAsItsUserIdKeepsNoClaimOfAuthorship() throws Exception {
    requireProton();
    var forgery = Forgery.against(api, "AMQP");
    var login = Broker.producerLogin();
    // properties.user-id is the sender's to write, and the broker passes it on as JMSXUserID.
    var own =
        amqpSend(
            Broker.OWN_NOTIFICATIONS,
            login[0],
            login[1],
            forgery.batch().document(),
            Broker.serverUser());
    assertEquals(2, own.exitCode(), "only Reveille's own login may send there: " + own.output());

    var forged = forgery.batch();
    var sent =
        amqpSend(
            "reveille.notifications", login[0], login[1], forged.document(), Broker.serverUser());
    assertEquals(0, sent.exitCode(), sent.output());
    forgery.assertClaimDroppedAndVictimWoken(forged);
  }

  @Test
  void aStompBatchNamingTheServersLoginInItsHeadersKeepsNoClaimOfAuthorship() throws IOException {
    var forgery = Forgery.against(api, "STOMP");
    var login = Broker.producerLogin();
    var claimed =
        List.of("JMSXUserID:" + Broker.serverUser(), "_AMQ_VALIDATED_USER:" + Broker.serverUser());
    try (var stomp = new Stomp()) {
      assertEquals("CONNECTED", stomp.connect(login[0], login[1]).command());
      var refused = stomp.send(Broker.OWN_NOTIFICATIONS, forgery.batch().document(), claimed);
      assertEquals("ERROR", refused.command(), refused.toString());
    }
    var forged = forgery.batch();
    try (var stomp = new Stomp()) {
      assertEquals("CONNECTED", stomp.connect(login[0], login[1]).command());
      var receipt = stomp.send("reveille.notifications", forged.document(), claimed);
      assertEquals("RECEIPT", receipt.command(), receipt.toString());
    }
    forgery.assertClaimDroppedAndVictimWoken(forged);
  }

  @Test
  void anMqttBatchClaimingReveillesAuthorshipKeepsNoClaim() throws IOException {
    var forgery = Forgery.against(api, "MQTT");
    var login = Broker.producerLogin();
    try (var mqtt = new Mqtt()) {
      assertEquals(0, mqtt.connect(login[0], login[1]), "CONNACK return code");
      assertFalse(
          mqtt.publishAtLeastOnce("reveille/own-notifications", forgery.batch().document()),
          "only Reveille's own login may send there");
    }
    var forged = forgery.batch();
    try (var mqtt = new Mqtt()) {
      assertEquals(0, mqtt.connect(login[0], login[1]), "CONNACK return code");
      assertTrue(mqtt.publishAtLeastOnce("reveille/notifications", forged.document()), "PUBACK");
    }
    forgery.assertClaimDroppedAndVictimWoken(forged);
  }

  // --- AMQP 1.0: Qpid Proton's Python client ---

  private record Outcome(int exitCode, String output) {}

  /**
   * The AMQP test needs Debian's {@code python3-qpid-proton}: the CI run installs it and sets
   * {@code REVEILLE_IT_REQUIRE_PROTON}, so there a missing module fails; elsewhere the test is
   * skipped with the package to install.
   */
  private static void requireProton() throws IOException, InterruptedException {
    var probe = run(List.of(PYTHON, "-c", "import proton"), "");
    if (probe.exitCode() == 0) {
      return;
    }
    if (System.getenv("REVEILLE_IT_REQUIRE_PROTON") != null) {
      fail("python3-qpid-proton is required here but " + PYTHON + " cannot import it");
    }
    Assumptions.abort("AMQP producer test needs Debian's python3-qpid-proton for " + PYTHON);
  }

  private static Outcome amqpSend(String address, String user, String password, String body)
      throws IOException, InterruptedException, URISyntaxException {
    return amqpSend(address, user, password, body, null);
  }

  /** Sends {@code body}; {@code userId}, when not null, as the message's {@code user-id}. */
  private static Outcome amqpSend(
      String address, String user, String password, String body, String userId)
      throws IOException, InterruptedException, URISyntaxException {
    var script = Path.of(ProtocolProducersIT.class.getResource("/protocols/amqp-send.py").toURI());
    var command =
        new ArrayList<>(
            List.of(PYTHON, script.toString(), Broker.hostAndPort(), address, user, password));
    if (userId != null) {
      command.add(userId);
    }
    return run(command, body);
  }

  private static Outcome run(List<String> command, String input)
      throws IOException, InterruptedException {
    var process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try (var stdin = process.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
    }
    var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("gave up waiting for " + command + ": " + output);
    }
    return new Outcome(process.exitValue(), output);
  }

  // --- STOMP 1.2 ---

  private record Frame(String command, List<String> headers, String body) {}

  /** One STOMP connection: frames written and read by hand. */
  private static final class Stomp implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;

    Stomp() throws IOException {
      socket = brokerSocket();
      in = socket.getInputStream();
    }

    Frame connect(String login, String passcode) throws IOException {
      var headers = new ArrayList<>(List.of("accept-version:1.2", "host:127.0.0.1"));
      if (login != null) {
        headers.add("login:" + login);
        headers.add("passcode:" + passcode);
      }
      write("CONNECT", headers, "");
      return read();
    }

    /** Sends a text frame (no content-length, so the broker keeps it as text) with a receipt. */
    Frame send(String destination, String body) throws IOException {
      return send(destination, body, List.of());
    }

    /** The same, with these headers too (which the broker makes message properties). */
    Frame send(String destination, String body, List<String> extraHeaders) throws IOException {
      var headers =
          new ArrayList<>(
              List.of(
                  "destination:" + destination,
                  "destination-type:ANYCAST",
                  "content-type:application/json",
                  "receipt:sent"));
      headers.addAll(extraHeaders);
      write("SEND", headers, body);
      return read();
    }

    private void write(String command, List<String> headers, String body) throws IOException {
      var frame = new StringBuilder(command).append('\n');
      headers.forEach(header -> frame.append(header).append('\n'));
      frame.append('\n').append(body).append('\0');
      socket.getOutputStream().write(frame.toString().getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
    }

    private Frame read() throws IOException {
      var bytes = new ByteArrayOutputStream();
      int next;
      while ((next = in.read()) != -1 && next != 0) {
        if (bytes.size() == 0 && (next == '\n' || next == '\r')) {
          continue; // heart-beats between frames
        }
        bytes.write(next);
      }
      var text = bytes.toString(StandardCharsets.UTF_8);
      var split = text.indexOf("\n\n");
      var head = (split < 0 ? text : text.substring(0, split)).lines().toList();
      if (head.isEmpty()) {
        return new Frame("(connection closed)", List.of(), "");
      }
      return new Frame(
          head.get(0), head.subList(1, head.size()), split < 0 ? "" : text.substring(split + 2));
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  // --- MQTT 3.1.1 ---

  /** One MQTT connection: packets written and read by hand. */
  private static final class Mqtt implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;

    Mqtt() throws IOException {
      socket = brokerSocket();
      in = new DataInputStream(socket.getInputStream());
    }

    /** CONNECT with a clean session; returns the CONNACK's return code (0 is accepted). */
    int connect(String user, String password) throws IOException {
      var variable = new ByteArrayOutputStream();
      writeString(variable, "MQTT");
      variable.write(4); // protocol level 3.1.1
      variable.write(0x02 | (user == null ? 0 : 0xC0)); // clean session, user name and password
      variable.write(0);
      variable.write(60); // keep-alive seconds
      writeString(variable, "reveille-it-" + UUID.randomUUID().toString().substring(0, 8));
      if (user != null) {
        writeString(variable, user);
        writeString(variable, password);
      }
      writePacket(0x10, variable.toByteArray());
      var type = in.read();
      if (type == -1) {
        return -1; // closed without an answer: refused
      }
      assertEquals(0x20, type, "CONNACK");
      assertEquals(2, in.read());
      in.read(); // session present
      return in.read();
    }

    /** PUBLISH at QoS 1; true when the broker acknowledges it with a PUBACK. */
    boolean publishAtLeastOnce(String topic, String payload) throws IOException {
      var packet = new ByteArrayOutputStream();
      writeString(packet, topic);
      packet.write(0);
      packet.write(1); // packet identifier 1
      packet.write(payload.getBytes(StandardCharsets.UTF_8));
      writePacket(0x32, packet.toByteArray());
      return in.read() == 0x40 && in.read() == 2 && in.readUnsignedShort() == 1;
    }

    private void writePacket(int header, byte[] rest) throws IOException {
      var packet = new ByteArrayOutputStream();
      packet.write(header);
      var length = rest.length;
      do {
        var digit = length % 128;
        length /= 128;
        packet.write(length > 0 ? digit | 0x80 : digit);
      } while (length > 0);
      packet.write(rest);
      socket.getOutputStream().write(packet.toByteArray());
      socket.getOutputStream().flush();
    }

    private static void writeString(ByteArrayOutputStream out, String value) {
      var bytes = value.getBytes(StandardCharsets.UTF_8);
      out.write(bytes.length >> 8);
      out.write(bytes.length & 0xFF);
      out.write(bytes, 0, bytes.length);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  private static Socket brokerSocket() throws IOException {
    var hostAndPort = Broker.hostAndPort();
    var colon = hostAndPort.lastIndexOf(':');
    var socket =
        new Socket(
            hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
    socket.setSoTimeout(30_000);
    return socket;
  }
}
