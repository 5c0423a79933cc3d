package io.reveille.messaging.broker;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Refuses an oversized STOMP frame while it arrives, before the broker has read it whole: one per
 * STOMP connection, in front of Artemis's own handler, installed by {@link MessageSizeLimit}.
 *
 * <p>Why: Artemis's STOMP decoder holds a frame in one array that it grows by exactly what each
 * network read brings, copying all it has so far every time, and only a whole frame reaches {@link
 * MessageSizeLimit}'s check. A 64 MiB frame read 64 KiB at a time so costs the broker some 32 GiB
 * of copying (seconds to tens of seconds of a core, and the heap for two copies) before it is
 * refused. This follows the frames' boundaries in the byte stream instead and refuses, as soon as
 * it is known:
 *
 * <ul>
 *   <li>a {@code SEND} to the limited address whose body is larger than the limit: at once when its
 *       {@code content-length} says so, otherwise when that many body bytes have come without the
 *       frame's closing NUL;
 *   <li>any frame whose command and headers alone are larger than the limit.
 * </ul>
 *
 * <p>A refused frame gets an {@code ERROR} frame (with the {@code receipt-id} of its receipt,
 * naming the limit), and the rest of it is read and thrown away, so that a client that writes a
 * frame whole before it reads reads the error rather than a reset connection; the connection is
 * closed at the frame's end (STOMP closes a connection after an error), or once {@value
 * #DISCARD_BOUND} bytes have been thrown away. The body limit counts bytes as sent, where the
 * plugin counts the message the broker makes of them (a text body in UTF-16): a body over the limit
 * is over it in either count, but for text of mostly three-byte UTF-8 characters, which no batch
 * Reveille reads can be at that size (4 MiB of UTF-8 at most).
 *
 * <p>It steps aside, passing everything on unchecked for the rest of the connection, at anything it
 * does not follow exactly (a header line without a colon, a {@code content-length} that is not a
 * number or differs from an earlier one): then {@link MessageSizeLimit} still refuses the whole
 * frame, only later. So a client can only make its own refusal slower, never get past the limit.
 *
 * <p>Netty calls it on the connection's event loop only, so its state needs no locking.
 */
final class StompFrameGuard extends ChannelInboundHandlerAdapter {

  /** Its name in the connection's pipeline. */
  static final String NAME = "reveille-stomp-frame-guard";

  /** What it throws away of a refused frame before it closes the connection anyway. */
  static final long DISCARD_BOUND = 1L << 30;

  private static final Logger LOG = Logger.getLogger(StompFrameGuard.class.getName());

  private enum State {
    /** Between frames: end-of-line bytes (heart-beats, or after a frame's NUL) are skipped. */
    BETWEEN,
    COMMAND,
    HEADERS,
    /** A body of a declared length, then one byte (the NUL) that ends the frame. */
    BODY_BY_LENGTH,
    TERMINATOR,
    /** A body without a declared length: up to the first NUL. */
    BODY_TO_NUL,
    /** Stepped aside: everything passes unchecked. */
    OFF,
    /** A refused frame has ended: everything is thrown away until the connection closes. */
    CLOSING
  }

  private final String address;
  private final long maxBytes;
  private final int maxLine;

  private State state = State.BETWEEN;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private boolean lineCut;
  private long headBytes;
  private boolean send;
  private boolean toAddress;
  private long contentLength;
  private long body;
  private String receipt;

  private boolean refused;

  /** Where, in the buffer being read, the frame was refused. */
  private int refusalAt;

  private ChannelFuture errorSent;
  private long discarded;

