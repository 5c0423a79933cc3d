package io.reveille.messaging.broker;

import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/**
 * What the embedded broker holds at most, so that no producer can take the server's heap or disk
 * through it.
 *
 * <ul>
 *   <li>One message to {@code reveille.notifications}: at most {@code maxMessageBytes}, refused at
 *       the broker beyond ({@link MessageSizeLimit}). The default has room for the largest batch
 *       Reveille reads (4 MiB of UTF-8, which a CORE or STOMP text message carries as up to 8 MiB
 *       of UTF-16) and its headers, so the broker refuses nothing the consumer would accept.
 *   <li>{@code reveille.notifications} as a whole: at most {@code notificationsMaxSizeBytes} in
 *       memory; beyond, sends fail and producers get the broker's error (FAIL). Batches come from
 *       outside, and a producer that outruns Reveille for long should learn it, not fill the disk.
 *   <li>{@code reveille.wakes}, the dead-letter queues and every other address: at most {@code
 *       maxSizeBytes} each in memory; beyond, messages page to disk (PAGE). Wake jobs are
 *       Reveille's own and must not be lost; the broker's disk limit ({@code max-disk-usage}, 90 %
 *       by default) bounds the paging.
 * </ul>
 *
 * <p>An external broker needs the same settings in its {@code broker.xml}; docs/operations.md and
 * .ci/artemis/broker.xml carry them.
 */
record BrokerLimits(long maxMessageBytes, long notificationsMaxSizeBytes, long maxSizeBytes) {

  static final long DEFAULT_MAX_MESSAGE_BYTES = 8L * 1024 * 1024 + 64 * 1024;
  static final long DEFAULT_NOTIFICATIONS_MAX_SIZE_BYTES = 64L * 1024 * 1024;
  static final long DEFAULT_MAX_SIZE_BYTES = 32L * 1024 * 1024;

  /** The bounds of an address's limit: a MiB at least, a GiB at most (it is held in the heap). */
  static final long MIN_ADDRESS_BYTES = 1024L * 1024;

  static final long MAX_ADDRESS_BYTES = 1024L * 1024 * 1024;

  BrokerLimits {
    try {
      MessageSizeLimit.bounded(maxMessageBytes);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("reveille.broker.max.message.bytes: " + e.getMessage());
    }
    addressBounded("reveille.broker.notifications.max.size.bytes", notificationsMaxSizeBytes);
    addressBounded("reveille.broker.max.size.bytes", maxSizeBytes);
  }

  private static void addressBounded(String setting, long bytes) {
    if (bytes < MIN_ADDRESS_BYTES || bytes > MAX_ADDRESS_BYTES) {
      throw new IllegalArgumentException(
          setting
              + " must be between "
              + MIN_ADDRESS_BYTES
              + " and "
              + MAX_ADDRESS_BYTES
              + " bytes, not "
              + bytes);
    }
  }

  /**
   * Applies these limits to a broker configuration whose address settings for {@code #}, {@code
   * notifications} and {@code wakes} exist already.
   */
  void applyTo(Configuration config, String notifications, String wakes) {
    settings(config, notifications)
        .setMaxSizeBytes(notificationsMaxSizeBytes)
        .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL);
    for (var paged : new String[] {wakes, "#"}) {
      settings(config, paged)
          .setMaxSizeBytes(maxSizeBytes)
          .setAddressFullMessagePolicy(AddressFullMessagePolicy.PAGE);
    }
    config.registerBrokerPlugin(new MessageSizeLimit(notifications, maxMessageBytes));
  }

  private static AddressSettings settings(Configuration config, String match) {
    var settings = config.getAddressSettings().get(match);
    if (settings == null) {
      throw new IllegalStateException("no address settings for " + match + " to limit");
    }
    return settings;
  }
}
