package io.reveille.security.control;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/** What a request's {@code Authorization} header presents, read without trusting any of it. */
public sealed interface PresentedCredentials {

  /** The longest header accepted; a bearer token or a Basic pair is far shorter. */
  int MAX_HEADER_LENGTH = 16 * 1024;

  record Basic(String user, String password) implements PresentedCredentials {
    @Override
    public String toString() {
      return "Basic[user=" + user + "]";
    }
  }

  record Bearer(String token) implements PresentedCredentials {
    @Override
    public String toString() {
      return "Bearer[...]";
    }
  }

  /** A header that is no usable credential; the reason names the defect, never the content. */
  record Malformed(String reason) implements PresentedCredentials {}

  static PresentedCredentials parse(String header) {
    if (header.length() > MAX_HEADER_LENGTH) {
      return new Malformed("the Authorization header is longer than " + MAX_HEADER_LENGTH);
    }
    var value = header.strip();
    var space = value.indexOf(' ');
    if (space < 0) {
      return new Malformed(
          "the Authorization header must be 'Basic <credentials>' or 'Bearer <token>'");
    }
    var scheme = value.substring(0, space).toLowerCase(Locale.ROOT);
    var rest = value.substring(space + 1).strip();
    return switch (scheme) {
      case "basic" -> basic(rest);
      case "bearer" ->
          rest.isEmpty() || rest.contains(" ")
              ? new Malformed("the bearer token is empty or contains spaces")
              : new Bearer(rest);
      default -> new Malformed("the Authorization scheme must be Basic or Bearer");
    };
  }

  private static PresentedCredentials basic(String encoded) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(encoded);
    } catch (IllegalArgumentException e) {
      return new Malformed("the Basic credentials are not Base64");
    }
    String pair;
    try {
      pair =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      return new Malformed("the Basic credentials are not UTF-8");
    }
    var colon = pair.indexOf(':');
    if (colon < 0) {
      return new Malformed("the Basic credentials must be user:password");
    }
    return new Basic(pair.substring(0, colon), pair.substring(colon + 1));
  }
}
