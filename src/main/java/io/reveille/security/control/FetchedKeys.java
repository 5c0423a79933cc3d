package io.reveille.security.control;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * The trusted keys at {@code mp.jwt.verify.publickey.location}: a file, or a JWK Set served over
 * {@code https:}. Plain {@code http:} is refused, as whoever sits on the network path could hand
 * this server their own keys and then sign tokens for any caller.
 *
 * <p>An identity provider rotates by publishing a new key before it signs with it, so a token that
 * names a key id not held yet has the keys read again: by one caller at a time, at most once per
 * {@link #REFETCH_AT_MOST_EVERY}; the callers that waited meanwhile use what that read found.
 * Tokens with unknown key ids, sent in any number, so cost the identity provider at most one
 * request a minute. A read that fails keeps the keys held.
 */
final class FetchedKeys implements JWKSource<SecurityContext> {

  static final Duration REFETCH_AT_MOST_EVERY = Duration.ofMinutes(1);

  private static final Logger LOG = Logger.getLogger(FetchedKeys.class.getName());
  private static final int TIMEOUT_MILLIS = 10_000;
  private static final int MAX_KEY_DOCUMENT = 256 * 1024;

  /** Reads the key document; a seam for tests. */
  @FunctionalInterface
  interface Reader {
    String read() throws IOException;
  }

  private final Reader reader;
  private final JwtVerifier.Algorithm algorithm;
  private final Clock clock;
  private volatile TrustedKeys keys;
  private Instant readAt; // guarded by this

  /**
   * Reads the keys at {@code location} once, so that a wrong location stops the start rather than
   * the first caller.
   *
   * @throws IllegalArgumentException when the location is not a file or an https: URL, or holds no
   *     usable key
   * @throws IllegalStateException when the keys cannot be read there
   */
  static FetchedKeys at(String location, JwtVerifier.Algorithm algorithm, Clock clock) {
    var url = url(location.strip());
    var retriever =
        new DefaultResourceRetriever(TIMEOUT_MILLIS, TIMEOUT_MILLIS, MAX_KEY_DOCUMENT, false);
    return new FetchedKeys(() -> retriever.retrieveResource(url).getContent(), algorithm, clock);
  }

  FetchedKeys(Reader reader, JwtVerifier.Algorithm algorithm, Clock clock) {
    this.reader = Objects.requireNonNull(reader, "reader");
    this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
    this.clock = Objects.requireNonNull(clock, "clock");
    String text;
    try {
      text = reader.read();
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot read the token verification keys (" + e.getMessage() + ")", e);
    }
    keys = TrustedKeys.parse(text, algorithm);
    readAt = clock.instant();
  }

  @Override
  public List<JWK> get(JWKSelector selector, SecurityContext context) {
    var held = keys;
    var found = held.get(selector, context);
    return found.isEmpty() ? readAgain(held).get(selector, context) : found;
  }

  /**
   * The keys after reading them again, unless another caller did since {@code seen} was current or
   * the last read is too recent: then the keys held.
   */
  private synchronized TrustedKeys readAgain(TrustedKeys seen) {
    var now = clock.instant();
    if (keys != seen || now.isBefore(readAt.plus(REFETCH_AT_MOST_EVERY))) {
      return keys;
    }
    readAt = now; // a failing read is retried no sooner than a successful one
    try {
      keys = TrustedKeys.parse(reader.read(), algorithm);
    } catch (IOException | RuntimeException e) {
      LOG.warning(
          () ->
              "Token verification keys not refreshed, the ones held stay: "
                  + e.getClass().getSimpleName());
    }
    return keys;
  }

  /** The location as a URL: https:, file:, or a path (a file). */
  private static URL url(String location) {
    var scheme =
        location.matches("[A-Za-z][A-Za-z0-9+.-]*:.*")
            ? location.substring(0, location.indexOf(':')).toLowerCase(Locale.ROOT)
            : "";
    if (!List.of("", "https", "file").contains(scheme)) {
      throw new IllegalArgumentException(
          "mp.jwt.verify.publickey.location must be an https: URL, a file: URL or a file path,"
              + " not a "
              + scheme
              + ": URL: whoever could change the keys on their way would sign tokens this server"
              + " trusts");
    }
    try {
      return scheme.isEmpty() ? Path.of(location).toUri().toURL() : URI.create(location).toURL();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "mp.jwt.verify.publickey.location is not a valid URL or path ("
              + e.getClass().getSimpleName()
              + ")",
          e);
    }
  }
}
