package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.FileDeploymentManager;
import org.apache.activemq.artemis.core.config.impl.FileConfiguration;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.server.LargeServerMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessageSizeLimitTest {

  private static final String NOTIFICATIONS = "reveille.notifications";
  private static final long LIMIT = 100_000;

  private final MessageSizeLimit limit = new MessageSizeLimit(NOTIFICATIONS, LIMIT);

  @Test
  void aMessageUpToTheLimitPassesAndOneAboveIsRefusedWithTheLimitNamed() {
    assertDoesNotThrow(() -> send(core(NOTIFICATIONS, 90_000)));

    var refused = assertThrows(ActiveMQException.class, () -> send(core(NOTIFICATIONS, 110_000)));

    assertTrue(refused.getMessage().contains("at most " + LIMIT + " bytes"), refused.getMessage());
  }

  @Test
  void otherAddressesAreNotLimitedButAMessageNamingNoAddressIs() {
    assertDoesNotThrow(() -> send(core("reveille.wakes", 500_000)));
    assertThrows(ActiveMQException.class, () -> send(core(null, 500_000)));
  }

  @Test
  void aRefusedLargeMessageHasItsStreamedBodyRemoved() {
    var deleted = new AtomicInteger();
    var large = large(NOTIFICATIONS, 64L * 1024 * 1024, deleted);

    assertThrows(ActiveMQException.class, () -> send(large));

    assertEquals(1, deleted.get());
  }

  @Test
  void anExternalBrokerConfiguresItByPropertiesWithinBounds() {
    var configured = new MessageSizeLimit();
    configured.init(
        Map.of(
            MessageSizeLimit.ADDRESS, NOTIFICATIONS, MessageSizeLimit.MAX_MESSAGE_BYTES, "70000"));
    assertEquals(70_000, configured.maxMessageBytes());

    for (var properties :
        java.util.List.of(
            Map.of(MessageSizeLimit.ADDRESS, NOTIFICATIONS),
            Map.of(MessageSizeLimit.MAX_MESSAGE_BYTES, "70000"),
            Map.of(
                MessageSizeLimit.ADDRESS, NOTIFICATIONS, MessageSizeLimit.MAX_MESSAGE_BYTES, "4k"),
            Map.of(
                MessageSizeLimit.ADDRESS, NOTIFICATIONS, MessageSizeLimit.MAX_MESSAGE_BYTES, "1"),
            Map.of(
                MessageSizeLimit.ADDRESS,
                NOTIFICATIONS,
                MessageSizeLimit.MAX_MESSAGE_BYTES,
                Long.toString(MessageSizeLimit.MAX_MESSAGE_BYTES_BOUND + 1)))) {
      assertThrows(
          IllegalArgumentException.class,
          () -> new MessageSizeLimit().init(properties),
          properties.toString());
    }
  }

  /**
   * The external broker of the second CI pass reads this {@code broker.xml}: Artemis's own parser
   * must accept the class as a {@code <broker-plugin>} (which takes only classes of the whole
   * plugin interface) and configure it from the file's properties.
   */
  @Test
  void theCiBrokerXmlLoadsItAsABrokerPluginWithItsLimit(@TempDir Path dir) throws Exception {
    var xml = Files.readString(Path.of(".ci/artemis/broker.xml")).replace("@BROKER_PORT@", "61616");
    var file = Files.writeString(dir.resolve("broker.xml"), xml);
    var configuration = new FileConfiguration();
    var deployment = new FileDeploymentManager(file.toUri().toString());
    deployment.addDeployable(configuration);

    deployment.readConfiguration();

    var plugins =
        configuration.getBrokerPlugins().stream()
            .filter(MessageSizeLimit.class::isInstance)
            .map(MessageSizeLimit.class::cast)
            .toList();
    assertEquals(1, plugins.size(), configuration.getBrokerPlugins().toString());
    assertEquals(8_454_144, plugins.get(0).maxMessageBytes());
  }

  private void send(Message message) throws ActiveMQException {
    limit.beforeSend(null, null, message, false, false);
  }

  private static Message core(String address, int bodyBytes) {
    var message = new CoreMessage().initBuffer(bodyBytes + 1024).setMessageID(1);
    if (address != null) {
      message.setAddress(address);
    }
    message.getBodyBuffer().writeBytes(new byte[bodyBytes]);
    return message;
  }

  /** A large message as the broker holds it: its body on disk, only its size known here. */
  private static Message large(String address, long size, AtomicInteger deleted) {
    return (Message)
        Proxy.newProxyInstance(
            MessageSizeLimitTest.class.getClassLoader(),
            new Class<?>[] {Message.class, LargeServerMessage.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getAddressSimpleString" -> SimpleString.of(address);
                  case "getWholeMessageSize" -> size;
                  case "deleteFile" -> {
                    deleted.incrementAndGet();
                    yield null;
                  }
                  case "toString" -> "large message";
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
