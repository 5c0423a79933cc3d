package io.reveille.messaging.broker;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQInterceptorRejectedPacketException;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.remoting.impl.netty.NettyConnection;
import org.apache.activemq.artemis.core.server.LargeServerMessage;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerPlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

/**
 * Refuses, at the broker, a message to one address that is larger than a limit, whatever the
 * protocol that brought it (CORE, AMQP, STOMP, MQTT): the producer gets the broker's error, and the
 * message is neither stored nor delivered.
 *
 * <p>Why a broker plugin: Artemis bounds an address as a whole ({@code max-size-bytes}), which a
 * single huge message still passes while the address is below its limit, and has no limit per
 * message. Without one, a producer's few hundred-megabyte messages reach the consumer, which must
 * load a body to find it too large, several sessions at once.
 *
 * <p>The size is the broker's own count of the whole message ({@link
 * Message#getWholeMessageSize()}): headers, properties and body as the protocol encoded them (a
 * CORE or STOMP text body in UTF-16, an AMQP message as sent). It is known only once the message
 * has arrived: a large CORE or AMQP message has been streamed to the broker's large-message
 * directory by then, and this removes that file when it refuses. A message that names no address is
 * checked too, since its destination is not known here. STOMP is the exception: Artemis reads a
 * STOMP frame whole, at a cost that grows with the square of its size, before the message exists,
 * so each STOMP connection also gets a {@link StompFrameGuard}, which refuses an oversized frame as
 * it arrives.
 *
 * <p>The embedded broker registers it in code; an external broker loads it from its {@code lib}
 * directory, named in {@code broker.xml} with the properties {@value #ADDRESS} and {@value
 * #MAX_MESSAGE_BYTES} (see docs/operations.md). So it uses nothing but Artemis (with the Netty it
 * ships) and the JDK. It implements the whole {@link ActiveMQServerPlugin} (every method but the
 * ones below is a no-op default), not just the callbacks it needs: {@code registerBrokerPlugin}
 * takes any part, but a {@code <broker-plugin>} of {@code broker.xml} must name a class of the
 * whole interface, and a broker refuses to start with any other.
 */
public final class MessageSizeLimit implements ActiveMQServerPlugin {

  /** The property naming the address whose messages are limited. */
  public static final String ADDRESS = "address";

  /** The property holding the largest message accepted, in bytes. */
  public static final String MAX_MESSAGE_BYTES = "max-message-bytes";

  /** Artemis's protocol name of STOMP connections. */
  private static final String STOMP = "STOMP";

  /**
   * The name of Artemis's own handler in a connection's pipeline, ahead of which the guard goes.
   */
  private static final String ARTEMIS_HANDLER = "handler";

  /** The smallest limit accepted: below it, ordinary batches with their headers would not fit. */
  static final long MIN_MESSAGE_BYTES = 64L * 1024;

  /** The largest limit accepted: above it, the limit no longer protects anything. */
  static final long MAX_MESSAGE_BYTES_BOUND = 256L * 1024 * 1024;

  private static final Logger LOG = Logger.getLogger(MessageSizeLimit.class.getName());

  private SimpleString address;
  private long maxMessageBytes;

  /** For an external broker, which configures it through {@link #init(Map)}. */
  public MessageSizeLimit() {}

  MessageSizeLimit(String address, long maxMessageBytes) {
    configure(address, maxMessageBytes);
  }

  @Override
  public void init(Map<String, String> properties) {
    var limit = properties.get(MAX_MESSAGE_BYTES);
    if (limit == null || limit.isBlank()) {
      throw new IllegalArgumentException(
          getClass().getSimpleName() + ": the property " + MAX_MESSAGE_BYTES + " is required");
    }
    try {
      configure(properties.get(ADDRESS), Long.parseLong(limit.strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          getClass().getSimpleName() + ": " + MAX_MESSAGE_BYTES + " is not a number of bytes", e);
    }
  }

  private void configure(String address, long maxMessageBytes) {
    if (address == null || address.isBlank()) {
      throw new IllegalArgumentException(
          getClass().getSimpleName() + ": the property " + ADDRESS + " is required");
    }
    this.address = SimpleString.of(address.strip());
    this.maxMessageBytes = bounded(maxMessageBytes);
  }

  /** {@code maxMessageBytes} when inside the accepted bounds; otherwise why not. */
  static long bounded(long maxMessageBytes) {
    if (maxMessageBytes < MIN_MESSAGE_BYTES || maxMessageBytes > MAX_MESSAGE_BYTES_BOUND) {
      throw new IllegalArgumentException(
          "the largest message must be between "
              + MIN_MESSAGE_BYTES
              + " and "
              + MAX_MESSAGE_BYTES_BOUND
              + " bytes, not "
              + maxMessageBytes);
    }
    return maxMessageBytes;
  }

  long maxMessageBytes() {
    return maxMessageBytes;
  }

  /**
   * Puts a {@link StompFrameGuard} in front of a new STOMP connection's handler. Called on the
   * connection's event loop while Artemis sets it up, before it passes on the first bytes, so the
   * guard reads the connection from its first frame. Where the pipeline is not the one expected
   * (another transport, another Artemis), STOMP messages are still refused by {@link #beforeSend},
   * only once they are whole.
   */
  @Override
  public void afterCreateConnection(RemotingConnection connection) {
    if (!STOMP.equals(connection.getProtocolName())
        || !(connection.getTransportConnection() instanceof NettyConnection netty)) {
      return;
    }
    var pipeline = netty.getChannel().pipeline();
    if (pipeline.get(ARTEMIS_HANDLER) == null || pipeline.get(StompFrameGuard.NAME) != null) {
      LOG.log(
          Level.FINE,
          "No STOMP frame guard for {0}: the broker checks its messages whole",
          connection.getRemoteAddress());
      return;
    }
    pipeline.addBefore(
        ARTEMIS_HANDLER,
        StompFrameGuard.NAME,
        new StompFrameGuard(address.toString(), maxMessageBytes));
  }

  @Override
  public void beforeSend(
      ServerSession session,
      Transaction tx,
      Message message,
      boolean direct,
      boolean noAutoCreateQueue)
      throws ActiveMQException {
    var target = message.getAddressSimpleString();
    if (target != null && !address.equals(target)) {
      return;
    }
    var size = message.getWholeMessageSize();
    if (size <= maxMessageBytes) {
      return;
    }
    if (message instanceof LargeServerMessage large) {
      // Not every protocol removes the streamed body when a send fails; removing it twice is safe.
      try {
        large.deleteFile();
      } catch (Exception e) {
        LOG.log(Level.WARNING, "Could not remove the body of a refused message", e);
      }
    }
    var user = session == null ? null : session.getValidatedUser();
    LOG.log(
        Level.WARNING,
        "Refused a message of {0} bytes to {1} from {2}: the limit is {3} bytes",
        new Object[] {size, address, user == null ? "(unknown)" : user, maxMessageBytes});
    throw new ActiveMQInterceptorRejectedPacketException(
        "message of "
            + size
            + " bytes refused: "
            + address
            + " accepts messages of at most "
            + maxMessageBytes
            + " bytes");
  }
}
