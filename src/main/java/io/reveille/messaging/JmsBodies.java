package io.reveille.messaging;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads the JSON text of an incoming message. Producers send UTF-8 JSON as a text message, or as a
 * bytes message when their client (AMQP, MQTT, some STOMP clients) cannot say "text".
 */
public final class JmsBodies {

  /** Bodies above this size are not read into memory; such a message is dead-lettered. */
  public static final long MAX_BODY_BYTES = 4L * 1024 * 1024;

  /** The longest property value {@link #stringProperty} reads; a longer one counts as absent. */
  static final int MAX_PROPERTY_CHARS = 1024;

  private JmsBodies() {}

  /**
   * A string property of the message, or {@code null} when it is absent, not readable as a string
   * or longer than {@link #MAX_PROPERTY_CHARS} (a header such as {@code traceparent} is short; a
   * producer's oversized one is ignored, not parsed).
   */
  public static String stringProperty(Message message, String name) {
    try {
      var value = message.propertyExists(name) ? message.getStringProperty(name) : null;
      return value == null || value.length() > MAX_PROPERTY_CHARS ? null : value;
    } catch (JMSException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The body as text, or empty when the message type carries no text (map, object, stream messages)
   * or the body is larger than {@link #MAX_BODY_BYTES}.
   */
  public static Optional<String> text(Message message) throws JMSException {
    if (message instanceof TextMessage text) {
      var body = text.getText();
      // Bytes, not characters: a text of multi-byte characters may be three times its length.
      return body == null || body.length() > MAX_BODY_BYTES || utf8Length(body) > MAX_BODY_BYTES
          ? Optional.empty()
          : Optional.of(body);
    }
    if (message instanceof BytesMessage bytes) {
      var length = bytes.getBodyLength();
      if (length > MAX_BODY_BYTES) {
        return Optional.empty();
      }
      var buffer = new byte[(int) length];
      bytes.readBytes(buffer);
      return Optional.of(new String(buffer, StandardCharsets.UTF_8));
    }
    return Optional.empty();
  }

  /** The length of {@code text} in UTF-8 bytes, without encoding it. */
  static long utf8Length(CharSequence text) {
    long bytes = 0;
    for (var i = 0; i < text.length(); i++) {
      var c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /** A short description of a message's type for a dead-letter reason. */
  public static String describe(Message message) {
    var type = message.getClass().getInterfaces();
    return type.length > 0 ? type[0].getSimpleName() : message.getClass().getSimpleName();
  }
}