  /**
   * @param address the address whose messages are limited (as a {@code SEND}'s {@code destination}
   *     names it; STOMP escapes none of its characters)
   * @param maxBytes the largest body of a {@code SEND} to it, and the largest head of any frame
   */
  StompFrameGuard(String address, long maxBytes) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("the limit must be positive, not " + maxBytes);
    }
    this.address = address;
    this.maxBytes = maxBytes;
    // Long enough for every header line it reads the value of (a destination that is not the
    // address may be cut: it is not the address either way).
    this.maxLine = Math.max(1024, address.length() * 4 + 64);
    startFrame();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (state == State.OFF || !(msg instanceof ByteBuf in)) {
      ctx.fireChannelRead(msg);
      return;
    }
    var from = in.readerIndex();
    var end = in.writerIndex();
    // Bytes before forwardEnd go on to Artemis; from a refusal on, none do.
    var forwardEnd = refused ? from : end;
    var i = from;
    while (i < end && state != State.OFF && state != State.CLOSING) {
      var wasRefused = refused;
      i = advance(ctx, in, i, end);
      if (refused && !wasRefused) {
        forwardEnd = refusalAt;
      }
    }
    if (forwardEnd == end) {
      ctx.fireChannelRead(in);
      return;
    }
    discarded += end - forwardEnd;
    try {
      if (forwardEnd > from) {
        ctx.fireChannelRead(in.retainedSlice(from, forwardEnd - from));
      }
    } finally {
      in.release();
    }
    if (discarded > DISCARD_BOUND && state != State.CLOSING) {
      state = State.CLOSING;
      ctx.close();
    }
  }

  /** Reads from {@code i} as far as the current state goes; the index it read up to. */
  private int advance(ChannelHandlerContext ctx, ByteBuf in, int i, int end) {
    switch (state) {
      case BETWEEN -> {
        var b = in.getByte(i);
        if (b == '\n' || b == '\r') {
          return i + 1;
        }
        state = State.COMMAND;
        return i;
      }
      case COMMAND, HEADERS -> {
        var newline = in.indexOf(i, end, (byte) '\n');
        var stop = newline < 0 ? end : newline;
        keep(in, i, stop);
        headBytes += stop - i + (newline < 0 ? 0 : 1);
        if (headBytes > maxBytes && !refused) {
          refuse(ctx, i, false);
        }
        if (newline < 0) {
          return end;
        }
        endOfLine(ctx, newline + 1);
        return newline + 1;
      }
      case BODY_BY_LENGTH -> {
        var n = (int) Math.min(contentLength - body, end - i);
        body += n;
        if (body == contentLength) {
          state = State.TERMINATOR;
        }
        return i + n;
      }
      case TERMINATOR -> {
        endOfFrame(ctx);
        return i + 1;
      }
      case BODY_TO_NUL -> {
        var nul = in.indexOf(i, end, (byte) 0);
        var stop = nul < 0 ? end : nul;
        body += stop - i;
        if (guarded() && body > maxBytes && !refused) {
          refuse(ctx, i, true);
        }
        if (nul < 0) {
          return end;
        }
        endOfFrame(ctx);
        return nul + 1;
      }
      default -> throw new IllegalStateException(state.name());
    }
  }

  private void keep(ByteBuf in, int from, int to) {
    var n = Math.min(to - from, maxLine - line.size());
    if (n > 0) {
      var bytes = new byte[n];
      in.getBytes(from, bytes);
      line.write(bytes, 0, n);
    }
    if (n < to - from) {
      lineCut = true;
    }
  }

  private void endOfLine(ChannelHandlerContext ctx, int next) {
    var text = line.toString(StandardCharsets.UTF_8);
    if (text.endsWith("\r")) {
      text = text.substring(0, text.length() - 1);
    }
    var cut = lineCut;
    line.reset();
    lineCut = false;
    if (state == State.COMMAND) {
      send = !cut && text.equals("SEND");
      state = State.HEADERS;
      return;
    }
    if (text.isEmpty() && !cut) {
      endOfHeaders(ctx, next);
      return;
    }
    var colon = text.indexOf(':');
    if (colon < 0) {
      stepAside(ctx);
      return;
    }
    var name = text.substring(0, colon);
    var value = text.substring(colon + 1);
    var start = 0;
    while (start < value.length() && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
      start++;
    }
    value = value.substring(start);
    switch (name) {
      case "content-length" -> contentLength(ctx, cut ? null : value);
      case "destination" -> toAddress |= !cut && value.equals(address);
      case "receipt" -> {
        if (receipt == null && !cut) {
          receipt = value;
        }
      }
      default -> {
        // Not one it needs.
      }
    }
  }

  private void contentLength(ChannelHandlerContext ctx, String value) {
    if (value == null
        || value.isEmpty()
        || value.length() > 18
        || !value.chars().allMatch(Character::isDigit)) {
      stepAside(ctx);
      return;
    }
    var length = Long.parseLong(value);
    if (contentLength >= 0 && contentLength != length) {
      stepAside(ctx);
      return;
    }
    contentLength = length;
  }

  private void endOfHeaders(ChannelHandlerContext ctx, int next) {
    if (state == State.OFF) {
      return;
    }
    if (contentLength < 0) {
      state = State.BODY_TO_NUL;
      return;
    }
    if (guarded() && contentLength > maxBytes && !refused) {
      refuse(ctx, next, true);
    }
    state = contentLength == 0 ? State.TERMINATOR : State.BODY_BY_LENGTH;
  }

  private boolean guarded() {
    return send && toAddress;
  }

  private void endOfFrame(ChannelHandlerContext ctx) {
    if (refused) {
      state = State.CLOSING;
      errorSent.addListener(ChannelFutureListener.CLOSE);
      return;
    }
    state = State.BETWEEN;
    startFrame();
  }

  private void startFrame() {
    headBytes = 0;
    send = false;
    toAddress = false;
    contentLength = -1;
    body = 0;
    receipt = null;
  }

  /** Something it does not follow exactly: Artemis reads it, and the plugin checks it whole. */
  private void stepAside(ChannelHandlerContext ctx) {
    if (refused) {
      state = State.CLOSING;
      errorSent.addListener(ChannelFutureListener.CLOSE);
      return;
    }
    state = State.OFF;
    LOG.log(
        Level.FINE,
        "Not following the STOMP frames from {0} any further: the broker checks them whole",
        ctx.channel().remoteAddress());
  }

  private void refuse(ChannelHandlerContext ctx, int at, boolean headersRead) {
    refused = true;
    refusalAt = at;
    var reason =
        (headersRead
                ? "a message of more than "
                : "a STOMP frame whose command and headers are more than ")
            + maxBytes
            + " bytes refused";
    var text =
        headersRead
            ? address + " accepts messages of at most " + maxBytes + " bytes"
            : "the broker reads at most " + maxBytes + " bytes of a STOMP frame's headers";
    var frame = new StringBuilder("ERROR\nmessage:").append(reason).append('\n');
    if (headersRead && receipt != null) {
      frame.append("receipt-id:").append(receipt).append('\n');
    }
    var body = text.getBytes(StandardCharsets.UTF_8);
    frame
        .append("content-type:text/plain\ncontent-length:")
        .append(body.length)
        .append("\n\n")
        .append(text)
        .append('\0');
    errorSent = ctx.writeAndFlush(Unpooled.copiedBuffer(frame.toString(), StandardCharsets.UTF_8));
    LOG.log(
        Level.WARNING,
        "Refused a STOMP frame from {0}: {1} ({2})",
        new Object[] {ctx.channel().remoteAddress(), reason, text});
  }
}
