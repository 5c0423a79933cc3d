package io.reveille.security.control;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What the transport a request came over allows. A browser that once reached the server over HTTPS
 * is told to use nothing else for a while ({@code Strict-Transport-Security}, sent over HTTPS only:
 * over plain HTTP it would mean nothing, RFC 6797). And once the operator has given the server a
 * key store of their own, a Basic password sent over plain HTTP is refused, so a client that would
 * keep sending it where anyone on the path can read it finds out at its first request rather than
 * never. The self-signed key store the server makes for itself does not count: that default listens
 * on loopback, where plain HTTP is what the README's first commands use.
 */
public final class TransportRules {

  /** {@code reveille.http.plain-http-basic}: whether Basic over plain HTTP is refused. */
  public enum PlainHttpBasic {
    /** Refused once {@code reveille.tls.keystore} names a key store of the operator's. */
    AUTO,
    ALLOWED,
    REFUSED;

    /**
     * @throws IllegalArgumentException naming the allowed values
     */
    public static PlainHttpBasic parse(String setting) {
      try {
        return valueOf(setting.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "reveille.http.plain-http-basic must be auto, allowed or refused, not '"
                + setting
                + "'",
            e);
      }
    }
  }

  /** The key store the server creates for itself, relative to the data directory. */
  static final Path GENERATED_KEY_STORE = Path.of("security", "key.p12");

  private final boolean refusePlainBasic;
  private final long hstsMaxAgeSeconds;

  /**
   * @param operatorKeyStore whether TLS is configured with a key store of the operator's ({@link
   *     #operatorKeyStore})
   * @param hstsMaxAgeSeconds how long a browser keeps to HTTPS; 0 tells it to forget
   */
  public TransportRules(
      PlainHttpBasic plainBasic, boolean operatorKeyStore, long hstsMaxAgeSeconds) {
    if (hstsMaxAgeSeconds < 0) {
      throw new IllegalArgumentException("reveille.http.hsts-max-age-seconds must not be negative");
    }
    this.refusePlainBasic =
        switch (plainBasic) {
          case ALLOWED -> false;
          case REFUSED -> true;
          case AUTO -> operatorKeyStore;
        };
    this.hstsMaxAgeSeconds = hstsMaxAgeSeconds;
  }

  /**
   * Whether {@code keyStore} (the setting {@code reveille.tls.keystore}) is a key store of the
   * operator's rather than the one the server generated in {@code dataDirectory}.
   */
  public static boolean operatorKeyStore(
      Optional<String> keyStore, Optional<String> dataDirectory) {
    var named = keyStore.map(String::strip).filter(s -> !s.isEmpty() && !s.contains("${"));
    if (named.isEmpty()) {
      return false;
    }
    try {
      var path = Path.of(named.get()).toAbsolutePath().normalize();
      var generated =
          dataDirectory
              .map(String::strip)
              .filter(s -> !s.isEmpty())
              .map(dir -> Path.of(dir).resolve(GENERATED_KEY_STORE).toAbsolutePath().normalize());
      return generated.isEmpty() || !generated.get().equals(path);
    } catch (InvalidPathException e) {
      return true;
    }
  }

  public boolean refusesPlainBasic() {
    return refusePlainBasic;
  }

  /** The {@code Strict-Transport-Security} value a response carries: over HTTPS only. */
  public Optional<String> strictTransportSecurity(boolean secure) {
    return secure ? Optional.of("max-age=" + hstsMaxAgeSeconds) : Optional.empty();
  }

  /**
   * Refuses HTTP Basic credentials sent over plain HTTP when TLS is configured; answers why, or
   * nothing. Any {@code Basic} header counts, well-formed or not: the password has travelled either
   * way.
   */
  public Optional<String> plainHttpBasic(boolean secure, String authorization) {
    if (secure || !refusePlainBasic || authorization == null) {
      return Optional.empty();
    }
    var value = authorization.strip();
    if (value.length() < 6
        || !value.regionMatches(true, 0, "basic", 0, 5)
        || !Character.isWhitespace(value.charAt(5))) {
      return Optional.empty();
    }
    return Optional.of(
        "HTTP Basic credentials over plain HTTP are refused: this server has TLS configured, so"
            + " send them over HTTPS (or use a bearer token); the password sent with this request"
            + " has crossed the network unencrypted, change it if the network is not trusted."
            + " reveille.http.plain-http-basic=allowed permits Basic over plain HTTP");
  }
}
