package io.reveille.security.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Bearer-token verification as MicroProfile JWT configures it: {@code mp.jwt.verify.issuer}, {@code
 * mp.jwt.verify.audiences}, and the key as text ({@code mp.jwt.verify.publickey}: PEM, JWK or JWK
 * Set) or as a location ({@code mp.jwt.verify.publickey.location}: a file or an http(s) JWKS URL,
 * fetched again when a token names a key it does not hold yet, at most once a minute). With neither
 * key setting, bearer tokens are refused and only the built-in users can sign in. A key without an
 * issuer stops the start: a token from anyone holding the key would be trusted.
 */
@ApplicationScoped
public class BearerTokens {

  private static final Logger LOG = Logger.getLogger(BearerTokens.class.getName());
  private static final Duration REFETCH_AT_MOST_EVERY = Duration.ofMinutes(1);
  private static final int MAX_KEY_DOCUMENT = 256 * 1024;

  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.publickey")
  Optional<String> publicKey;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.publickey.location")
  Optional<String> location;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.issuer")
  Optional<String> issuer;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.audiences")
  Optional<String> audiences;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.publickey.algorithm", defaultValue = "RS256")
  String algorithm;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.clock.skew", defaultValue = "60")
  long clockSkewSeconds;

  private Optional<JwtVerifier> verifier;

  /** Settles verification once; a key without an issuer fails the bean, and so the start. */
  @PostConstruct
  void load() {
    verifier = build();
  }

  /** Creates this bean when the application starts, not on the first bearer token. */
  void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
    verifier.isPresent();
  }

  /** The verifier, or empty when no key is configured and bearer tokens are refused. */
  public Optional<JwtVerifier> verifier() {
    return verifier;
  }

  private Optional<JwtVerifier> build() {
    var text = publicKey.filter(k -> !k.isBlank());
    var where = location.filter(l -> !l.isBlank());
    if (text.isEmpty() && where.isEmpty()) {
      LOG.info("Bearer tokens are refused: neither mp.jwt.verify.publickey nor .location is set");
      return Optional.empty();
    }
    var alg = algorithm(algorithm);
    var settings =
        new JwtVerifier.Settings(
            issuer
                .filter(i -> !i.isBlank())
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "mp.jwt.verify.issuer (MP_JWT_VERIFY_ISSUER) must be set when a"
                                + " token verification key is")),
            audiences.map(BearerTokens::list).orElse(Set.of()),
            alg,
            Duration.ofSeconds(requireSkew(clockSkewSeconds)));
    JwtVerifier.KeySource keys =
        text.isPresent()
            ? TrustedKeys.parse(text.get(), alg)
            : new FetchedKeys(where.get(), alg, clock);
    if (keys instanceof FetchedKeys fetched) {
      fetched.load(); // a wrong location fails the start, not the first caller
    }
    LOG.info(
        () ->
            "Bearer tokens: "
                + alg
                + " from issuer "
                + settings.issuer()
                + (settings.audiences().isEmpty()
                    ? ""
                    : " for audiences " + String.join(",", settings.audiences())));
    return Optional.of(new JwtVerifier(settings, keys, clock));
  }

  static JwtVerifier.Algorithm algorithm(String name) {
    try {
      return JwtVerifier.Algorithm.valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "mp.jwt.verify.publickey.algorithm must be RS256 or ES256, not '" + name + "'");
    }
  }

  private static long requireSkew(long seconds) {
    if (seconds < 0 || seconds > 600) {
      throw new IllegalStateException(
          "mp.jwt.verify.clock.skew must be 0..600 seconds, not " + seconds);
    }
    return seconds;
  }

  static Set<String> list(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(","))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }

  /** Keys read from a file or a JWKS URL, read again for a key id not seen yet. */
  static final class FetchedKeys implements JwtVerifier.KeySource {
    private final String location;
    private final JwtVerifier.Algorithm algorithm;
    private final Clock clock;
    private final HttpClient http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private volatile TrustedKeys keys;
    private volatile Instant loadedAt = Instant.MIN;

    FetchedKeys(String location, JwtVerifier.Algorithm algorithm, Clock clock) {
      this.location = location.strip();
      this.algorithm = algorithm;
      this.clock = clock;
    }

    synchronized void load() {
      String text;
      try {
        text = read();
      } catch (IOException e) {
        throw new IllegalStateException(
            "cannot read the token verification keys at " + location + ": " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted reading " + location, e);
      }
      keys = TrustedKeys.parse(text, algorithm);
      loadedAt = clock.instant();
    }

    @Override
    public PublicKey key(Optional<String> keyId) throws JwtVerifier.InvalidToken {
      try {
        return keys.key(keyId);
      } catch (JwtVerifier.InvalidToken unknown) {
        if (clock.instant().isBefore(loadedAt.plus(REFETCH_AT_MOST_EVERY))) {
          throw unknown;
        }
        try {
          load();
        } catch (RuntimeException e) {
          LOG.warning(() -> "Token verification keys not refreshed: " + e.getMessage());
          throw unknown;
        }
        return keys.key(keyId);
      }
    }

    private String read() throws IOException, InterruptedException {
      var uri =
          location.contains("://") || location.startsWith("file:") ? URI.create(location) : null;
      if (uri == null || "file".equals(uri.getScheme())) {
        var path = uri == null ? Path.of(location) : Path.of(uri);
        if (Files.size(path) > MAX_KEY_DOCUMENT) {
          throw new IOException("larger than " + MAX_KEY_DOCUMENT + " bytes");
        }
        return Files.readString(path, StandardCharsets.UTF_8);
      }
      if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
        throw new IOException("the location must be a file, an http or an https URL");
      }
      var response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
              HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      if (response.statusCode() != 200) {
        throw new IOException("answered HTTP " + response.statusCode());
      }
      if (response.body().length() > MAX_KEY_DOCUMENT) {
        throw new IOException("larger than " + MAX_KEY_DOCUMENT + " bytes");
      }
      return response.body();
    }
  }
}
