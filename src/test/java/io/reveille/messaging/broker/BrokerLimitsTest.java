package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerLimitsTest {

  @TempDir Path data;

  @Test
  void theEmbeddedBrokerFailsSendsToAFullNotificationsQueueAndPagesEverythingElse()
      throws Exception {
    var config = new EmbeddedBrokerResourceAdapter().brokerConfiguration("tcp://127.0.0.1:0", data);
    var settings = config.getAddressSettings();

    var notifications = settings.get(EmbeddedBrokerResourceAdapter.NOTIFICATIONS);
    assertEquals(AddressFullMessagePolicy.FAIL, notifications.getAddressFullMessagePolicy());
    assertEquals(
        BrokerLimits.DEFAULT_NOTIFICATIONS_MAX_SIZE_BYTES, notifications.getMaxSizeBytes());
    for (var paged : new String[] {EmbeddedBrokerResourceAdapter.WAKES, "#"}) {
      assertEquals(
          AddressFullMessagePolicy.PAGE, settings.get(paged).getAddressFullMessagePolicy(), paged);
      assertEquals(BrokerLimits.DEFAULT_MAX_SIZE_BYTES, settings.get(paged).getMaxSizeBytes());
    }
    // The dead-letter settings are still there: the limits were added, nothing replaced.
    assertEquals(
        EmbeddedBrokerResourceAdapter.NOTIFICATIONS_DLQ,
        notifications.getDeadLetterAddress().toString());
    var limits =
        config.getBrokerMessagePlugins().stream()
            .filter(MessageSizeLimit.class::isInstance)
            .map(MessageSizeLimit.class::cast)
            .toList();
    assertEquals(1, limits.size());
    assertEquals(BrokerLimits.DEFAULT_MAX_MESSAGE_BYTES, limits.get(0).maxMessageBytes());
  }

  @Test
  void theDefaultMessageLimitHoldsTheLargestBatchTheConsumerReadsAsUtf16Text() {
    assertTrue(
        BrokerLimits.DEFAULT_MAX_MESSAGE_BYTES
            > 2 * io.reveille.messaging.JmsBodies.MAX_BODY_BYTES);
  }

  @Test
  void aLimitOutsideItsBoundsStopsTheBrokerFromStartingWithTheSettingNamed() {
    var adapter = new EmbeddedBrokerResourceAdapter();
    adapter.setMaxMessageBytes(1024L);
    var tooSmall =
        assertThrows(
            IllegalArgumentException.class,
            () -> adapter.brokerConfiguration("tcp://127.0.0.1:0", data));
    assertTrue(tooSmall.getMessage().startsWith("reveille.broker.max.message.bytes"));

    adapter.setMaxMessageBytes(BrokerLimits.DEFAULT_MAX_MESSAGE_BYTES);
    adapter.setNotificationsMaxSizeBytes(-1L);
    var unbounded =
        assertThrows(
            IllegalArgumentException.class,
            () -> adapter.brokerConfiguration("tcp://127.0.0.1:0", data));
    assertTrue(unbounded.getMessage().startsWith("reveille.broker.notifications.max.size.bytes"));

    adapter.setNotificationsMaxSizeBytes(BrokerLimits.DEFAULT_NOTIFICATIONS_MAX_SIZE_BYTES);
    adapter.setMaxSizeBytes(BrokerLimits.MAX_ADDRESS_BYTES + 1);
    assertThrows(
        IllegalArgumentException.class,
        () -> adapter.brokerConfiguration("tcp://127.0.0.1:0", data));
  }
}
