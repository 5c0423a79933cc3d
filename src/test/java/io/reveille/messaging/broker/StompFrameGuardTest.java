package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StompFrameGuardTest {

  private static final String NOTIFICATIONS = "reveille.notifications";
  private static final int LIMIT = 1000;

  private final EmbeddedChannel channel =
      new EmbeddedChannel(new StompFrameGuard(NOTIFICATIONS, LIMIT));

  @Test
  void framesWithinTheLimitPassUnchangedHoweverTheyAreSplit() {
    var stream =
        concat(
            ascii("CONNECT\naccept-version:1.2\nlogin:feeder\npasscode:secret\n\n\0\n"),
            ascii("\r\n\n"),
            ascii(send(NOTIFICATIONS, "r1", null) + "\n"),
            pad(LIMIT),
            ascii("\0"),
            // A declared length lets the body hold NULs; the frame ends after it.
            ascii(send(NOTIFICATIONS, "r2", LIMIT) + "\n"),
            zeros(LIMIT),
            ascii("\0\r\n"),
            ascii("SUBSCRIBE\ndestination:elsewhere\nid:1\n\n\0"));

    for (var chunk : new int[] {1, 7, stream.length}) {
      var fresh = new EmbeddedChannel(new StompFrameGuard(NOTIFICATIONS, LIMIT));
      writeInChunks(fresh, stream, chunk);

      assertArrayEquals(stream, forwarded(fresh), "in chunks of " + chunk);
      assertNull(fresh.readOutbound(), "in chunks of " + chunk);
      assertTrue(fresh.isOpen());
    }
  }

  @Test
  void aDeclaredLengthOverTheLimitIsRefusedBeforeAnyBodyByteAndTheConnectionClosesAtTheFrameEnd() {
    var head = ascii(send(NOTIFICATIONS, "big", LIMIT + 1) + "\n");

    channel.writeInbound(Unpooled.wrappedBuffer(concat(head, pad(100))));

    assertArrayEquals(head, forwarded(channel));
    var error = outbound(channel);
    assertTrue(error.startsWith("ERROR\n"), error);
    assertTrue(error.contains("\nreceipt-id:big\n"), error);
    assertTrue(error.contains(NOTIFICATIONS + " accepts messages of at most " + LIMIT), error);
    assertTrue(channel.isOpen(), "closed before the client could have read the error");

    channel.writeInbound(Unpooled.wrappedBuffer(concat(pad(LIMIT + 1 - 100), ascii("\0"))));

    assertArrayEquals(new byte[0], forwarded(channel));
    assertFalse(channel.isOpen());
  }

  @Test
  void aTextBodyIsRefusedOnceItPassesTheLimitWithoutItsNul() {
    var head = ascii(send(NOTIFICATIONS, "text", null) + "\n");

    writeInChunks(channel, concat(head, pad(3 * LIMIT)), 100);

    var forwarded = forwarded(channel);
    assertTrue(forwarded.length <= head.length + LIMIT, "forwarded " + forwarded.length);
    assertTrue(outbound(channel).contains("\nreceipt-id:text\n"));
    assertTrue(channel.isOpen());

    channel.writeInbound(Unpooled.wrappedBuffer(ascii("\0SEND\n")));

    assertArrayEquals(new byte[0], forwarded(channel));
    assertFalse(channel.isOpen());
  }

  @Test
  void aLargeMessageToAnotherAddressIsLeftToTheBroker() {
    var stream = concat(ascii(send("reveille.elsewhere", "r", null) + "\n"), pad(5 * LIMIT));

    channel.writeInbound(Unpooled.wrappedBuffer(stream));

    assertArrayEquals(stream, forwarded(channel));
    assertNull(channel.readOutbound());
  }

  @Test
  void headersOverTheLimitAreRefusedWhateverTheFrame() {
    var head = ascii("SUBSCRIBE\nid:1\nx-filler:");

    channel.writeInbound(Unpooled.wrappedBuffer(concat(head, pad(2 * LIMIT))));

    assertTrue(forwarded(channel).length <= LIMIT + 1);
    var error = outbound(channel);
    assertTrue(error.contains("command and headers are more than " + LIMIT), error);
    assertFalse(error.contains("receipt-id"), error);
  }

  @Test
  void framesItCannotFollowExactlyAreLeftToTheBrokerForTheRestOfTheConnection() {
    var stream =
        concat(
            ascii(
                "SEND\ndestination:"
                    + NOTIFICATIONS
                    + "\ncontent-length:10\ncontent-length:20\n\n"),
            pad(5 * LIMIT),
            ascii("\0"));

    channel.writeInbound(Unpooled.wrappedBuffer(stream));

    assertArrayEquals(stream, forwarded(channel));
    assertNull(channel.readOutbound());
    assertTrue(channel.isOpen());
  }

  private static String send(String destination, String receipt, Integer contentLength) {
    return "SEND\ndestination:"
        + destination
        + "\ndestination-type:ANYCAST\nreceipt:"
        + receipt
        + "\n"
        + (contentLength == null ? "" : "content-length:" + contentLength + "\n");
  }

  private static void writeInChunks(EmbeddedChannel channel, byte[] stream, int chunk) {
    for (var at = 0; at < stream.length; at += chunk) {
      channel.writeInbound(
          Unpooled.wrappedBuffer(
              Arrays.copyOfRange(stream, at, Math.min(stream.length, at + chunk))));
    }
  }

  private static byte[] forwarded(EmbeddedChannel channel) {
    var out = new ByteArrayOutputStream();
    ByteBuf next;
    while ((next = channel.readInbound()) != null) {
      var bytes = new byte[next.readableBytes()];
      next.readBytes(bytes);
      next.release();
      out.writeBytes(bytes);
    }
    return out.toByteArray();
  }

  private static String outbound(EmbeddedChannel channel) {
    ByteBuf written = channel.readOutbound();
    try {
      return written.toString(StandardCharsets.UTF_8);
    } finally {
      written.release();
    }
  }

  private static void assertArrayEquals(byte[] expected, byte[] actual) {
    assertArrayEquals(expected, actual, "");
  }

  private static void assertArrayEquals(byte[] expected, byte[] actual, String context) {
    assertEquals(
        new String(expected, StandardCharsets.ISO_8859_1),
        new String(actual, StandardCharsets.ISO_8859_1),
        context);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] pad(int length) {
    var bytes = new byte[length];
    Arrays.fill(bytes, (byte) 'x');
    return bytes;
  }

  private static byte[] zeros(int length) {
    return new byte[length];
  }

  private static byte[] concat(byte[]... parts) {
    var out = new ByteArrayOutputStream();
    for (var part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
